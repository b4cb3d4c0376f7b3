import { sql } from 'kysely';
import type { Database } from '../src/db/database.js';
import type { UserRow } from '../src/db/types.js';
import { insertShop } from '../src/modules/shop/shop.repository.js';
import { buildGoods, buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { randomName, type Session, signIn, type TestContext } from './harness.js';

export const DAY = 86_400;
export const nowSec = () => Math.floor(Date.now() / 1000);

/** A sold (or cancelled) order with its items, inserted directly (the statistics read rows, not syncs). */
export interface StatsOrder {
  shopId: number;
  marketplace: string;
  currency: string;
  status: 'Unshipped' | 'Shipped' | 'Canceled';
  /** Purchase time in seconds. */
  at: number;
  assignedTo?: number | null;
  items: { price: number; qty: number; goodsId?: number }[];
}

export async function insertStatsOrder(db: Database, tenantId: number, o: StatsOrder) {
  const amazonId = `S-${randomName('')}`;
  const r = await sql<{ id: string }>`
    insert into orders (tenant_id, shop_id, marketplace, amazon_order_id, amazon_status, status, fulfillment_channel,
      purchase_date, last_update_date, currency, total_minor, item_count, items_pending, assigned_to)
    values (${tenantId}, ${o.shopId}, ${o.marketplace}, ${amazonId}, ${o.status}, ${o.status}, '1',
      to_timestamp(${o.at}), now(), ${o.currency}, ${o.items.reduce((s, i) => s + i.price, 0)}, ${o.items.length}, false,
      ${o.assignedTo ?? null})
    returning id`.execute(db);
  const id = Number(r.rows[0]!.id);
  const itemIds: number[] = [];
  for (const [n, it] of o.items.entries()) {
    const row = await sql<{ id: string }>`
      insert into order_items (tenant_id, order_id, amazon_item_id, asin, seller_sku, title, quantity, currency,
        item_price_minor, goods_id)
      values (${tenantId}, ${id}, ${`${amazonId}-${n}`}, 'B0STATS001', 'SKU-S', 'Item', ${it.qty}, ${o.currency},
        ${it.price}, ${it.goodsId ?? null})
      returning id`.execute(db);
    itemIds.push(Number(row.rows[0]!.id));
  }
  return { id, itemIds };
}

/** An item purchase recorded by `by` at `at` (seconds). */
export async function insertPurchase(
  db: Database,
  tenantId: number,
  p: { orderId: number; itemId: number; paid: number; by: number; at: number },
) {
  await sql`insert into order_purchases (tenant_id, order_id, item_id, paid_minor, quantity, created_by, created_at)
    values (${tenantId}, ${p.orderId}, ${p.itemId}, ${p.paid}, 1, ${p.by}, to_timestamp(${p.at}))`.execute(db);
}

/** A CNY channel of the platform's book, a parcel of `orderId` and a waybill shipped by `by` at `at`. */
export async function insertShippedWaybill(
  db: Database,
  tenantId: number,
  w: { orderId: number; freight: number; serviceFee: number; by: number; at: number },
) {
  const ch = await sql<{ id: number }>`
    insert into logistics_channels (book_id, name, carrier_code, countries, first_weight_g, first_price, step_weight_g,
      step_price, created_by)
    values (0, ${randomName('ch')}, 'sim', array['FR'], 500, 1000, 500, 500, 1) returning id`.execute(db);
  const channelId = ch.rows[0]!.id;
  const p = await sql<{ id: string }>`
    insert into logistics_parcels (tenant_id, order_id, channel_id, weight_g, length_mm, width_mm, height_mm, country,
      chargeable_g, freight, service_fee, review_status, created_by)
    values (${tenantId}, ${w.orderId}, ${channelId}, 500, 100, 100, 100, 'FR', 500, 1, 1, 'passed', ${w.by})
    returning id`.execute(db);
  await sql`
    insert into logistics_waybills (tenant_id, parcel_id, order_id, channel_id, waybill_no, carrier_code, freight,
      service_fee, weight_g, created_by, shipped_at, shipped_by, status)
    values (${tenantId}, ${p.rows[0]!.id}, ${w.orderId}, ${channelId}, ${randomName('WB')}, 'sim', ${w.freight},
      ${w.serviceFee}, 500, ${w.by}, to_timestamp(${w.at}), ${w.by}, '2')`.execute(db);
}

/** An upload queue started by `by` at `at` with one item per product, the given ones live. */
export async function insertUpload(
  db: Database,
  tenantId: number,
  u: { shopId: number; by: number; at: number; goods: number[]; live: number[] },
) {
  const q = await sql<{ id: number }>`
    insert into upload_queues (tenant_id, shop_id, marketplaces, upload_type, mode, status, goods_count, goods_ids,
      created_by, created_at)
    values (${tenantId}, ${u.shopId}, array['de'], 'good', 'listings', 'done', ${u.goods.length}, ${u.goods}, ${u.by},
      to_timestamp(${u.at}))
    returning id`.execute(db);
  for (const g of u.goods) {
    await sql`insert into upload_items (tenant_id, queue_id, shop_id, goods_id, marketplace, seller_sku, role,
        operation, payload, status, issues)
      values (${tenantId}, ${q.rows[0]!.id}, ${u.shopId}, ${g}, 'de', ${randomName('SKU')}, 'single', 'UPDATE', '{}',
        ${u.live.includes(g) ? 'live' : 'rejected'}, '[]')`.execute(db);
  }
}

export async function statsShop(db: Database, tenant: UserRow, name: string, marketplaces: string[]) {
  return insertShop(db, {
    tenant_id: tenant.id,
    name,
    region: 'EU',
    sandbox: true,
    seller_id: randomName('SEL'),
    refresh_token_enc: 'v1.00000000.x.y',
    marketplaces,
    created_by: tenant.id,
  });
}

/** A tenant with a leader, a worker, a buyer and a monitor user, and a session per account. */
export async function statsTenant(t: TestContext, fields: Parameters<typeof buildTenant>[1] = {}) {
  const tenant = await buildTenant(t.db, { max_child: 10, ...fields });
  const leader = await buildUser(t.db, tenant, { auth: 1 });
  const worker = await buildUser(t.db, tenant, { auth: 2 });
  const buyer = await buildUser(t.db, tenant, { auth: 3 });
  const monitor = await buildUser(t.db, tenant, { auth: 6 });
  const as = (u: UserRow): Promise<Session> => signIn(t.app, u.account, TEST_PASSWORD);
  const goods = (creator: UserRow, at: number) =>
    buildGoods(t.db, tenant, { creatorId: creator.id }).then(async (g) => {
      await sql`update goods set created_at = to_timestamp(${at}) where id = ${g.id}`.execute(t.db);
      return g.id;
    });
  return { tenant, leader, worker, buyer, monitor, as, goods };
}
