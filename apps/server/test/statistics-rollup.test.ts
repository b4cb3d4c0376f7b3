import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setTenantTimeZone } from '../src/modules/account/tenant-time-zone.repository.js';
import { type OrderStatsSum, orderStatsSumsRaw } from '../src/modules/statistics/order-stats.repository.js';
import { orderStatsSums } from '../src/modules/statistics/order-stats-rollup.repository.js';
import { useTestApp } from './harness.js';
import {
  DAY,
  insertPurchase,
  insertShippedWaybill,
  insertStatsOrder,
  statsShop,
  statsTenant,
} from './statistics-support.js';

const t = useTestApp();

const sorted = (xs: OrderStatsSum[]) =>
  [...xs].sort((a, b) =>
    `${a.dim}|${a.key}|${a.marketplace}|${a.currency}`.localeCompare(
      `${b.dim}|${b.key}|${b.marketplace}|${b.currency}`,
    ),
  );

/** A small deterministic pseudo-random sequence (the data differs by seed, not by run). */
function rng(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

describe('订单统计 daily rollup', () => {
  it('answers exactly as the order rows, after edits, cancels, refunds and a time-zone change', async () => {
    const a = await statsTenant(t);
    const b = await statsTenant(t);
    await setTenantTimeZone(t.db, a.tenant.id, 'Asia/Kolkata');
    const s1 = await statsShop(t.db, a.tenant, '德国店', ['de', 'fr']);
    const s2 = await statsShop(t.db, a.tenant, '英国店', ['en']);
    const sb = await statsShop(t.db, b.tenant, 'B店', ['de']);
    const goods = await a.goods(a.worker, Math.floor(Date.now() / 1000) - 20 * DAY);
    await sql`update goods set base_info = base_info || '{"cost_price": "700"}'::jsonb where id = ${goods}`.execute(
      t.db,
    );
    // Kolkata midnight is 18:30 UTC: orders within minutes of it, and anywhere in the day.
    const midnight = Math.floor(Date.now() / 1000 / DAY) * DAY - 5.5 * 3600;
    const r = rng(31);
    const orders: { id: number; itemIds: number[] }[] = [];
    for (let n = 0; n < 30; n++) {
      const day = midnight - Math.floor(r() * 8) * DAY;
      const at = n % 3 === 0 ? day + Math.round((r() - 0.5) * 600) : day - Math.floor(r() * DAY);
      const en = n % 4 === 0;
      const o = await insertStatsOrder(t.db, a.tenant.id, {
        shopId: en ? s2.id : s1.id,
        marketplace: en ? 'en' : n % 2 ? 'de' : 'fr',
        currency: en ? 'GBP' : 'EUR',
        status: n % 7 === 0 ? 'Canceled' : n % 2 ? 'Shipped' : 'Unshipped',
        at,
        assignedTo: n % 5 === 0 ? null : n % 3 ? a.worker.id : a.buyer.id,
        items: [
          { price: 1000 + n * 37, qty: 1 + (n % 3), goodsId: n % 6 === 0 ? goods : undefined },
          ...(n % 4 === 1 ? [{ price: 999, qty: 1 }] : []),
        ],
      });
      orders.push(o);
      if (n % 3 === 1) {
        await insertPurchase(t.db, a.tenant.id, {
          orderId: o.id,
          itemId: o.itemIds[0]!,
          paid: 400 + n,
          by: a.buyer.id,
          at,
        });
      }
      if (n % 4 === 2) {
        await insertShippedWaybill(t.db, a.tenant.id, {
          orderId: o.id,
          freight: 900 + n,
          serviceFee: 100,
          by: a.worker.id,
          at,
        });
      }
      // The other tenant's rows on the same days must never count.
      if (n % 5 === 0)
        await insertStatsOrder(t.db, b.tenant.id, {
          shopId: sb.id,
          marketplace: 'de',
          currency: 'EUR',
          status: 'Shipped',
          at,
          items: [{ price: 5000, qty: 1 }],
        });
    }
    const now = Math.floor(Date.now() / 1000);
    const ranges = [
      [now - 8 * DAY, now],
      [midnight - 6 * DAY, midnight - 2 * DAY - 1],
      [midnight - 5 * DAY + 4321, midnight - 1 * DAY - 999],
      [midnight - 3 * DAY + 100, midnight - 3 * DAY + 50_000],
      // Edges minutes inside a day: the day is read whole from the rollup minus its outer minutes.
      [midnight - 5 * DAY + 600, midnight - 1 * DAY - 700],
      [midnight - 3 * DAY + 200, midnight - 2 * DAY - 300],
      // Edges minutes outside a day: its inner minutes are added from the order rows.
      [midnight - 6 * DAY - 500, midnight - 4 * DAY + 400],
      // A range of one second (empty) and of two seconds across midnight.
      [midnight - 4 * DAY + 30_000, midnight - 4 * DAY + 30_000],
      [midnight - 6 * DAY - 1, midnight - 6 * DAY],
    ];
    const check = async (tz: string) => {
      for (const [s, e] of ranges) {
        const range = { from: new Date(s! * 1000), to: new Date((e! + 1) * 1000) };
        const rolled = await orderStatsSums(t.db, a.tenant.id, range, tz);
        const raw = await orderStatsSumsRaw(t.db, a.tenant.id, range, tz);
        expect(sorted(rolled)).toEqual(sorted(raw));
      }
    };
    await check('Asia/Kolkata');
    // A write the rollup has not taken (no refresh before the read) in the outer part of a day the
    // range would subtract: the read sees its mark and adds the day's inner part instead.
    await insertStatsOrder(t.db, a.tenant.id, {
      shopId: s1.id,
      marketplace: 'de',
      currency: 'EUR',
      status: 'Shipped',
      at: midnight - 5 * DAY + 100,
      items: [{ price: 777, qty: 1 }],
    });
    const subRange = { from: new Date((midnight - 5 * DAY + 600) * 1000), to: new Date((midnight - DAY - 699) * 1000) };
    expect(sorted(await orderStatsSums(t.db, a.tenant.id, subRange, 'Asia/Kolkata', false))).toEqual(
      sorted(await orderStatsSumsRaw(t.db, a.tenant.id, subRange, 'Asia/Kolkata')),
    );
    await check('Asia/Kolkata');
    const built = await sql<{
      n: string;
    }>`select count(*) as n from order_stats_days where tenant_id = ${a.tenant.id}`.execute(t.db);
    expect(Number(built.rows[0]!.n)).toBeGreaterThanOrEqual(7);
    const totalOf = (xs: OrderStatsSum[]) =>
      xs.filter((x) => x.dim === 'marketplace').reduce((s, x) => s + x.orders, 0);
    const wide = { from: new Date((now - 8 * DAY) * 1000), to: new Date((now + 1) * 1000) };
    const before = totalOf(await orderStatsSums(t.db, a.tenant.id, wide, 'Asia/Kolkata'));

    // Edits: a cancel, a refund, a price, a purchase, a waybill cancelled, a cost price, a move
    // across a day boundary, a new assignee, a deleted order and a new one.
    const pick = (n: number) => orders[n] ?? expect.fail(`order ${n} missing`);
    const [o0, o1, o2, o3, o4, o5, o6] = [pick(1), pick(2), pick(3), pick(6), pick(5), pick(8), pick(9)];
    await sql`update orders set status = 'Canceled' where id = ${o0.id}`.execute(t.db);
    await sql`update orders set status = 'refund' where id = ${o1.id}`.execute(t.db);
    await sql`update order_items set item_price_minor = item_price_minor + 555 where id = ${o2.itemIds[0]!}`.execute(
      t.db,
    );
    await insertPurchase(t.db, a.tenant.id, {
      orderId: o3.id,
      itemId: o3.itemIds[0]!,
      paid: 321,
      by: a.buyer.id,
      at: now,
    });
    await sql`update logistics_waybills set cancelled_at = now() where order_id = ${orders[2]!.id}`.execute(t.db);
    await sql`update goods set base_info = base_info || '{"cost_price": "901"}'::jsonb where id = ${goods}`.execute(
      t.db,
    );
    await sql`update orders set purchase_date = purchase_date - interval '1 day 2 hours' where id = ${o4.id}`.execute(
      t.db,
    );
    await sql`update orders set assigned_to = ${a.leader.id} where id = ${o5.id}`.execute(t.db);
    await sql`delete from orders where id = ${o6.id}`.execute(t.db);
    await insertStatsOrder(t.db, a.tenant.id, {
      shopId: s1.id,
      marketplace: 'de',
      currency: 'EUR',
      status: 'Shipped',
      at: midnight - 2 * DAY + 30,
      items: [{ price: 4242, qty: 2 }],
    });
    await check('Asia/Kolkata');
    expect(totalOf(await orderStatsSums(t.db, a.tenant.id, wide, 'Asia/Kolkata'))).not.toBe(before);

    // Another calendar: every day is rebuilt in it.
    await setTenantTimeZone(t.db, a.tenant.id, 'America/New_York');
    await check('America/New_York');
    const zones = await sql<{ time_zone: string }>`
      select distinct time_zone from order_stats_days where tenant_id = ${a.tenant.id}`.execute(t.db);
    expect(zones.rows.map((z) => z.time_zone)).toEqual(['America/New_York']);
  });
});
