import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** A reader of messages: the account, its role and whether follow-sale news reach its header. */
export interface MessageReader {
  tenantId: number;
  userId: number;
  auth: number;
}

/** A new message (to `userId`, to every account of `role`, or with `everyone` to every account of the tenant). */
export interface NewMessage {
  userId?: number | null;
  role?: number | null;
  everyone?: boolean;
  source: string;
  category?: string;
  title: string;
  body?: string;
  link?: string;
  /** A repeated condition posts once while a message of the tenant holds this key. */
  dedupeKey?: string;
}

/** Inserts messages of one tenant; answers their ids. */
export async function insertMessages(db: Db, tenantId: number, rows: NewMessage[]): Promise<number[]> {
  if (rows.length === 0) return [];
  for (const m of rows)
    if (!m.userId && m.role == null && !m.everyone) throw new Error('a message needs userId, role or everyone');
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
        dedupe_key: m.dedupeKey ?? null,
      })),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'dedupe_key']).doNothing())
    .returning('id')
    .execute();
  return r.map((x) => Number(x.id));
}

/** Ends a repeated condition: the next occurrence of these keys (and of their `key#role` copies) posts again. */
export async function clearDedupeKeys(db: Db, tenantId: number, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .updateTable('messages')
    .set({ dedupe_key: null })
    .where('tenant_id', '=', tenantId)
    .where('dedupe_key', 'is not', null)
    .where((eb) =>
      eb.or(
        keys.flatMap((k) => [eb('dedupe_key', '=', k), eb(sql`starts_with(dedupe_key, ${`${k}#`})`, '=', sql`true`)]),
      ),
    )
    .execute();
}

/** The read-state filter of a list: unread only, read only, or both. */
export interface MessageFilter {
  unread?: boolean;
  read?: boolean;
  source?: string;
  excludeCategory?: string | null;
}

/** The reader's messages (to the account, its role or the whole tenant), narrowed by the filters. */
function readerMessages(db: Db, r: MessageReader, f: MessageFilter) {
  let q = db
    .selectFrom('messages as m')
    .leftJoin('message_reads as mr', (j) =>
      j.onRef('mr.message_id', '=', 'm.id').on('mr.user_id', '=', r.userId).on('mr.tenant_id', '=', r.tenantId),
    )
    .where('m.tenant_id', '=', r.tenantId)
    .where((eb) =>
      eb.or([
        eb('m.user_id', '=', r.userId),
        eb.and([eb('m.user_id', 'is', null), eb('m.role', '=', r.auth)]),
        eb.and([eb('m.user_id', 'is', null), eb('m.role', 'is', null)]),
      ]),
    );
  if (f.unread) q = q.where('mr.message_id', 'is', null);
  if (f.read) q = q.where('mr.message_id', 'is not', null);
  if (f.source) q = q.where('m.source', '=', f.source);
  if (f.excludeCategory) q = q.where('m.category', '<>', f.excludeCategory);
  return q;
}

/** A page of the reader's messages, newest first, with the read mark. */
export async function listMessages(db: Db, r: MessageReader, f: MessageFilter & { limit: number; offset: number }) {
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
export async function countMessages(db: Db, r: MessageReader, f: MessageFilter): Promise<number> {
  const row = await readerMessages(db, r, f)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the reader's messages read (the given ids, or all); answers how many were newly marked. */
export async function markMessagesRead(db: Db, r: MessageReader, ids: number[] | 'all'): Promise<number> {
  let q = readerMessages(db, r, { unread: true }).select([
    sql<number>`m.tenant_id`.as('tenant_id'),
    sql<number>`m.id`.as('message_id'),
    sql<number>`${r.userId}::integer`.as('user_id'),
  ]);
  if (ids !== 'all') q = q.where('m.id', 'in', ids.length ? ids : [0]);
  const res = await db
    .insertInto('message_reads')
    .columns(['tenant_id', 'message_id', 'user_id'])
    .expression(q)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}
