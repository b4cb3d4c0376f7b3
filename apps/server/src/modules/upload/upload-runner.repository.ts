import type { UploadItemStatus } from '@console/shared/schemas/upload';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import type { StoredIssue } from './upload.tables.js';

type Db = Kysely<DB>;
type Role = 'single' | 'parent' | 'child';
type ItemRowPayload = DB['upload_items']['payload']['__select__'];

/**
 * Claims due queues for this runner: open (pending or running), due, and not leased by a live
 * runner (an expired lease is a runner that died). `id` claims one queue only.
 */
export function claimQueues(db: Db, owner: string, leaseSeconds: number, limit: number, id?: number) {
  return sql<{ id: number; tenant_id: number }>`
    update upload_queues q set lease_owner = ${owner},
      lease_until = now() + make_interval(secs => ${leaseSeconds}),
      status = case when q.status = 'pending' then 'running' else q.status end
    where q.id in (
      select id from upload_queues
      where status in ('pending', 'running') and next_run_at <= now()
        and (lease_until is null or lease_until < now())
        ${id === undefined ? sql`` : sql`and id = ${id}`}
      order by next_run_at, id
      limit ${limit}
      for update skip locked)
    returning q.id, q.tenant_id`
    .execute(db)
    .then((r) => r.rows);
}

/** Keeps a claimed queue's lease alive; false when it was lost (another runner took over). */
export async function renewLease(db: Db, id: number, owner: string, leaseSeconds: number): Promise<boolean> {
  const r = await db
    .updateTable('upload_queues')
    .set({ lease_until: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Frees the queues a dead runner leased (its process is gone): the next runner claims them at once. */
export async function releaseLeasesOf(db: Db, owner: string): Promise<void> {
  await db
    .updateTable('upload_queues')
    .set({ lease_owner: null, lease_until: null })
    .where('lease_owner', '=', owner)
    .where('status', 'in', ['pending', 'running'])
    .execute();
}

/**
 * Gives a queue back: when to look at it next, its final state when it is finished, and
 * whether the pass failed (`failedPass`: counted) or worked (the count starts again).
 */
export function releaseQueue(
  db: Db,
  id: number,
  owner: string,
  p: { nextRunInMs: number; status?: 'done' | 'failed'; error?: string | null; failedPass?: boolean },
) {
  return db
    .updateTable('upload_queues')
    .set({
      lease_owner: null,
      lease_until: null,
      next_run_at: sql`now() + make_interval(secs => ${Math.max(0, p.nextRunInMs) / 1000})`,
      ...(p.status ? { status: p.status, finished_at: sql`now()` } : {}),
      ...(p.error !== undefined ? { error: p.error } : {}),
      failed_passes: p.failedPass ? sql<number>`failed_passes + 1` : 0,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('status', 'in', ['pending', 'running'])
    .execute();
}

/** The queue a runner works on. */
export function queueForRun(db: Db, id: number) {
  return db.selectFrom('upload_queues').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Moves the expansion cursor after a chunk was written. */
export function advanceExpansion(db: Db, id: number, cursor: number) {
  return db.updateTable('upload_queues').set({ expand_cursor: cursor }).where('id', '=', id).execute();
}

/** Items of a queue in a state, oldest first (parents before the rest when asked). */
export function itemsIn(
  db: Db,
  queueId: number,
  statuses: readonly UploadItemStatus[],
  limit: number,
  o: { roles?: readonly Role[]; withoutFeed?: boolean; marketplace?: string; withoutPayload?: boolean } = {},
) {
  let q = db
    .selectFrom('upload_items')
    .select([
      'id',
      'goods_id',
      'marketplace',
      'seller_sku',
      'role',
      'parent_sku',
      'operation',
      // A read-back needs no payload (a whole listing each): an empty object stands in.
      o.withoutPayload ? sql<ItemRowPayload>`'{}'::jsonb`.as('payload') : 'payload',
      'status',
      'feed_id',
      'message_id',
      'readbacks',
      'issues',
    ])
    .where('queue_id', '=', queueId)
    .where('status', 'in', statuses);
  if (o.roles) q = q.where('role', 'in', o.roles);
  if (o.withoutFeed) q = q.where('feed_id', 'is', null);
  if (o.marketplace) q = q.where('marketplace', '=', o.marketplace);
  return q.orderBy(sql`case role when 'parent' then 0 else 1 end`).orderBy('id').limit(limit).execute();
}
/** An item as the runner reads it. */
export type RunItem = Awaited<ReturnType<typeof itemsIn>>[number];

/** How many of a queue's items are in the states (and roles). */
export async function countIn(
  db: Db,
  queueId: number,
  statuses: readonly UploadItemStatus[],
  roles?: readonly Role[],
): Promise<number> {
  let q = db
    .selectFrom('upload_items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('queue_id', '=', queueId)
    .where('status', 'in', statuses);
  if (roles) q = q.where('role', 'in', roles);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Marks an item as being sent (only from `waiting`): committed before the request leaves. */
export async function markSending(db: Db, id: string): Promise<boolean> {
  const r = await db
    .updateTable('upload_items')
    .set({ status: 'sending', attempts: sql`attempts + 1`, sent_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Writes Amazon's verdict on an item. */
export function finishItem(
  db: Db,
  id: string,
  p: {
    status: UploadItemStatus;
    issues?: StoredIssue[];
    asin?: string | null;
    error?: string | null;
    readback?: boolean;
  },
) {
  return db
    .updateTable('upload_items')
    .set({
      status: p.status,
      updated_at: sql`now()`,
      ...(p.issues ? { issues: JSON.stringify(p.issues) } : {}),
      ...(p.asin ? { asin: p.asin } : {}),
      ...(p.error !== undefined ? { error: p.error } : {}),
      ...(p.readback ? { readbacks: sql`readbacks + 1` } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Counts one more read-back of items that Amazon did not show yet. */
export function countReadback(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve();
  return db
    .updateTable('upload_items')
    .set({ readbacks: sql`readbacks + 1` })
    .where('id', 'in', ids.map(String))
    .execute()
    .then(() => undefined);
}

/** Starts a feed: the row and its items (numbered as messages, `sending`) in one transaction. */
export async function createFeedRow(
  db: Db,
  p: { tenantId: number; queueId: number; shopId: number; marketplace: string; itemIds: readonly string[] },
) {
  const feed = await db
    .insertInto('upload_feeds')
    .values({
      tenant_id: p.tenantId,
      queue_id: p.queueId,
      shop_id: p.shopId,
      marketplace: p.marketplace,
      item_count: p.itemIds.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    update upload_items i set feed_id = ${feed.id}, message_id = n.ord, status = 'sending',
      attempts = attempts + 1, sent_at = now(), updated_at = now()
    from unnest(${sql.val(p.itemIds.map(String))}::bigint[]) with ordinality as n(id, ord)
    where i.id = n.id`.execute(db);
  return feed.id;
}

/** Feeds of a queue in the given states. */
export function feedsIn(db: Db, queueId: number, statuses: DB['upload_feeds']['status']['__select__'][]) {
  return db
    .selectFrom('upload_feeds')
    .selectAll()
    .where('queue_id', '=', queueId)
    .where('status', 'in', statuses)
    .orderBy('id')
    .execute();
}
/** A feed row. */
export type FeedRow = Awaited<ReturnType<typeof feedsIn>>[number];

/** Updates a feed's step. */
export function setFeed(
  db: Db,
  id: number,
  p: Partial<{
    status: FeedRow['status'];
    amazon_feed_id: string;
    processing_status: string;
    result_document_id: string | null;
    creating_at: Date;
    error: string | null;
  }>,
) {
  return db
    .updateTable('upload_feeds')
    .set({ ...p, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Amazon feed ids a shop's feeds already hold (a restart must not adopt one twice). */
export async function knownFeedIds(db: Db, shopId: number, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('upload_feeds')
    .select('amazon_feed_id')
    .where('shop_id', '=', shopId)
    .where('amazon_feed_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.amazon_feed_id!));
}

/** The items of a feed, by message number. */
export function itemsOfFeed(db: Db, feedId: number) {
  return db
    .selectFrom('upload_items')
    .select(['id', 'seller_sku', 'message_id', 'payload', 'status', 'role'])
    .where('feed_id', '=', feedId)
    .orderBy('message_id')
    .execute();
}

/** Items of a feed go to a state (the feed was submitted, or failed as a whole). */
export function setFeedItems(
  db: Db,
  feedId: number,
  from: readonly UploadItemStatus[],
  to: UploadItemStatus,
  error: string | null = null,
) {
  return db
    .updateTable('upload_items')
    .set({ status: to, error, updated_at: sql`now()` })
    .where('feed_id', '=', feedId)
    .where('status', 'in', from)
    .returning('id')
    .execute();
}

/** Items back to `waiting` without a feed (a feed Amazon never received, or a deferred send). */
export function backToWaiting(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve();
  return db
    .updateTable('upload_items')
    .set({ status: 'waiting', feed_id: null, message_id: null, updated_at: sql`now()` })
    .where('id', 'in', ids.map(String))
    .execute()
    .then(() => undefined);
}

/** Open queues that are due and not leased (for the pump to know whether to keep going). */
export async function nextDueInMs(db: Db): Promise<number | null> {
  const r = await sql<{ ms: string | null }>`
    select extract(epoch from (min(greatest(next_run_at, coalesce(lease_until, next_run_at))) - now())) * 1000 as ms
    from upload_queues where status in ('pending', 'running')`.execute(db);
  const ms = r.rows[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Number(ms));
}

/** Writes Amazon's verdicts on many items in one statement (feed reports, read-backs). */
export function finishItems(
  db: Db,
  rows: readonly { id: string; status: UploadItemStatus; issues: StoredIssue[]; asin?: string | null }[],
) {
  if (rows.length === 0) return Promise.resolve();
  return sql`
    update upload_items i set status = r.status, issues = r.issues::jsonb, asin = coalesce(r.asin, i.asin), updated_at = now()
    from unnest(
      ${sql.val(rows.map((r) => String(r.id)))}::bigint[],
      ${sql.val(rows.map((r) => r.status))}::text[],
      ${sql.val(rows.map((r) => JSON.stringify(r.issues)))}::text[],
      ${sql.val(rows.map((r) => r.asin ?? null))}::text[]
    ) as r(id, status, issues, asin)
    where i.id = r.id`
    .execute(db)
    .then(() => undefined);
}

/**
 * Accepted items Amazon never showed after `maxReadbacks` read-backs end as `unknown`
 * (结果未知, with the reason): the queue can finish, and 重新查询 / 重新提交 take them up.
 */
export function giveUpReadbacks(db: Db, queueId: number, maxReadbacks: number, error: string) {
  return db
    .updateTable('upload_items')
    .set({ status: 'unknown', error, updated_at: sql`now()` })
    .where('queue_id', '=', queueId)
    .where('status', '=', 'accepted')
    .where('readbacks', '>=', maxReadbacks)
    .returning('id')
    .execute()
    .then((r) => r.map((x) => String(x.id)));
}

/**
 * The end of a stopped queue's items (the shop is gone or its authorization lost): what was
 * never sent is `failed` with the reason; what was on its way (sending, submitted, accepted)
 * is `unknown`. Its open feeds are closed, so a retry never resends an emptied document.
 */
export async function endOpenItems(db: Db, queueId: number, reason: string): Promise<string[]> {
  const unsent = await db
    .updateTable('upload_items')
    .set({ status: 'failed', error: reason, feed_id: null, message_id: null, updated_at: sql`now()` })
    .where('queue_id', '=', queueId)
    .where('status', '=', 'waiting')
    .returning('id')
    .execute();
  const onTheWay = await db
    .updateTable('upload_items')
    .set({ status: 'unknown', error: `${reason}(已发送的结果未知)`, updated_at: sql`now()` })
    .where('queue_id', '=', queueId)
    .where('status', 'in', ['sending', 'submitted', 'accepted'])
    .returning('id')
    .execute();
  await db
    .updateTable('upload_feeds')
    .set({ status: 'fatal', error: reason, updated_at: sql`now()` })
    .where('queue_id', '=', queueId)
    .where('status', 'in', ['building', 'creating', 'submitted'])
    .execute();
  return [...unsent, ...onTheWay].map((x) => String(x.id));
}

/** Items whose result is unknown go back to the read-back (重新查询): `accepted`, read-backs counted from zero. */
export function rereadItems(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as string[]);
  return db
    .updateTable('upload_items')
    .set({ status: 'accepted', readbacks: 0, error: null, updated_at: sql`now()` })
    .where('id', 'in', ids.map(String))
    .where('status', '=', 'unknown')
    .returning('id')
    .execute()
    .then((r) => r.map((x) => String(x.id)));
}
