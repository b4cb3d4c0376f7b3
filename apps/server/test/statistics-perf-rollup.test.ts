import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setTenantTimeZone } from '../src/modules/account/tenant-time-zone.repository.js';
import { foldStatusCounts, tenantStatusCounts } from '../src/modules/home/order-status-counts.repository.js';
import { orderStatsSums } from '../src/modules/statistics/order-stats-rollup.repository.js';
import { perfCountsRolled } from '../src/modules/statistics/perf-stats-rollup.repository.js';
import { performanceCounts } from '../src/modules/statistics/statistics.repository.js';
import { drainStatsRollups } from '../src/modules/statistics/statistics-drain.job.js';
import { call, useTestApp } from './harness.js';
import {
  DAY,
  insertPurchase,
  insertShippedWaybill,
  insertStatsOrder,
  insertUpload,
  statsShop,
  statsTenant,
} from './statistics-support.js';

const t = useTestApp();

type Count = { user_id: number; kind: string; n: number };
const norm = (xs: Count[]) =>
  xs
    .filter((x) => x.n !== 0)
    .map((x) => `${x.kind}|${x.user_id}|${x.n}`)
    .sort();

describe('员工绩效 daily rollup', () => {
  it('answers exactly as the rows (repeats on several days, edges), and a write moves the figure on the next read', async () => {
    const a = await statsTenant(t);
    const b = await statsTenant(t);
    const tz = 'Asia/Kolkata';
    await setTenantTimeZone(t.db, a.tenant.id, tz);
    const shop = await statsShop(t.db, a.tenant, '德国店', ['de']);
    const shopB = await statsShop(t.db, b.tenant, 'B店', ['de']);
    // Kolkata midnight is 18:30 UTC; events within minutes of it and mid-day, over 6 days.
    const midnight = Math.floor(Date.now() / 1000 / DAY) * DAY - 5.5 * 3600;
    const at = (day: number, off: number) => midnight - day * DAY + off;
    const people = [a.worker, a.buyer, a.leader];
    const goods: number[] = [];
    for (let n = 0; n < 6; n++) goods.push(await a.goods(people[n % 3]!, at(n, n % 2 ? -120 : 300)));
    // The same products uploaded by the same person on several days (repeats), some live.
    for (let d = 0; d < 6; d++) {
      await insertUpload(t.db, a.tenant.id, {
        shopId: shop.id,
        by: people[d % 2]!.id,
        at: at(d, d % 2 ? 90 : -3600),
        goods: [goods[d % 3]!, goods[3 + (d % 2)]!],
        live: d % 3 === 0 ? [goods[d % 3]!] : [],
      });
    }
    // Orders purchased item by item on different days by the same and by other people.
    const orders: number[] = [];
    for (let n = 0; n < 5; n++) {
      const o = await insertStatsOrder(t.db, a.tenant.id, {
        shopId: shop.id,
        marketplace: 'de',
        currency: 'EUR',
        status: 'Shipped',
        at: at(6, 0),
        items: [
          { price: 1000, qty: 1 },
          { price: 1200, qty: 1 },
        ],
      });
      orders.push(o.id);
      await insertPurchase(t.db, a.tenant.id, {
        orderId: o.id,
        itemId: o.itemIds[0]!,
        paid: 1,
        by: a.buyer.id,
        at: at(n, 60),
      });
      await insertPurchase(t.db, a.tenant.id, {
        orderId: o.id,
        itemId: o.itemIds[1]!,
        paid: 1,
        by: n % 2 ? a.buyer.id : a.worker.id,
        at: at(Math.max(0, n - 2), -60),
      });
      // (One active waybill per order: a second shipment needs a problem parcel, not made here.)
      const by = n % 2 ? a.worker.id : a.leader.id;
      await insertShippedWaybill(t.db, a.tenant.id, { orderId: o.id, freight: 1, serviceFee: 1, by, at: at(n, 10) });
    }
    // The other tenant's rows on the same days never count.
    const gb = await b.goods(b.worker, at(1, 0));
    await insertUpload(t.db, b.tenant.id, { shopId: shopB.id, by: b.worker.id, at: at(1, 0), goods: [gb], live: [gb] });

    const now = Math.floor(Date.now() / 1000);
    const ranges = [
      [now - 8 * DAY, now],
      [midnight - 5 * DAY, midnight - 1 * DAY - 1],
      [midnight - 4 * DAY + 4321, midnight - 1 * DAY + 999],
      [midnight - 3 * DAY + 100, midnight - 3 * DAY + 50_000],
      [midnight - 2 * DAY - 200, midnight - 2 * DAY + 200],
    ];
    const check = async (zone: string) => {
      for (const [s, e] of ranges) {
        const range = { from: new Date(s! * 1000), to: new Date((e! + 1) * 1000) };
        const rolled = await perfCountsRolled(t.db, a.tenant.id, range, zone);
        expect(norm(rolled), `${s}..${e}`).toEqual(norm(await performanceCounts(t.db, a.tenant.id, range)));
      }
    };
    await check(tz);
    const repeats = await sql<{ n: string }>`
      select count(*) as n from perf_stats_repeat where tenant_id = ${a.tenant.id}`.execute(t.db);
    expect(Number(repeats.rows[0]!.n)).toBeGreaterThan(0);

    // Through the API: each kind of write moves its figure on the next read.
    const admin = await a.as(a.tenant);
    const range = { startTime: now - 8 * DAY, endTime: now };
    const total = async () => {
      const r = await call(
        t.app,
        admin,
        'GET',
        `/PDD/amazon-user/performanceStatistical?startTime=${range.startTime}&endTime=${range.endTime}`,
      );
      expect(r.status, r.msg).toBe(200);
      return r.data.total as Record<string, number>;
    };
    const before = await total();
    const mid = at(3, 5000);
    await a.goods(a.worker, mid);
    const fresh = await a.goods(a.worker, at(9, 0)); // created before the range: only its upload counts
    await insertUpload(t.db, a.tenant.id, { shopId: shop.id, by: a.worker.id, at: mid, goods: [fresh], live: [fresh] });
    const o = await insertStatsOrder(t.db, a.tenant.id, {
      shopId: shop.id,
      marketplace: 'de',
      currency: 'EUR',
      status: 'Unshipped',
      at: mid,
      items: [{ price: 1, qty: 1 }],
    });
    await insertPurchase(t.db, a.tenant.id, { orderId: o.id, itemId: o.itemIds[0]!, paid: 1, by: a.buyer.id, at: mid });
    await insertShippedWaybill(t.db, a.tenant.id, {
      orderId: o.id,
      freight: 1,
      serviceFee: 1,
      by: a.worker.id,
      at: mid,
    });
    expect(await total()).toEqual({
      goods_created: before.goods_created! + 1,
      goods_uploaded: before.goods_uploaded! + 1,
      goods_live: before.goods_live! + 1,
      orders_purchased: before.orders_purchased! + 1,
      orders_shipped: before.orders_shipped! + 1,
    });

    // Removing an earlier event of a pair turns a repeat into a first event; a cancel drops one.
    await sql`delete from order_purchases where order_id = ${orders[3]!} and created_by = ${a.buyer.id}
      and created_at = (select min(created_at) from order_purchases where order_id = ${orders[3]!})`.execute(t.db);
    await sql`update logistics_waybills set cancelled_at = now() where order_id = ${orders[1]!}`.execute(t.db);
    await sql`update upload_items set status = 'live' where tenant_id = ${a.tenant.id} and goods_id = ${goods[1]!}`.execute(
      t.db,
    );
    await sql`update goods set created_at = created_at - interval '1 day 3 hours' where id = ${goods[2]!}`.execute(
      t.db,
    );
    await check(tz);

    // The drain job takes the marks and rebuilds the built days; the answer stays exact.
    const week = { from: new Date((now - 8 * DAY) * 1000), to: new Date((now + 1) * 1000) };
    await orderStatsSums(t.db, a.tenant.id, week, tz); // 订单统计's days built too: both drained
    const late = await insertStatsOrder(t.db, a.tenant.id, {
      shopId: shop.id,
      marketplace: 'de',
      currency: 'EUR',
      status: 'Shipped',
      at: at(2, 0),
      items: [{ price: 1, qty: 1 }],
    });
    await insertPurchase(t.db, a.tenant.id, {
      orderId: late.id,
      itemId: late.itemIds[0]!,
      paid: 1,
      by: a.leader.id,
      at: at(2, 77),
    });
    await drainStatsRollups(t.db);
    const left = await sql<{ n: string }>`
      select (select count(*) from perf_stats_dirty where tenant_id = ${a.tenant.id})
        + (select count(*) from order_stats_dirty where tenant_id = ${a.tenant.id}) as n`.execute(t.db);
    expect(Number(left.rows[0]!.n)).toBe(0);
    await check(tz);

    // Another calendar: every day is rebuilt in it.
    await setTenantTimeZone(t.db, a.tenant.id, 'America/New_York');
    await check('America/New_York');
  });

  it('首页 kept order counts per status stay equal to the orders after inserts, status changes, deletes and a fold', async () => {
    const a = await statsTenant(t);
    const shop = await statsShop(t.db, a.tenant, '店', ['de']);
    const now = Math.floor(Date.now() / 1000);
    const ids: number[] = [];
    for (let n = 0; n < 6; n++) {
      const o = await insertStatsOrder(t.db, a.tenant.id, {
        shopId: shop.id,
        marketplace: 'de',
        currency: 'EUR',
        status: n % 2 ? 'Unshipped' : 'Shipped',
        at: now - n * 3600,
        items: [{ price: 1, qty: 1 }],
      });
      ids.push(o.id);
    }
    const statuses = ['Pending', 'Unshipped', 'Shipped'];
    const same = async () => {
      const direct = await sql<{ status: string; n: string }>`
        select status, count(*) as n from orders where tenant_id = ${a.tenant.id} group by status`.execute(t.db);
      const want = new Map(direct.rows.filter((r) => statuses.includes(r.status)).map((r) => [r.status, Number(r.n)]));
      expect(await tenantStatusCounts(t.db, a.tenant.id, statuses)).toEqual(want);
    };
    await same();
    await sql`update orders set status = 'Pending' where id = any(${ids.slice(0, 3)})`.execute(t.db);
    await sql`update orders set last_update_date = now() where tenant_id = ${a.tenant.id}`.execute(t.db);
    await sql`delete from orders where id = ${ids[5]!}`.execute(t.db);
    await same();
    await foldStatusCounts(t.db);
    const rows = await sql<{ n: string }>`
      select count(*) as n from order_status_counts where tenant_id = ${a.tenant.id}`.execute(t.db);
    expect(Number(rows.rows[0]!.n)).toBeLessThanOrEqual(3);
    await same();
  });
});
