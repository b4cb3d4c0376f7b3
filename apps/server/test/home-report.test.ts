import type { Auth } from '@console/shared/constants/roles';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/types.js';
import { insertChannel } from '../src/modules/logistics/channel.repository.js';
import { insertSyncedOrder, saveOrderItems } from '../src/modules/order/order-sync.repository.js';
import { insertShop } from '../src/modules/shop/shop.repository.js';
import { postMessages } from '../src/modules/system/messages.service.js';
import { insertQueue } from '../src/modules/upload/upload.repository.js';
import { buildGoods, buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, randomName, type Session, signIn, useTestApp } from './harness.js';
import { channelBody, topUp } from './logistics/logistics-support.js';

const t = useTestApp();
const DAY = 86_400_000;
const REPORT = '/PDD/amazon-user/getNewReport';

const report = async (s: Session) => {
  const r = await call(t.app, s, 'GET', REPORT);
  expect(r.status, r.msg).toBe(200);
  return r.data;
};
const as = (u: UserRow) => signIn(t.app, u.account, TEST_PASSWORD);

async function shopOf(
  tenant: UserRow,
  over: { auth_status?: string; authorized_at?: Date; staff_ids?: number[] } = {},
) {
  const shop = await insertShop(t.db, {
    tenant_id: tenant.id,
    name: randomName('店'),
    region: 'EU',
    sandbox: true,
    seller_id: randomName('A').toUpperCase(),
    refresh_token_enc: 'v1.00000000.x.y',
    marketplaces: ['de'],
    created_by: tenant.id,
  });
  if (over.auth_status || over.authorized_at || over.staff_ids) {
    await t.db
      .updateTable('shops')
      .set({
        ...(over.auth_status ? { auth_status: over.auth_status as 'expired' } : {}),
        ...(over.authorized_at ? { authorized_at: over.authorized_at } : {}),
        ...(over.staff_ids ? { staff_ids: over.staff_ids } : {}),
      })
      .where('id', '=', shop.id)
      .execute();
  }
  return shop;
}

/** An order with one item; `oversold` flags the item, `assignedTo` gives the order to a worker. */
async function orderOf(
  tenant: UserRow,
  shopId: number,
  o: { status: 'Pending' | 'Unshipped' | 'Shipped'; at: Date; oversold?: boolean; assignedTo?: number },
) {
  const id = (await insertSyncedOrder(t.db, {
    tenant_id: tenant.id,
    shop_id: shopId,
    marketplace: 'de',
    amazon_order_id: `${randomName('')}-${Math.random().toString().slice(2, 9)}`,
    amazon_status: o.status,
    status: o.status,
    fulfillment_channel: '1',
    purchase_date: o.at,
    last_update_date: o.at,
    latest_ship_date: null,
    latest_delivery_date: null,
    currency: 'EUR',
    total_minor: 1000,
    ship_city: null,
    ship_state: null,
    ship_postal: null,
    ship_country: 'DE',
    buyer: null,
    buyer_purge_after: null,
  }))!;
  await saveOrderItems(t.db, tenant.id, id, [
    {
      amazon_item_id: randomName('i'),
      asin: 'B000000001',
      seller_sku: 'SKU-1',
      title: 'x',
      quantity: 1,
      quantity_shipped: 0,
      currency: 'EUR',
      item_price_minor: 1000,
      shipping_price_minor: 0,
      item_tax_minor: 0,
      promotion_discount_minor: 0,
      goods_id: null,
      variation_key: null,
    },
  ]);
  if (o.oversold) await t.db.updateTable('order_items').set({ oversold: true }).where('order_id', '=', id).execute();
  if (o.assignedTo) await t.db.updateTable('orders').set({ assigned_to: o.assignedTo }).where('id', '=', id).execute();
  return id;
}

async function queueOf(tenant: UserRow, shopId: number, status: 'pending' | 'running' | 'done' | 'failed') {
  const q = await insertQueue(t.db, {
    tenant_id: tenant.id,
    shop_id: shopId,
    marketplaces: ['de'],
    upload_type: 'good',
    mode: 'listings',
    goods_count: 0,
    goods_ids: [],
    created_by: tenant.id,
  });
  await t.db.updateTable('upload_queues').set({ status }).where('id', '=', q.id).execute();
}

/** A tenant with data of every kind; another tenant gets the same, which must never count. */
async function world() {
  const owner = await buildTenant(t.db);
  const leader = await buildUser(t.db, owner, { auth: 1 });
  const worker = await buildUser(t.db, owner, { auth: 2 });
  const now = Date.now();
  const shop = await shopOf(owner);
  await shopOf(owner, { auth_status: 'expired' });
  await shopOf(owner, { authorized_at: new Date(now - 350 * DAY) });
  await shopOf(owner, { auth_status: 'never', staff_ids: [leader.id] });
  await orderOf(owner, shop.id, { status: 'Unshipped', at: new Date(now - 60_000), oversold: true });
  await orderOf(owner, shop.id, { status: 'Unshipped', at: new Date(now - 60_000), assignedTo: worker.id });
  await orderOf(owner, shop.id, { status: 'Pending', at: new Date(now - 60_000) });
  await orderOf(owner, shop.id, { status: 'Unshipped', at: new Date(now - 3 * DAY) });
  await orderOf(owner, shop.id, { status: 'Shipped', at: new Date(now - 5 * DAY), oversold: true });
  for (const s of ['pending', 'running', 'running', 'done', 'failed'] as const) await queueOf(owner, shop.id, s);
  const [read] = await postMessages(t.db, owner.id, [
    { userId: owner.id, source: 'monitor', title: 'ASIN B0 新卖家跟卖' },
    { userId: owner.id, source: 'monitor', title: 'ASIN B1 新卖家跟卖' },
    { userId: owner.id, source: 'upload', title: '上传完成' },
    { role: 2, source: 'monitor', title: 'ASIN B2 新卖家跟卖' },
  ]);
  await t.db
    .insertInto('message_reads')
    .values({ tenant_id: owner.id, message_id: read!, user_id: owner.id })
    .execute();
  await topUp(t, owner.id, 5000);
  await buildGoods(t.db, owner, { auditStatus: 'willAudit' });
  await buildGoods(t.db, owner, { auditStatus: 'hasAudit', commonData: { descs: [{ key: 'de', title: 'Vase' }] } });
  await buildGoods(t.db, owner, { auditStatus: 'willAudit', creatorId: worker.id });
  const binned = await buildGoods(t.db, owner, { auditStatus: 'willAudit' });
  await t.db.updateTable('goods').set({ is_delete: 1 }).where('id', '=', binned.id).execute();
  return { owner, leader, worker, shop };
}

let a: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  a = await world();
  await world();
});

describe('getNewReport: the figures of 首页', () => {
  it('equal the hand-computed counts of the owner tenant only, each as its list counts it', async () => {
    const owner = await as(a.owner);
    const warn = await call(t.app, owner, 'POST', '/PDD/finance/warning', { warning: 10_000 });
    expect(warn.status, warn.msg).toBe(200);
    const d = await report(owner);
    expect(d.orders).toEqual({ today: 3, pending: 1, unshipped: 3, oversold: 2 });
    expect(d.uploads).toEqual({ pending: 1, running: 2, failed: 1 });
    expect(d.monitor).toEqual({ unread: 1 });
    expect(d.finance).toEqual({ currency: 'CNY', available_minor: 5000, warning_minor: 10_000, below_warning: true });
    // Three products outside the bin, none with a picture or a price; one without an English title.
    expect(d.goods).toEqual({
      incomplete: 3,
      lacks: { image: 3, price: 3, en_title: 1, ean: 0, small_image: 0 },
      will_audit: 2,
    });
    expect(d.shops).toEqual({ total: 4, expired: 1, never: 1, expiring: 1 });
    // The order list behind the figures agrees (its status tab counts and the 超卖 filter).
    const list = await call(t.app, owner, 'POST', '/PDD/order/list', { page: 1, pageSize: 20 });
    expect(list.data.counts.Unshipped).toBe(d.orders.unshipped);
    expect(list.data.counts.Pending).toBe(d.orders.pending);
    const today = await call(t.app, owner, 'POST', '/PDD/order/list', {
      page: 1,
      pageSize: 20,
      startTime: d.today_start,
    });
    expect(today.data.counts.all).toBe(d.orders.today);
    const over = await call(t.app, owner, 'POST', '/PDD/order/list', { page: 1, pageSize: 20, oversold: true });
    expect(over.data.counts.all).toBe(d.orders.oversold);
    const failed = await call(t.app, owner, 'GET', '/PDD/upload/queueList?page=1&pageSize=20&status=failed');
    expect(failed.data.total).toBe(d.uploads.failed);
    // 店铺管理 filtered by authorization (the shop card's links) lists what each figure counts.
    for (const [auth, n] of [
      ['attention', d.shops.expired + d.shops.never + d.shops.expiring],
      ['expired', d.shops.expired],
      ['never', d.shops.never],
      ['expiring', d.shops.expiring],
    ] as const) {
      const shops = await call(t.app, owner, 'POST', '/PDD/amazon-user/authShopList', { page: 1, pageSize: 20, auth });
      expect(shops.data.total, auth).toBe(n);
    }
    const worker = await as(a.worker);
    const mine = await call(t.app, worker, 'POST', '/PDD/amazon-user/authShopList', {
      page: 1,
      pageSize: 20,
      auth: 'attention',
    });
    const wr = await report(worker);
    expect(mine.data.total).toBe(wr.shops.expired + wr.shops.never + wr.shops.expiring);
    // Above the warning: not below any more.
    await call(t.app, owner, 'POST', '/PDD/finance/warning', { warning: 5000 });
    expect((await report(owner)).finance.below_warning).toBe(false);
  });

  it('gives each role only the figures it may open, narrowed as its lists are', async () => {
    const worker = await report(await as(a.worker));
    // A worker: his own orders; the shops given to all (not the one given to the leader).
    expect(worker.orders).toEqual({ today: 1, pending: 0, unshipped: 1, oversold: 0 });
    expect(worker.shops).toEqual({ total: 3, expired: 1, never: 0, expiring: 1 });
    expect(worker.monitor).toEqual({ unread: 1 });
    expect(worker.finance).toBeNull();
    expect(worker.checklist).toBeNull();
    const leader = await report(await as(a.leader));
    expect(leader.orders).toEqual({ today: 3, pending: 1, unshipped: 3, oversold: 2 });
    expect(leader.shops.total).toBe(4);
    expect(leader.finance).toBeNull();

    const groups = ['orders', 'uploads', 'monitor', 'finance', 'goods', 'shops', 'checklist'] as const;
    const present = (d: Record<string, unknown>) => groups.filter((g) => d[g] !== null);
    const expected: Record<Auth, (typeof groups)[number][]> = {
      0: [...groups],
      1: ['orders', 'uploads', 'monitor', 'goods', 'shops'],
      2: ['orders', 'uploads', 'monitor', 'goods', 'shops'],
      3: ['orders'],
      4: [...groups],
      5: ['finance'],
      6: ['monitor', 'goods'],
    };
    for (const auth of [0, 1, 2, 3, 4, 5, 6] as const) {
      const user =
        auth === 0 || auth === 4 || auth === 5
          ? await buildTenant(t.db, { auth })
          : await buildUser(t.db, a.owner, { auth });
      expect(present(await report(await as(user))), `role ${auth}`).toEqual(expected[auth]);
    }
    // The platform operator's admin (internal company) gets no checklist on its own tenant.
    const operator = await buildTenant(t.db);
    const ids = t.deps.config.internalIds as number[];
    ids.push(operator.id);
    try {
      expect(present(await report(await as(operator)))).toEqual(groups.filter((g) => g !== 'checklist'));
    } finally {
      ids.pop();
    }
  });
});

describe('the getting-started checklist', () => {
  it('ticks each step from the tenant own rows, and stays closed once dismissed', async () => {
    // Nothing is enabled in the operator's book at first (a fresh installation may seed samples).
    await t.db.updateTable('logistics_channels').set({ enabled: false }).where('book_id', '=', 0).execute();
    const seller = await buildTenant(t.db, { auth: 4 });
    const s = await as(seller);
    const steps = async () =>
      Object.fromEntries(
        ((await report(s)).checklist.steps as { key: string; done: boolean }[]).map((x) => [x.key, x.done]),
      );
    expect(await steps()).toEqual({ shop: false, channel: false, topup: false, live: false, shipped: false });

    const shop = await shopOf(seller);
    expect((await steps()).shop).toBe(true);

    const b = channelBody();
    const channel = await insertChannel(t.db, 0, 1, {
      ...b,
      carrier_name: '燕文',
      battery_surcharge: 0,
      min_weight_g: 0,
      max_side_mm: 0,
      enabled: true,
    });
    expect((await steps()).channel).toBe(true);

    await topUp(t, seller.id, 100);
    expect((await steps()).topup).toBe(true);

    const goods = await buildGoods(t.db, seller);
    await t.db
      .insertInto('listings')
      .values({
        tenant_id: seller.id,
        shop_id: shop.id,
        marketplace: 'de',
        seller_sku: 'FIRST-1',
        goods_id: goods.id,
        role: 'single',
        status: 'draft',
        issues: '[]',
      })
      .execute();
    expect((await steps()).live).toBe(false);
    await t.db.updateTable('listings').set({ status: 'live' }).where('tenant_id', '=', seller.id).execute();
    expect((await steps()).live).toBe(true);

    const order = await orderOf(seller, shop.id, { status: 'Unshipped', at: new Date() });
    const parcel = await sql<{ id: string }>`
      insert into logistics_parcels (tenant_id, order_id, channel_id, weight_g, length_mm, width_mm, height_mm,
        country, chargeable_g, freight, service_fee, review_status, created_by)
      values (${seller.id}, ${order}, ${channel.id}, 400, 200, 150, 150, 'DE', 400, 2500, 300, 'passed', ${seller.id})
      returning id`.execute(t.db);
    await sql`
      insert into logistics_waybills (tenant_id, parcel_id, order_id, channel_id, waybill_no, carrier_code, freight,
        service_fee, weight_g, created_by)
      values (${seller.id}, ${parcel.rows[0]!.id}, ${order}, ${channel.id}, ${randomName('WB')}, 'Yanwen', 2500, 300, 400,
        ${seller.id})`.execute(t.db);
    expect((await steps()).shipped).toBe(false);
    await sql`update logistics_waybills set status = '2', shipped_at = now() where tenant_id = ${seller.id}`.execute(
      t.db,
    );
    expect(await steps()).toEqual({ shop: true, channel: true, topup: true, live: true, shipped: true });

    // Dismissed per user, with its audit row; shown again on request.
    expect((await report(s)).checklist.dismissed).toBe(false);
    const bad = await call(t.app, s, 'POST', '/PDD/amazon-user/homeChecklist', { dismissed: 2 });
    expect(bad.http).toBe(400);
    expect(bad.msg).toContain('关闭标记');
    const r = await call(t.app, s, 'POST', '/PDD/amazon-user/homeChecklist', { dismissed: 1 });
    expect(r.status, r.msg).toBe(200);
    expect((await report(s)).checklist.dismissed).toBe(true);
    const log = await t.db
      .selectFrom('opera_log')
      .select('action')
      .where('tenant_id', '=', seller.id)
      .where('action', '=', 'home.checklist')
      .execute();
    expect(log).toHaveLength(1);
    await call(t.app, s, 'POST', '/PDD/amazon-user/homeChecklist', { dismissed: 0 });
    expect((await report(s)).checklist.dismissed).toBe(false);
  });
});
