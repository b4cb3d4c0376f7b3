import { convertMoney, minor } from '@console/shared/money';
import { describe, expect, it } from 'vitest';
import { defaultRates } from '../../src/modules/goods/price-settings.service.js';
import { orderBuyerPurge } from '../../src/modules/order/order-sync.job.js';
import { buildTenant, TEST_PASSWORD } from '../factories.js';
import { call, signIn, useTestApp } from '../harness.js';
import { orderWorld } from './order-support.js';

const t = useTestApp();
const O = '/PDD/order/';

/** A tenant with a shop and one two-item order, and a signed-in account per role. */
async function world() {
  const w = await orderWorld(t, { name: '德国店', sellerPrefix: 'A' });
  const item = (sku: string) => ({
    amazonItemId: `${sku}-${w.tenant.id}`,
    asin: 'B0ASIN0001',
    sku,
    title: `Item ${sku}`,
    quantity: 1,
    priceMinor: 1500,
  });
  const order = await w.addOrder({
    amazonOrderId: w.amazonId('302', 1234567),
    totalMinor: 3000,
    buyer: { name: 'Anna Müller', phone: '+4930123456', address1: 'Hauptstraße 1', email: 'a@marketplace.amazon.de' },
    items: [item('SKU-1'), item('SKU-2')],
  });
  const as = (auth: 1 | 2 | 3 | 6 | null) => w.signInNew(auth ?? 0);
  return { tenant: w.tenant, shop: w.shop, orderId: order.id, itemIds: order.itemIds, as };
}

describe('orders: list, detail, purchase and express steps', () => {
  it('lists with tab counts and filters; buyer data masked in lists, full in the detail only for roles that ship', async () => {
    const w = await world();
    const admin = await w.as(null);
    const list = await call(t.app, admin, 'POST', `${O}list`, { keyword: 'SKU-2' });
    expect(list.status, list.msg).toBe(200);
    expect(list.data).toMatchObject({ total: 1, counts: { all: 1, Unshipped: 1, Pending: 0 } });
    expect(list.data.list[0]).toMatchObject({
      shop_name: '德国店',
      total_minor: 3000,
      buyer: { masked: true, name: 'A***' },
    });
    expect(JSON.stringify(list.data)).not.toContain('Hauptstraße');
    expect((await call(t.app, admin, 'POST', `${O}list`, { status: 'Shipped' })).data).toMatchObject({
      total: 0,
      counts: { all: 1 },
    });

    const full = await call(t.app, admin, 'POST', `${O}detail`, { id: w.orderId });
    expect(full.data.buyer).toMatchObject({ masked: false, name: 'Anna Müller', address: 'Hauptstraße 1' });
    expect(full.data.items).toHaveLength(2);
    const buyer = await w.as(3);
    const masked = await call(t.app, buyer, 'POST', `${O}detail`, { id: w.orderId });
    expect(masked.data.buyer).toMatchObject({ masked: true, phone: '***3456' });

    const monitor = await w.as(6);
    expect((await call(t.app, monitor, 'POST', `${O}list`, {})).http).toBe(403);
    const bad = await call(t.app, admin, 'POST', `${O}list`, { status: 'Lost' });
    expect(bad).toMatchObject({ http: 400, msg: '订单状态不存在' });
    const other = await buildTenant(t.db);
    const stranger = await signIn(t.app, other.account, TEST_PASSWORD);
    expect((await call(t.app, stranger, 'POST', `${O}detail`, { id: w.orderId })).http).toBe(404);
    expect((await call(t.app, stranger, 'POST', `${O}list`, {})).data.total).toBe(0);
  });

  it('express steps follow section 4 by role; illegal steps and bad input are refused; the order counts as received when every item is', async () => {
    const w = await world();
    const [i1, i2] = w.itemIds as [number, number];
    const buyer = await w.as(3);
    const worker = await w.as(2);
    // A worker may not purchase; a buyer may not receive.
    expect(
      (await call(t.app, worker, 'POST', `${O}purchase`, { item_id: i1, version: 1, paid: '12.5', quantity: 1 })).http,
    ).toBe(403);
    expect(
      await call(t.app, buyer, 'POST', `${O}purchase`, { item_id: i1, version: 1, paid: '12.555', quantity: 1 }),
    ).toMatchObject({ http: 400, msg: '采购金额: 金额最多2位小数' });
    expect((await call(t.app, buyer, 'POST', `${O}express`, { item_id: i1, version: 1, to: '3' })).msg).toBe(
      '不能从「未采购」变为「已收货」',
    );
    expect((await call(t.app, buyer, 'POST', `${O}express`, { item_id: i1, version: 1, to: '1' })).msg).toBe(
      '请通过「采购」填写采购信息',
    );

    const p1 = await call(t.app, buyer, 'POST', `${O}purchase`, {
      item_id: i1,
      version: 1,
      paid: '12.50',
      quantity: 1,
      supplier: '1688店',
      tracking_no: 'SF100',
    });
    expect(p1.data).toMatchObject({ express_status: '2', version: 3, order_express_status: '0' });
    expect((await call(t.app, buyer, 'POST', `${O}express`, { item_id: i1, version: 3, to: '3' })).http).toBe(403);
    expect((await call(t.app, worker, 'POST', `${O}express`, { item_id: i1, version: 3, to: '3' })).data).toMatchObject(
      { express_status: '3', order_express_status: '0' },
    );
    const p2 = await call(t.app, buyer, 'POST', `${O}purchase`, { item_id: i2, version: 1, paid: '3', quantity: 1 });
    expect(
      (await call(t.app, buyer, 'POST', `${O}express`, { item_id: i2, version: p2.data.version, to: '2' })).msg,
    ).toBe('请填写国内快递单号');
    const shipped = await call(t.app, buyer, 'POST', `${O}express`, {
      item_id: i2,
      version: p2.data.version,
      to: '2',
      tracking_no: 'YT9',
    });
    const got = await call(t.app, worker, 'POST', `${O}express`, {
      item_id: i2,
      version: shipped.data.version,
      to: '3',
    });
    expect(got.data).toMatchObject({ express_status: '3', order_express_status: '3' });
    // A stale version is refused.
    expect((await call(t.app, worker, 'POST', `${O}express`, { item_id: i2, version: 1, to: '2' })).http).toBe(409);

    const admin = await w.as(null);
    await call(t.app, admin, 'POST', `${O}note`, { id: w.orderId, text: '客户要求加急' });
    const detail = await call(t.app, admin, 'POST', `${O}detail`, { id: w.orderId });
    expect(detail.data.items[0].purchase).toMatchObject({ paid_minor: 1250, supplier: '1688店', tracking_no: 'SF100' });
    expect(detail.data.events.map((e: { text: string }) => e.text)).toContain('客户要求加急');
    expect((await call(t.app, admin, 'POST', `${O}note`, { id: w.orderId, text: '' })).http).toBe(400);
  });

  it('two buyers purchasing the same item at once: exactly one purchase is recorded, the other is told', async () => {
    const w = await world();
    const [a, b] = [await w.as(3), await w.as(3)];
    const item = w.itemIds[0]!;
    const results = await Promise.all(
      [a, b].map((s, n) =>
        call(t.app, s, 'POST', `${O}purchase`, { item_id: item, version: 1, paid: `${10 + n}`, quantity: 1 }),
      ),
    );
    expect(results.map((r) => r.http).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.http === 409)?.msg).toContain('已被他人处理');
    const rows = await t.db.selectFrom('order_purchases').select('id').where('item_id', '=', item).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses forward steps on a cancelled order and syncing a shop of another tenant', async () => {
    const w = await world();
    await t.db.updateTable('orders').set({ status: 'Canceled' }).where('id', '=', w.orderId).execute();
    const buyer = await w.as(3);
    const r = await call(t.app, buyer, 'POST', `${O}purchase`, {
      item_id: w.itemIds[0],
      version: 1,
      paid: '1',
      quantity: 1,
    });
    expect(r).toMatchObject({ http: 400, msg: '订单已取消或已退款,不能继续采购' });
    const other = await buildTenant(t.db);
    const stranger = await signIn(t.app, other.account, TEST_PASSWORD);
    expect((await call(t.app, stranger, 'POST', `${O}sync`, { shop_id: w.shop.id })).http).toBe(404);
    expect((await call(t.app, buyer, 'POST', `${O}sync`, {})).http).toBe(403);
  });

  it('deletes buyer data 30 days after delivery (the nightly job) and never shows it again', async () => {
    const w = await world();
    await t.db
      .updateTable('orders')
      .set({ buyer_purge_after: new Date(Date.now() - 1000) })
      .where('id', '=', w.orderId)
      .execute();
    const noop = { update: async () => {}, done: async () => {}, fail: async () => {} };
    await orderBuyerPurge.run({ deps: t.deps, job: null, progress: noop, definitions: new Map() }, {});
    const row = await t.db
      .selectFrom('orders')
      .select(['buyer', 'buyer_purged_at', 'ship_city'])
      .where('id', '=', w.orderId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ buyer: null, ship_city: 'Berlin' });
    expect(row.buyer_purged_at).not.toBeNull();
    const admin = await w.as(null);
    expect((await call(t.app, admin, 'POST', `${O}detail`, { id: w.orderId })).data.buyer).toBeNull();
  });

  it('estimates the margin in CNY from the price settings: price minus purchase, 15% fee and freight', async () => {
    const w = await world();
    const admin = await w.as(null);
    // Nothing saved yet: the shipped default rates, as the price settings dialog shows them, no freight.
    const price = convertMoney(minor(3000), 'EUR', 'CNY', defaultRates());
    expect((await call(t.app, admin, 'POST', `${O}detail`, { id: w.orderId })).data.margin).toMatchObject({
      price_cny: price,
      purchase_cny: 0,
      freight_cny: 0,
    });
    const countries = [{ country_code: 'de', exchange_rate: '7.8', margin: 0, shipping: 2000, rounding: 'none' }];
    await t.db
      .insertInto('price_settings')
      .values({
        user_id: w.tenant.id,
        tenant_id: w.tenant.id,
        countries: JSON.stringify(countries),
        updated_at: new Date(),
      })
      .execute();
    const buyer = await w.as(3);
    await call(t.app, buyer, 'POST', `${O}purchase`, { item_id: w.itemIds[0], version: 1, paid: '40', quantity: 1 });
    const d = await call(t.app, admin, 'POST', `${O}detail`, { id: w.orderId });
    // 30.00 EUR x 7.8 = 234.00 CNY; paid 40.00; fee 35.10; freight 20.00.
    expect(d.data.margin).toEqual({
      price_cny: 23400,
      purchase_cny: 4000,
      fee_cny: 3510,
      freight_cny: 2000,
      freight_source: 'setting',
      expected_freight_cny: 2000,
      margin_cny: 13890,
    });

    // The parcel's quote on its channel (预估), then the waybill's fee (实际), replace the setting (issue 29 §1).
    const channel = await t.db
      .insertInto('logistics_channels')
      .values({
        book_id: 0,
        name: '测试渠道',
        carrier_code: 'SIM',
        countries: ['DE'],
        first_weight_g: 500,
        first_price: 4000,
        step_weight_g: 500,
        step_price: 1000,
        created_by: w.tenant.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const parcel = await t.db
      .insertInto('logistics_parcels')
      .values({
        tenant_id: w.tenant.id,
        order_id: w.orderId,
        channel_id: channel.id,
        weight_g: 600,
        length_mm: 100,
        width_mm: 100,
        height_mm: 100,
        is_electric: false,
        country: 'DE',
        chargeable_g: 600,
        freight: 5000,
        service_fee: 300,
        estimate: null,
        margin: null,
        review_status: 'passed',
        hold_reasons: [],
        created_by: w.tenant.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const quoted = await call(t.app, admin, 'POST', `${O}detail`, { id: w.orderId });
    expect(quoted.data.margin).toMatchObject({
      freight_cny: 5300,
      freight_source: 'quote',
      expected_freight_cny: 2000,
      margin_cny: 10590,
    });
    await t.db
      .insertInto('logistics_waybills')
      .values({
        tenant_id: w.tenant.id,
        parcel_id: parcel.id,
        order_id: w.orderId,
        channel_id: channel.id,
        waybill_no: `WB-${w.orderId}`,
        carrier_code: 'SIM',
        label: null,
        freight: 4800,
        service_fee: 300,
        weight_g: 600,
        created_by: w.tenant.id,
      })
      .execute();
    const billed = await call(t.app, admin, 'POST', `${O}detail`, { id: w.orderId });
    expect(billed.data.margin).toMatchObject({ freight_cny: 5100, freight_source: 'actual', margin_cny: 10790 });
  });
});
