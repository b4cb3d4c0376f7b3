import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import type { StoredBuyer } from './order.tables.js';

type Db = Kysely<DB>;

/** Authorized shops of every tenant (the scheduled sync walks them all). */
export function listAuthorizedShops(db: Db) {
  return db
    .selectFrom('shops')
    .select(['id', 'tenant_id', 'name', 'marketplaces'])
    .where('auth_status', '=', 'authorized')
    .where('seller_id', 'is not', null)
    .orderBy('id')
    .execute();
}

/** The tenant's authorized shops (all, or the given ones) that the caller may use (`userId`: narrowed by staff). */
export function listTenantSyncShops(db: Db, tenantId: number, ids: number[] | undefined, userId?: number) {
  let q = db
    .selectFrom('shops')
    .select(['id', 'tenant_id', 'name', 'marketplaces'])
    .where('tenant_id', '=', tenantId)
    .where('auth_status', '=', 'authorized');
  if (ids) q = q.where('id', 'in', ids.length ? ids : [0]);
  if (userId !== undefined)
    q = q.where((eb) =>
      eb.or([eb(sql`cardinality(staff_ids)`, '=', 0), eb(sql`${userId}`, '=', eb.fn.any('staff_ids'))]),
    );
  return q.orderBy('id').execute();
}

/**
 * Takes the sync lease of a shop x marketplace (creating its state at `initial`) for
 * `leaseMs`: answers the cursor, or undefined while another run holds it.
 */
export async function takeSyncLease(
  db: Db,
  tenantId: number,
  shopId: number,
  marketplace: string,
  initial: Date,
  leaseMs: number,
): Promise<Date | undefined> {
  const r = await sql<{ cursor: Date }>`
    insert into order_sync_states (shop_id, marketplace, tenant_id, cursor, lease_until)
    values (${shopId}, ${marketplace}, ${tenantId}, ${initial}, now() + ${`${leaseMs} milliseconds`}::interval)
    on conflict (shop_id, marketplace, tenant_id) do update set lease_until = excluded.lease_until
    where order_sync_states.tenant_id = ${tenantId}
      and (order_sync_states.lease_until is null or order_sync_states.lease_until < now())
    returning cursor`.execute(db);
  return r.rows[0]?.cursor;
}

/** Ends a run: the new cursor (when it finished), the error (or none), the lease released. */
export async function releaseSyncLease(
  db: Db,
  tenantId: number,
  shopId: number,
  marketplace: string,
  r: { cursor?: Date; error: string | null; seen: number },
) {
  await db
    .updateTable('order_sync_states')
    .set(() => ({
      ...(r.cursor ? { cursor: r.cursor } : {}),
      lease_until: null,
      last_run_at: new Date(),
      last_error: r.error,
      orders_seen: sql<number>`orders_seen + ${r.seen}`,
    }))
    .where('tenant_id', '=', tenantId)
    .where('shop_id', '=', shopId)
    .where('marketplace', '=', marketplace)
    .execute();
}

/** The stored state of orders of a shop by Amazon order id, locked for the transaction. */
export function lockOrdersByAmazonId(db: Db, tenantId: number, shopId: number, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders')
    .select((eb) => [
      'id',
      'amazon_order_id',
      'amazon_status',
      'status',
      'last_update_date',
      'buyer_purged_at',
      eb
        .exists(
          eb
            .selectFrom('order_items')
            .select('order_items.id')
            .whereRef('order_items.order_id', '=', 'orders.id')
            .where('order_items.express_status', '<>', '0'),
        )
        .as('purchased'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('shop_id', '=', shopId)
    .where('amazon_order_id', 'in', ids)
    .forUpdate('orders')
    .execute();
}

/** An order as the sync writes it. */
export interface SyncedOrder {
  tenant_id: number;
  shop_id: number;
  marketplace: string;
  amazon_order_id: string;
  amazon_status: string;
  status: 'Pending' | 'Unshipped' | 'Shipped' | 'Canceled' | 'refund';
  fulfillment_channel: '0' | '1';
  purchase_date: Date;
  last_update_date: Date;
  latest_ship_date: Date | null;
  latest_delivery_date: Date | null;
  currency: string | null;
  total_minor: number | null;
  ship_city: string | null;
  ship_state: string | null;
  ship_postal: string | null;
  ship_country: string | null;
  buyer: StoredBuyer | null;
  buyer_purge_after: Date | null;
}

/** Inserts a new order (a concurrent insert of the same order does nothing); answers its id. */
export async function insertSyncedOrder(db: Db, o: SyncedOrder): Promise<number | undefined> {
  const row = await db
    .insertInto('orders')
    .values({ ...o, buyer: o.buyer ? JSON.stringify(o.buyer) : null, items_pending: true })
    .onConflict((oc) => oc.columns(['shop_id', 'amazon_order_id', 'tenant_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Updates a stored order with a newer state from Amazon. */
export async function updateSyncedOrder(
  db: Db,
  tenantId: number,
  id: number,
  o: Omit<SyncedOrder, 'tenant_id' | 'shop_id' | 'amazon_order_id'>,
  opts: { itemsPending: boolean; keepBuyer: boolean },
) {
  await db
    .updateTable('orders')
    .set((eb) => ({
      marketplace: o.marketplace,
      amazon_status: o.amazon_status,
      status: o.status,
      fulfillment_channel: o.fulfillment_channel,
      purchase_date: o.purchase_date,
      last_update_date: o.last_update_date,
      latest_ship_date: o.latest_ship_date,
      latest_delivery_date: o.latest_delivery_date,
      currency: o.currency,
      total_minor: o.total_minor,
      ship_city: o.ship_city,
      ship_state: o.ship_state,
      ship_postal: o.ship_postal,
      ship_country: o.ship_country,
      ...(opts.keepBuyer || !o.buyer ? {} : { buyer: JSON.stringify(o.buyer) }),
      buyer_purge_after: o.buyer_purge_after,
      ...(opts.itemsPending ? { items_pending: true } : {}),
      updated_at: new Date(),
      version: eb('version', '+', 1),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Writes lines of orders' history. */
export async function insertOrderEvents(
  db: Db,
  rows: {
    tenant_id: number;
    order_id: number;
    item_id?: number | null;
    kind: string;
    text: string;
    user_id?: number | null;
  }[],
) {
  if (rows.length === 0) return;
  await db.insertInto('order_events').values(rows).execute();
}

/** Orders of a shop x marketplace whose items are still to be read (oldest first). */
export function ordersNeedingItems(db: Db, tenantId: number, shopId: number, marketplace: string, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'amazon_order_id'])
    .where('tenant_id', '=', tenantId)
    .where('shop_id', '=', shopId)
    .where('marketplace', '=', marketplace)
    .where('items_pending', '=', true)
    .orderBy('purchase_date')
    .limit(limit)
    .execute();
}

/** Products and variations of seller SKUs in a shop's marketplace: the listing ledger, else the shop's seller SKUs. */
export async function linkSkus(db: Db, tenantId: number, shopId: number, marketplace: string, skus: string[]) {
  const out = new Map<string, { goods_id: number; variation_key: string }>();
  if (skus.length === 0) return out;
  const own = await db
    .selectFrom('seller_skus')
    .select(['seller_sku', 'goods_id', 'variation_key'])
    .where('tenant_id', '=', tenantId)
    .where('shop_id', '=', shopId)
    .where('seller_sku', 'in', skus)
    .execute();
  for (const r of own) out.set(r.seller_sku, { goods_id: r.goods_id, variation_key: r.variation_key });
  const listed = await db
    .selectFrom('listings')
    .select(['seller_sku', 'goods_id', 'variation_key'])
    .where('tenant_id', '=', tenantId)
    .where('shop_id', '=', shopId)
    .where('marketplace', '=', marketplace)
    .where('seller_sku', 'in', skus)
    .execute();
  for (const r of listed) out.set(r.seller_sku, { goods_id: r.goods_id, variation_key: r.variation_key });
  return out;
}

/** An item as the sync writes it. */
export interface SyncedItem {
  amazon_item_id: string;
  asin: string;
  seller_sku: string | null;
  title: string | null;
  quantity: number;
  quantity_shipped: number;
  currency: string | null;
  item_price_minor: number | null;
  shipping_price_minor: number | null;
  item_tax_minor: number | null;
  promotion_discount_minor: number | null;
  goods_id: number | null;
  variation_key: string | null;
}

/**
 * Stores an order's items as Amazon lists them now (purchase state and express status of
 * known items kept) and marks them read; answers how many there are.
 */
export async function saveOrderItems(db: Db, tenantId: number, orderId: number, items: SyncedItem[]) {
  for (const i of items) {
    await db
      .insertInto('order_items')
      .values({ ...i, tenant_id: tenantId, order_id: orderId })
      .onConflict((oc) =>
        oc.columns(['order_id', 'amazon_item_id', 'tenant_id']).doUpdateSet((eb) => ({
          asin: eb.ref('excluded.asin'),
          seller_sku: eb.ref('excluded.seller_sku'),
          title: eb.ref('excluded.title'),
          quantity: eb.ref('excluded.quantity'),
          quantity_shipped: eb.ref('excluded.quantity_shipped'),
          currency: eb.ref('excluded.currency'),
          item_price_minor: eb.ref('excluded.item_price_minor'),
          shipping_price_minor: eb.ref('excluded.shipping_price_minor'),
          item_tax_minor: eb.ref('excluded.item_tax_minor'),
          promotion_discount_minor: eb.ref('excluded.promotion_discount_minor'),
          goods_id: eb.ref('excluded.goods_id'),
          variation_key: eb.ref('excluded.variation_key'),
          updated_at: new Date(),
        })),
      )
      .execute();
  }
  await db
    .updateTable('orders')
    .set({ items_pending: false, item_count: items.reduce((s, i) => s + i.quantity, 0) })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orderId)
    .execute();
}

/** Marks a shop's order refunded (answers its id and whether any item was purchased, or undefined when unknown or already refunded). */
export async function markRefunded(db: Db, tenantId: number, shopId: number, amazonOrderId: string, at: Date) {
  return db
    .updateTable('orders')
    .set((eb) => ({ status: 'refund', refunded_at: at, updated_at: new Date(), version: eb('version', '+', 1) }))
    .where('tenant_id', '=', tenantId)
    .where('shop_id', '=', shopId)
    .where('amazon_order_id', '=', amazonOrderId)
    .where('refunded_at', 'is', null)
    .returning((eb) => [
      'id',
      eb
        .exists(
          eb
            .selectFrom('order_items')
            .select('order_items.id')
            .whereRef('order_items.order_id', '=', 'orders.id')
            .where('order_items.express_status', '<>', '0'),
        )
        .as('purchased'),
    ])
    .executeTakeFirst();
}

/** Deletes restricted buyer data whose time has come, over every tenant (Amazon's 30 days after delivery). */
export async function purgeBuyerData(db: Db, now: Date, limit: number) {
  const r = await sql<{ id: number }>`
    update orders set buyer = null, buyer_purged_at = ${now}
    where id in (
      select id from orders where buyer is not null and buyer_purge_after <= ${now} limit ${limit}
    )
    returning id`.execute(db);
  return r.rows.length;
}
