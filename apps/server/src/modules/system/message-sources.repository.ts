import type { UploadItemStatus } from '@console/shared/schemas/upload';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/**
 * The SQL behind the messages areas post (issue 31 §2, docs/messages.md): the operator's notices
 * and the facts the reminders read (warning thresholds, expiring accounts and shop authorizations).
 */

/** A notice of the operator, to every account (role null) or a role of each tenant it reaches. */
export interface NoticeRow {
  role: number | null;
  title: string;
  body: string;
}

/** Posts the notice to every tenant (each main account's tenant) in one statement; answers how many. */
export async function insertNoticeForAll(db: Db, n: NoticeRow): Promise<number> {
  const r = await db
    .insertInto('messages')
    .columns(['tenant_id', 'user_id', 'role', 'source', 'category', 'title', 'body'])
    .expression(
      db
        .selectFrom('users')
        .select([
          'tenant_id',
          sql<null>`null::integer`.as('user_id'),
          sql<number | null>`${n.role}::smallint`.as('role'),
          sql<string>`'notice'`.as('source'),
          sql<string>`'notice'`.as('category'),
          sql<string>`${n.title}`.as('title'),
          sql<string>`${n.body}`.as('body'),
        ])
        .where('parent_id', '=', 0)
        .whereRef('id', '=', 'tenant_id'),
    )
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0);
}

/** Whether the tenant exists (its main account). */
export async function tenantExists(db: Db, tenantId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', tenantId)
    .where('tenant_id', '=', tenantId)
    .where('parent_id', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

/** Active accounts among these ids, with their tenants. */
export function activeAccounts(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'tenant_id']).where('id', 'in', ids).where('status', '=', 1).execute();
}

/** The tenant's accounts that set a setting (e.g. the low-balance warning), with its stored value. */
export function settingHolders(db: Db, tenantId: number, key: string) {
  return db
    .selectFrom('user_settings')
    .select(['user_id', 'value'])
    .where('tenant_id', '=', tenantId)
    .where('key', '=', key)
    .execute();
}

/** Active accounts whose use ends between now and `until`. */
export function expiringAccounts(db: Db, until: Date) {
  return db
    .selectFrom('users')
    .select(['id', 'tenant_id', 'end_time'])
    .where('status', '=', 1)
    .where('end_time', 'is not', null)
    .where('end_time', '>', sql<Date>`now()`)
    .where('end_time', '<=', until)
    .orderBy('id')
    .execute();
}

/** Authorized shops authorized at or before `since` (their seller authorization ends a year after). */
export function shopsAuthorizedBefore(db: Db, since: Date) {
  return db
    .selectFrom('shops')
    .select(['id', 'tenant_id', 'name', 'authorized_at'])
    .where('auth_status', '=', 'authorized')
    .where('authorized_at', 'is not', null)
    .where('authorized_at', '<=', since)
    .orderBy('id')
    .execute();
}

/** The shop's authorization state (read before marking it lost, to post once per loss). */
export async function shopAuthState(db: Db, tenantId: number, shopId: number) {
  return db
    .selectFrom('shops')
    .select(['name', 'auth_status'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', shopId)
    .executeTakeFirst();
}

/** An upload queue's owner, shop and how many of its items did not go live. */
export async function uploadQueueEnd(db: Db, queueId: number, bad: readonly UploadItemStatus[]) {
  return db
    .selectFrom('upload_queues as q')
    .leftJoin('shops as s', (j) => j.onRef('s.id', '=', 'q.shop_id').onRef('s.tenant_id', '=', 'q.tenant_id'))
    .select((eb) => [
      'q.id',
      'q.tenant_id',
      'q.created_by',
      's.name as shop_name',
      eb
        .selectFrom('upload_items as i')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('i.queue_id', '=', 'q.id')
        .where('i.status', 'in', bad)
        .as('bad'),
      eb
        .selectFrom('upload_items as i')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('i.queue_id', '=', 'q.id')
        .as('total'),
    ])
    .where('q.id', '=', queueId)
    .executeTakeFirst();
}
