import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** A reader of messages: the account, its role and whether follow-sale news reach its header. */
export interface MessageReader {
  tenantId: number;
  userId: number;
  auth: number;
}

/** A new message (to `userId`, or to every account of `role` in the tenant). */
export interface NewMessage {
  userId?: number | null;
  role?: number | null;
  source: string;
  category?: string;
  title: string;
  body?: string;
  link?: string;
}

/** Inserts messages of one tenant; answers their ids. */
export async function insertMessages(db: Db, tenantId: number, rows: NewMessage[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const r = await db
    .insertInto('messages')
    .values(
      rows.map((m) => ({
        tenant_id: tenantId,
        user_id: m.userId ?? null,
        role: m.userId ? null : (m.role ?? null),
        source: m.source,
        category: m.category ?? 'system',
        title: m.title.slice(0, 500),
        body: (m.body ?? '').slice(0, 4000),
        link: (m.link ?? '').slice(0, 500),
      })),
    )
    .returning('id')
    .execute();
  return r.map((x) => Number(x.id));
}

/** The reader's messages (to the account, or to its role), narrowed by the filters. */
function readerMessages(
  db: Db,
  r: MessageReader,
  f: { unread?: boolean; source?: string; excludeCategory?: string | null },
) {
  let q = db
    .selectFrom('messages as m')
    .leftJoin('message_reads as mr', (j) => j.onRef('mr.message_id', '=', 'm.id').on('mr.user_id', '=', r.userId))
    .where('m.tenant_id', '=', r.tenantId)
    .where((eb) =>
      eb.or([eb('m.user_id', '=', r.userId), eb.and([eb('m.user_id', 'is', null), eb('m.role', '=', r.auth)])]),
    );
  if (f.unread) q = q.where('mr.message_id', 'is', null);
  if (f.source) q = q.where('m.source', '=', f.source);
  if (f.excludeCategory) q = q.where('m.category', '<>', f.excludeCategory);
  return q;
}

/** A page of the reader's messages, newest first, with the read mark. */
export async function listMessages(
  db: Db,
  r: MessageReader,
  f: { unread?: boolean; source?: string; excludeCategory?: string | null; limit: number; offset: number },
) {
  return readerMessages(db, r, f)
    .select([
      'm.id',
      'm.source',
      'm.category',
      'm.title',
      'm.body',
      'm.link',
      'm.created_at',
      sql<boolean>`mr.message_id is not null`.as('read'),
    ])
    .orderBy('m.id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
}

/** How many of the reader's messages match (all or unread). */
export async function countMessages(
  db: Db,
  r: MessageReader,
  f: { unread?: boolean; source?: string; excludeCategory?: string | null },
): Promise<number> {
  const row = await readerMessages(db, r, f)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the reader's messages read (the given ids, or all); answers how many were newly marked. */
export async function markMessagesRead(db: Db, r: MessageReader, ids: number[] | 'all'): Promise<number> {
  let q = readerMessages(db, r, { unread: true }).select([
    sql<number>`m.id`.as('message_id'),
    sql<number>`${r.userId}::integer`.as('user_id'),
  ]);
  if (ids !== 'all') q = q.where('m.id', 'in', ids.length ? ids : [0]);
  const res = await db
    .insertInto('message_reads')
    .columns(['message_id', 'user_id'])
    .expression(q)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}
