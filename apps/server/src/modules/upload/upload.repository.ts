import type { ListingStatus, UploadItemStatus, UploadQueueListQuery } from '@console/shared/schemas/upload';
import { type Kysely, sql } from 'kysely';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';
import type { ItemPayload, StoredIssue } from './upload.tables.js';

type Db = Kysely<DB>;

/** The product columns the mapper reads; products in the recycle bin are not uploaded. */
export function goodsForUpload(db: Db, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('goods')
    .select([
      'id',
      'sku',
      'base_info',
      'descs',
      'prices',
      'parentage',
      'images',
      'extra_attrs',
      'version',
      'creator_id',
    ])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_delete', '=', 0)
    .orderBy('id')
    .execute();
}

/** The uploader's account fields a listing carries. */
export function uploaderAccount(db: Db, tenantId: number, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'brand_name',
      'vendor',
      'dsa_responsible_party_address',
      'gpsr_manufacturer_email_address',
      'is_not_use_ean',
      'allow_upload_sites',
    ])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Seller SKUs already given to products of a shop. */
export function sellerSkusOf(db: Db, shopId: number, goodsIds: readonly number[]) {
  if (goodsIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('seller_skus')
    .select(['goods_id', 'variation_key', 'seller_sku'])
    .where('shop_id', '=', shopId)
    .where('goods_id', 'in', goodsIds)
    .execute();
}

/** Claims seller SKUs; a SKU another product of the shop holds is skipped (returns those inserted). */
export function insertSellerSkus(
  db: Db,
  rows: { shop_id: number; tenant_id: number; goods_id: number; variation_key: string; seller_sku: string }[],
) {
  if (rows.length === 0) return Promise.resolve([]);
  return db
    .insertInto('seller_skus')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning(['goods_id', 'variation_key', 'seller_sku'])
    .execute();
}

/** Creates a queue. */
export function insertQueue(
  db: Db,
  row: {
    tenant_id: number;
    shop_id: number;
    marketplaces: string[];
    upload_type: DB['upload_queues']['upload_type'];
    mode: 'listings' | 'feed';
    goods_count: number;
    goods_ids: number[];
    created_by: number;
    held?: string[];
    only_ready?: boolean;
  },
) {
  return db.insertInto('upload_queues').values(row).returning('id').executeTakeFirstOrThrow();
}

/** One item to insert. */
export interface NewItem {
  tenant_id: number;
  queue_id: number;
  shop_id: number;
  goods_id: number;
  marketplace: string;
  seller_sku: string;
  variation_key: string;
  role: 'single' | 'parent' | 'child';
  parent_sku: string | null;
  product_type: string | null;
  operation: 'UPDATE' | 'PATCH';
  payload: string;
  status: UploadItemStatus;
  issues: string;
}

/** Inserts items in chunks (one statement each, so the count trigger runs once per chunk). */
export async function insertItems(db: Db, rows: NewItem[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('upload_items')
      .values(rows.slice(i, i + 1000))
      .execute();
  }
}

/** Marks listings of new items: new SKUs start in the ledger, known ones show the new queue. */
export async function upsertLedger(
  db: Db,
  rows: {
    tenant_id: number;
    shop_id: number;
    marketplace: string;
    seller_sku: string;
    goods_id: number;
    variation_key: string;
    role: string;
    product_type: string | null;
    status: ListingStatus;
    issues: string;
    last_queue_id: number;
  }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('listings')
      .values(rows.slice(i, i + 1000))
      .onConflict((oc) =>
        oc.columns(['shop_id', 'marketplace', 'seller_sku', 'tenant_id']).doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          issues: eb.ref('excluded.issues'),
          last_queue_id: eb.ref('excluded.last_queue_id'),
          product_type: eb.ref('excluded.product_type'),
          updated_at: sql<Date>`now()`,
        })),
      )
      .execute();
  }
}

/**
 * Ledger status of items as they move (the listing follows its latest upload): the words of
 * both are one vocabulary (`constants/upload-status.ts`); a check failure stays `invalid` and
 * is never shown as Amazon's refusal (`rejected`).
 */
export function setLedgerFromItems(db: Db, itemIds: readonly string[]) {
  if (itemIds.length === 0) return Promise.resolve();
  return sql`
    update listings l set
      status = case i.status
        when 'waiting' then 'queued' when 'sending' then 'submitted' when 'submitted' then 'submitted'
        when 'accepted' then 'accepted' when 'live' then 'live' when 'rejected' then 'rejected'
        when 'invalid' then 'invalid' when 'failed' then 'failed' when 'unknown' then 'unknown'
        when 'cancelled' then (case when l.status in ('queued', 'submitted') then 'draft' else l.status end)
        else 'unknown' end,
      issues = i.issues,
      asin = coalesce(i.asin, l.asin),
      checked_at = case when i.status in ('live', 'rejected') then now() else l.checked_at end,
      updated_at = now()
    from upload_items i
    where i.id = any(${sql.val(itemIds.map(String))}::bigint[])
      and l.shop_id = i.shop_id and l.marketplace = i.marketplace and l.seller_sku = i.seller_sku
      and (l.last_queue_id is null or l.last_queue_id <= i.queue_id)`.execute(db);
}

/** The queues of a tenant joined with their shop and creator (left joins on keys: counts stay exact). */
function queuesOf(db: Db, tenantId: number) {
  return db
    .selectFrom('upload_queues as q')
    .leftJoin('shops as s', 's.id', 'q.shop_id')
    .leftJoin('users as u', 'u.id', 'q.created_by')
    .where('q.tenant_id', '=', tenantId);
}

/** The columns a queue is shown with. */
function withQueueColumns(b: ReturnType<typeof queuesOf>) {
  return b
    .selectAll('q')
    .select([
      sql<string>`coalesce(s.name, '(已删除的店铺)')`.as('shop_name'),
      sql<boolean>`coalesce(s.sandbox, false)`.as('sandbox'),
      sql<string>`coalesce(nullif(u.user_name, ''), u.account, '')`.as('creator_name'),
    ]);
}

/** A page of the tenant's queues, newest first, with shop and creator names. */
export async function listQueues(db: Db, tenantId: number, q: UploadQueueListQuery) {
  let base = queuesOf(db, tenantId);
  if (q.shop_id) base = base.where('q.shop_id', '=', q.shop_id);
  if (q.status) base = base.where('q.status', '=', q.status);
  if (q.upload_type) base = base.where('q.upload_type', '=', q.upload_type);
  if (q.marketplace) base = base.where(sql<boolean>`${q.marketplace} = any(q.marketplaces)`);
  if (q.startTime) base = base.where('q.created_at', '>=', new Date(q.startTime * 1000));
  if (q.endTime) base = base.where('q.created_at', '<', new Date(q.endTime * 1000));
  return pageAndTotal(base, q, (b) => withQueueColumns(b).orderBy('q.id', 'desc'));
}

/** One queue of the tenant. */
export function findQueue(db: Db, tenantId: number, id: number) {
  return withQueueColumns(queuesOf(db, tenantId).where('q.id', '=', id)).executeTakeFirst();
}

/** A queue row as read by `findQueue`/`listQueues`. */
export type QueueRow = NonNullable<Awaited<ReturnType<typeof findQueue>>>;

/** A page of a queue's items, parents first per product, with the product's title and image. */
export function listItems(
  db: Db,
  tenantId: number,
  f: {
    queue_id: number;
    page: number;
    pageSize: number;
    status?: UploadItemStatus | undefined;
    marketplace?: string | undefined;
    goods_id?: number | undefined;
    goods_ids?: readonly number[];
    keyword?: string | undefined;
  },
) {
  let base = db
    .selectFrom('upload_items as i')
    .where('i.tenant_id', '=', tenantId)
    .where('i.queue_id', '=', f.queue_id);
  if (f.status) base = base.where('i.status', '=', f.status);
  if (f.marketplace) base = base.where('i.marketplace', '=', f.marketplace);
  if (f.goods_id) base = base.where('i.goods_id', '=', f.goods_id);
  if (f.goods_ids) base = base.where('i.goods_id', 'in', f.goods_ids);
  if (f.keyword) base = base.where('i.seller_sku', 'ilike', containsPattern(f.keyword));
  return pageAndTotal(base, f, (b) =>
    b
      .leftJoin('goods as g', (j) => j.onRef('g.id', '=', 'i.goods_id').on('g.tenant_id', '=', tenantId))
      .select([
        'i.id',
        'i.goods_id',
        'i.marketplace',
        'i.seller_sku',
        'i.variation_key',
        'i.role',
        'i.status',
        'i.asin',
        'i.issues',
        'i.error',
        'i.updated_at',
        'i.product_type',
        'i.payload',
        'i.queue_id',
        sql<string>`coalesce(g.title, '')`.as('goods_title'),
        sql<string>`coalesce(g.sku, '')`.as('goods_sku'),
        sql<string>`coalesce(g.images -> 0 ->> 'url', '')`.as('thumbnail'),
        sql<number>`coalesce(g.version, 0)`.as('goods_version'),
      ])
      .orderBy('i.goods_id')
      .orderBy(sql`case i.role when 'parent' then 0 when 'single' then 1 else 2 end`)
      .orderBy('i.id'),
  );
}
/** An item row as listed. */
export type ItemRow = Awaited<ReturnType<typeof listItems>>['rows'][number];

/** Items of given products in a queue (error feed, edit queue). */
export function itemsOfGoods(db: Db, tenantId: number, queueId: number, goodsIds: readonly number[]) {
  if (goodsIds.length === 0) return Promise.resolve([] as ItemRow[]);
  return listItems(db, tenantId, { queue_id: queueId, goods_ids: goodsIds, page: 1, pageSize: 10_000 }).then(
    (r) => r.rows,
  );
}

/** A page of the distinct products of a queue. */
export function queueGoodsPage(db: Db, tenantId: number, queueId: number, page: { page: number; pageSize: number }) {
  const base = db
    .selectFrom('upload_items')
    .where('tenant_id', '=', tenantId)
    .where('queue_id', '=', queueId)
    .select('goods_id')
    .distinct();
  return pageAndTotal(db.selectFrom(base.as('d')), page, (b) => b.select('d.goods_id').orderBy('d.goods_id'));
}

/** Items of a queue in given states (for retry and cancel), locked. */
export function itemIdsIn(
  db: Db,
  tenantId: number,
  queueId: number,
  statuses: readonly UploadItemStatus[],
  ids?: readonly number[],
) {
  let q = db
    .selectFrom('upload_items')
    .select(['id', 'goods_id'])
    .where('tenant_id', '=', tenantId)
    .where('queue_id', '=', queueId)
    .where('status', 'in', statuses);
  if (ids) q = q.where('id', 'in', ids.map(String));
  return q.forUpdate().execute();
}

/** Sets items' status (and optionally their payload and issues) in one statement. */
export function setItemsStatus(
  db: Db,
  ids: readonly string[],
  status: UploadItemStatus,
  extra: { error?: string | null; clearIssues?: boolean } = {},
) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .updateTable('upload_items')
    .set({
      status,
      updated_at: sql<Date>`now()`,
      ...(extra.error !== undefined ? { error: extra.error } : {}),
      ...(extra.clearIssues ? { issues: '[]' } : {}),
    })
    .where('id', 'in', ids.map(String))
    .returning('id')
    .execute();
}

/** Replaces an item's payload after the product was mapped again (retry, resubmit). */
export function remapItem(
  db: Db,
  id: string,
  p: {
    payload: ItemPayload | Record<string, never>;
    status: UploadItemStatus;
    issues: StoredIssue[];
    productType: string | null;
  },
) {
  return db
    .updateTable('upload_items')
    .set({
      payload: JSON.stringify(p.payload),
      status: p.status,
      issues: JSON.stringify(p.issues),
      product_type: p.productType,
      operation: 'operation' in p.payload ? p.payload.operation : 'UPDATE',
      error: null,
      readbacks: 0,
      feed_id: null,
      message_id: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Opens a queue again for its runner (retry, resubmit). */
export function reopenQueue(db: Db, tenantId: number, id: number) {
  return db
    .updateTable('upload_queues')
    .set({
      status: 'pending',
      finished_at: null,
      error: null,
      failed_passes: 0,
      next_run_at: sql<Date>`now()`,
      version: sql`version + 1`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** What a ledger row shows (`presentListing`), with its shop's name. */
const LEDGER_COLUMNS = [
  'l.shop_id',
  'l.marketplace',
  'l.seller_sku',
  'l.goods_id',
  'l.role',
  'l.status',
  'l.asin',
  'l.issues',
  'l.last_queue_id',
  'l.updated_at',
  sql<string>`coalesce(s.name, '')`.as('shop_name'),
] as const;

/** The ledger of products, with shop names. */
export function ledgerOf(db: Db, tenantId: number, goodsIds: readonly number[]) {
  return db
    .selectFrom('listings as l')
    .leftJoin('shops as s', 's.id', 'l.shop_id')
    .select(LEDGER_COLUMNS)
    .where('l.tenant_id', '=', tenantId)
    .where('l.goods_id', 'in', goodsIds)
    .orderBy('l.goods_id')
    .orderBy('l.shop_id')
    .orderBy('l.marketplace')
    .orderBy('l.seller_sku')
    .execute();
}

/** One ledger row of a tenant (shop x marketplace x seller SKU), locked for the caller's transaction. */
export function ledgerRowForUpdate(db: Db, tenantId: number, shopId: number, marketplace: string, sellerSku: string) {
  return db
    .selectFrom('listings as l')
    .leftJoin('shops as s', 's.id', 'l.shop_id')
    .select(['l.id', ...LEDGER_COLUMNS])
    .where('l.tenant_id', '=', tenantId)
    .where('l.shop_id', '=', shopId)
    .where('l.marketplace', '=', marketplace)
    .where('l.seller_sku', '=', sellerSku)
    .forUpdate('l')
    .executeTakeFirst();
}

/** A ledger row Amazon no longer has (deleted from the console): 已删除, checked now, no issues. */
export function markListingDeleted(db: Db, tenantId: number, id: string) {
  return db
    .updateTable('listings')
    .set({ status: 'deleted', issues: sql`'[]'::jsonb`, checked_at: sql`now()`, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(['updated_at'])
    .executeTakeFirstOrThrow();
}

/** Shops the user may use (all when the shop names no staff), authorized. */
export function usableShops(db: Db, tenantId: number, userId: number) {
  return db
    .selectFrom('shops')
    .select(['id', 'name', 'sandbox', 'region', 'marketplaces', 'staff_ids', 'auth_status'])
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb(sql`cardinality(staff_ids)`, '=', 0), eb(sql`${userId}`, '=', eb.fn.any('staff_ids'))]))
    .orderBy('id')
    .execute();
}

/** Shops with listings the ledger last checked before `before` (live, accepted or suppressed ones). */
export function shopsToRecheck(db: Db, before: Date) {
  return db
    .selectFrom('listings')
    .select(['shop_id', 'tenant_id'])
    .distinct()
    .where('status', 'in', ['live', 'accepted', 'suppressed'])
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', before)]))
    .execute();
}

/** A shop's listings to check again, oldest check first. */
export function listingsToRecheck(db: Db, shopId: number, before: Date, limit: number) {
  return db
    .selectFrom('listings')
    .select(['id', 'marketplace', 'seller_sku', 'status'])
    .where('shop_id', '=', shopId)
    .where('status', 'in', ['live', 'accepted', 'suppressed'])
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', before)]))
    .orderBy(sql`checked_at nulls first`)
    .limit(limit)
    .execute();
}

/** What a re-check found, written to the ledger in one statement. */
export function writeRechecks(
  db: Db,
  rows: readonly { id: string; status: ListingStatus; issues: StoredIssue[]; asin: string | null }[],
) {
  if (rows.length === 0) return Promise.resolve();
  return sql`
    update listings l set status = r.status, issues = r.issues::jsonb, asin = coalesce(r.asin, l.asin),
      checked_at = now(), updated_at = case when l.status = r.status then l.updated_at else now() end
    from unnest(
      ${sql.val(rows.map((r) => String(r.id)))}::bigint[],
      ${sql.val(rows.map((r) => r.status))}::text[],
      ${sql.val(rows.map((r) => JSON.stringify(r.issues)))}::text[],
      ${sql.val(rows.map((r) => r.asin))}::text[]
    ) as r(id, status, issues, asin)
    where l.id = r.id`
    .execute(db)
    .then(() => undefined);
}
