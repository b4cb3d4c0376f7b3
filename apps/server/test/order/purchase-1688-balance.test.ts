// 1688下单 with the platform paying 1688 for the tenant (issue 29 §3, docs/finance.md "Purchases"):
// 1688's quoted price is held on the balance before the order is placed, so a balance that cannot
// pay is refused with nothing placed and nothing charged, a top-up lets it through, and two
// purchases at once on a balance that pays one place exactly one.
import { minor, toDecimalString } from '@console/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAli1688 } from '../../src/ali1688/ali1688.factory.js';
import { type Ali1688Simulator, startAli1688Simulator } from '../../src/ali1688/ali1688.simulator.js';
import * as ledger from '../../src/modules/finance/ledger.service.js';
import { buildGoods } from '../factories.js';
import { call, useTestApp } from '../harness.js';
import { orderWorld } from './order-support.js';

const t = useTestApp();
const O = '/PDD/order/';
const OFFER = '612345678123';
let sim: Ali1688Simulator;
let setting: typeof t.deps.config.ali1688;

beforeAll(async () => {
  sim = await startAli1688Simulator({ shipAfterMs: 60_000 });
  setting = t.deps.config.ali1688;
  t.deps.config.ali1688 = { ...setting, baseUrl: sim.url, appKey: 'k' };
});
afterAll(async () => {
  t.deps.config.ali1688 = setting;
  await closeAli1688();
  await sim.close();
});

/** A tenant with one order of `count` items, each linked to the 1688 offer. */
async function world(count: number) {
  const w = await orderWorld(t, { name: '代采店', sellerPrefix: 'B' });
  const o = await w.addOrder({
    amazonOrderId: w.amazonId('305', 1),
    totalMinor: 3000 * count,
    items: Array.from({ length: count }, (_, n) => ({
      amazonItemId: `B-${n}`,
      asin: `B0BALANCE${n}`,
      sku: `BAL-${n}`,
      title: `Item ${n}`,
      quantity: 1,
      priceMinor: 3000,
    })),
  });
  const goods = await buildGoods(t.db, w.tenant);
  await t.db
    .updateTable('goods')
    .set({ link_url: `https://detail.1688.com/offer/${OFFER}.html` })
    .where('id', '=', goods.id)
    .execute();
  await t.db
    .updateTable('order_items')
    .set({ goods_id: Number(goods.id) })
    .where('order_id', '=', o.id)
    .execute();
  return { w, orderId: o.id, items: o.itemIds };
}

const topUp = (tenantId: number, amount: number, key: string) =>
  ledger.topUp(t.db, { tenantId, idemKey: key, ref: { type: 'topup', id: key }, amount });

async function entries(tenantId: number) {
  return t.db
    .selectFrom('ledger_entries')
    .select(['op', 'amount'])
    .where('tenant_id', '=', tenantId)
    .where('ref_type', '=', 'purchase')
    .orderBy('id')
    .execute();
}

describe('1688下单: the balance pays before 1688 is called', () => {
  it('is refused with the shortfall and 充值 when the balance cannot pay; nothing placed, nothing charged; a top-up lets it through', async () => {
    const { w, items } = await world(1);
    const buyer = await w.as(3);
    const price = sim.priceOf(OFFER) * 2;
    await topUp(w.tenant.id, price - 1, 'low');
    const placedBefore = sim.orders.size;

    const poor = await call(t.app, buyer, 'POST', `${O}purchase1688`, { item_id: items[0], version: 1, quantity: 2 });
    expect(poor.http).toBe(400);
    const yuan = (fen: number) => `¥${toDecimalString(minor(fen), 'CNY')}`;
    expect(poor.msg).toBe(
      `余额不足:可用余额(含信用额度)${yuan(price - 1)},本次1688采购 ${yuan(price)}(1688报价,含运费),还差 ¥0.01。请先充值后再下单`,
    );
    expect(poor.data).toMatchObject({ code: 'INSUFFICIENT_BALANCE', missing: 1 });
    // Nothing at 1688, nothing charged or held, nothing kept, the item not purchased.
    expect(sim.orders.size).toBe(placedBefore);
    expect(await entries(w.tenant.id)).toEqual([]);
    expect(await ledger.balancesOf(t.db, w.tenant.id)).toMatchObject({ available: price - 1, frozen: 0 });
    const kept = await t.db
      .selectFrom('order_purchases_1688')
      .select('id')
      .where('tenant_id', '=', w.tenant.id)
      .execute();
    expect(kept).toEqual([]);
    const item = await t.db
      .selectFrom('order_items')
      .select(['express_status', 'version'])
      .where('id', '=', items[0]!)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ express_status: '0', version: 1 });

    // The missing fen topped up: placed, held, released and charged in one go.
    await topUp(w.tenant.id, 1, 'cent');
    const ok = await call(t.app, buyer, 'POST', `${O}purchase1688`, { item_id: items[0], version: 1, quantity: 2 });
    expect(ok.status, ok.msg).toBe(200);
    expect(sim.orders.size).toBe(placedBefore + 1);
    // Held, released and charged once, in that order; the balance paid exactly the price.
    expect(await entries(w.tenant.id)).toEqual([
      { op: 'freeze', amount: 0 },
      { op: 'release', amount: 0 },
      { op: 'charge', amount: -price },
    ]);
    expect(await ledger.balancesOf(t.db, w.tenant.id)).toMatchObject({ available: 0, frozen: 0 });
  });

  it('two purchases at once on a balance that pays one: exactly one is placed and charged', async () => {
    const { w, items } = await world(2);
    const buyer = await w.as(3);
    const price = sim.priceOf(OFFER);
    const half = Math.floor(price / 2);
    await topUp(w.tenant.id, price + half, 'one');
    const placedBefore = sim.orders.size;
    const tries = await Promise.all(
      items.map((id) => call(t.app, buyer, 'POST', `${O}purchase1688`, { item_id: id, version: 1, quantity: 1 })),
    );
    expect(tries.map((r) => r.http).sort()).toEqual([200, 400]);
    expect(tries.find((r) => r.http === 400)!.msg).toMatch(
      /^余额不足:可用余额\(含信用额度\).*还差 .*请先充值后再下单$/,
    );
    expect(sim.orders.size).toBe(placedBefore + 1);
    const charges = (await entries(w.tenant.id)).filter((e) => e.op === 'charge');
    expect(charges).toEqual([{ op: 'charge', amount: -price }]);
    expect(await ledger.balancesOf(t.db, w.tenant.id)).toMatchObject({ available: half, frozen: 0 });
    const purchased = await t.db.selectFrom('order_items').select('express_status').where('id', 'in', items).execute();
    expect(purchased.map((p) => p.express_status).sort()).toEqual(['0', '1']);
  });

  it('a delisted offer is refused by 1688 before any money moves', async () => {
    const { w, items } = await world(1);
    const buyer = await w.as(3);
    await topUp(w.tenant.id, 100_000, 'rich');
    await t.db
      .updateTable('goods')
      .set({ link_url: 'https://detail.1688.com/offer/612345678000.html' })
      .where('tenant_id', '=', w.tenant.id)
      .execute();
    const r = await call(t.app, buyer, 'POST', `${O}purchase1688`, { item_id: items[0], version: 1, quantity: 1 });
    expect([r.http, r.msg]).toEqual([400, '1688: 该商品已下架']);
    expect(await entries(w.tenant.id)).toEqual([]);
    expect(await ledger.balancesOf(t.db, w.tenant.id)).toMatchObject({ available: 100_000, frozen: 0 });
  });
});
