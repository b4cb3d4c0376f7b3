import { PRICE_COUNTRIES } from '@console/shared/constants/marketplaces';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/types.js';
import { call, type Session, useTestApp } from './harness.js';
import { insertSite, type SiteRow } from './site/site-catalog-support.js';
import { DAY, insertStatsOrder, nowSec, statsShop, statsTenant } from './statistics-support.js';

// Site orders in the manager's figures (docs/statistics.md "Site orders"): 订单统计's 独立站 rows and
// 首页's 独立站 group, against sums computed by hand.
const t = useTestApp();
const U = '/PDD/amazon-user/';
let admin: Session;
let worker: Session;
let now: number;
let amazonOrder: number;

async function siteOrder(
  site: SiteRow,
  no: string,
  o: { status: string; currency: string; total: number; items: number; at: number },
) {
  await sql`
    insert into site_orders (tenant_id, site_id, order_no, status, lang, currency, total_minor, item_count, lines, buyer,
      submit_key, created_at)
    values (${site.tenantId}, ${site.id}, ${no}, ${o.status}, 'en', ${o.currency}, ${o.total}, ${o.items}, '[]', '{}',
      ${`key-${no}`}, to_timestamp(${o.at}))`.execute(t.db);
}

/** Exact rates in the tenant's price settings: 1 EUR = 8 CNY, 1 USD = 7 CNY (every country of those currencies). */
async function rates(tenant: UserRow) {
  const countries = PRICE_COUNTRIES.filter((c) => c.currency === 'EUR' || c.currency === 'USD').map((c) => ({
    country_code: c.country_code,
    exchange_rate: c.currency === 'EUR' ? '8' : '7',
    margin: 30,
    shipping: 0,
    rounding: 'up99',
  }));
  await t.db
    .insertInto('price_settings')
    .values({
      tenant_id: tenant.id,
      user_id: tenant.id,
      countries: JSON.stringify(countries),
      quantity_lo: 19,
      quantity_hi: 55,
    })
    .execute();
}

beforeAll(async () => {
  await statsTenant(t); // the operator (first account)
  const a = await statsTenant(t);
  const b = await statsTenant(t);
  await rates(a.tenant);
  now = nowSec();
  const shop = await statsShop(t.db, a.tenant, '德国店', ['de']);
  amazonOrder = (
    await insertStatsOrder(t.db, a.tenant.id, {
      shopId: shop.id,
      marketplace: 'de',
      currency: 'EUR',
      status: 'Unshipped',
      at: now - DAY,
      assignedTo: a.worker.id,
      items: [{ price: 2000, qty: 1 }],
    })
  ).id;
  const site = await insertSite(t.db, a.tenant.id, { slug: 'stats-site' });
  const other = await insertSite(t.db, b.tenant.id, { slug: 'stats-other' });
  await siteOrder(site, 'S1', { status: 'paid', currency: 'EUR', total: 1999, items: 2, at: now - DAY });
  await siteOrder(site, 'S2', { status: 'paid', currency: 'EUR', total: 501, items: 1, at: now - 2 * DAY });
  await siteOrder(site, 'S3', { status: 'paid', currency: 'USD', total: 1000, items: 1, at: now - DAY });
  await siteOrder(site, 'S4', { status: 'pending', currency: 'EUR', total: 9999, items: 9, at: now - DAY });
  await siteOrder(site, 'S5', { status: 'cancelled', currency: 'EUR', total: 7777, items: 7, at: now - DAY });
  await siteOrder(site, 'S6', { status: 'paid', currency: 'EUR', total: 3000, items: 3, at: now - 40 * DAY });
  await siteOrder(site, 'S7', { status: 'pending', currency: 'EUR', total: 100, items: 1, at: now });
  await siteOrder(other, 'B1', { status: 'paid', currency: 'EUR', total: 5000, items: 5, at: now - DAY });
  admin = await a.as(a.tenant);
  worker = await a.as(a.worker);
});

type Row = {
  key: string;
  label: string;
  orders: number;
  units: number;
  sales_cny: number | null;
  margin_cny: number | null;
};
const stats = (q: Record<string, number>) =>
  call(
    t.app,
    admin,
    'GET',
    `${U}orderStatistical?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`,
  );
const sum = (rows: Row[]) => rows.reduce((n, r) => n + r.orders, 0);

describe('site orders in the figures', () => {
  it('订单统计: a 独立站 row among shops and marketplaces with its sales in CNY, in the total, without a margin', async () => {
    const r = await call(t.app, admin, 'GET', `${U}orderStatistical`);
    expect(r.status, r.msg).toBe(200);
    const d = r.data;
    // Paid site orders of the last 30 days: S1 (2 units, 19.99 EUR), S2 (1, 5.01 EUR), S3 (1, 10.00 USD).
    // CNY: (1999 + 501) x 8 + 1000 x 7 = 27000 fen. Pending, cancelled, 40-day-old and tenant B's are out.
    const siteRow = { key: 'site', label: '独立站', orders: 3, units: 4, sales_cny: 27000, margin_cny: null };
    expect(d.by_shop.find((x: Row) => x.key === 'site')).toMatchObject({
      ...siteRow,
      sales: [
        { currency: 'EUR', minor: 2500 },
        { currency: 'USD', minor: 1000 },
      ],
    });
    expect(d.by_marketplace.find((x: Row) => x.key === 'site')).toMatchObject(siteRow);
    // With the Amazon order (20.00 EUR = 16000 fen): 4 orders, 5 units, 43000 fen.
    expect(d.total).toMatchObject({
      orders: 4,
      units: 5,
      sales_cny: 43000,
      sales: [
        { currency: 'EUR', minor: 4500 },
        { currency: 'USD', minor: 1000 },
      ],
    });
    // The margin is the Amazon order's alone (its marketplace's figure, the order detail's estimate).
    const de = d.by_marketplace.find((x: Row) => x.key === 'de');
    expect(de.margin_cny).not.toBeNull();
    expect(d.total.margin_cny).toBe(de.margin_cny);
    const detail = await call(t.app, admin, 'POST', '/PDD/order/detail', { id: amazonOrder });
    expect(de.margin_cny).toBe(detail.data.margin.margin_cny);
    // Site orders have no assignee: 未分配; every grouping adds up to the total.
    expect(d.by_staff.find((x: Row) => x.key === '')).toMatchObject({ label: '未分配', orders: 3, units: 4 });
    for (const rows of [d.by_shop, d.by_marketplace, d.by_staff, d.by_day]) expect(sum(rows)).toBe(4);
    expect(d.missing_rates).toEqual([]);
  });

  it('订单统计: the range decides by the order’s creation time, both ends inclusive', async () => {
    const r = await stats({ startTime: now - DAY, endTime: now });
    const site = r.data.by_shop.find((x: Row) => x.key === 'site');
    expect(site).toMatchObject({ orders: 2, units: 3, sales_cny: 1999 * 8 + 1000 * 7 });
    const old = await stats({
      startTime: now - 41 * DAY,
      endTime: now - 39 * DAY,
    });
    expect(old.data.by_shop).toEqual([expect.objectContaining({ key: 'site', orders: 1, units: 3, sales_cny: 24000 })]);
    expect(old.data.total).toMatchObject({ orders: 1, sales_cny: 24000, margin_cny: 0 });
  });

  it('首页: a 独立站 group (today, 已付款, 待付款) for those who build the site; none for a worker', async () => {
    const r = await call(t.app, admin, 'GET', `${U}getNewReport`);
    expect(r.status, r.msg).toBe(200);
    // Today: S7 (placed now; S1..S5 a day ago or more). Paid: S1, S2, S3, S6. Pending: S4, S7.
    expect(r.data.site_orders).toEqual({ today: 1, paid: 4, pending: 2 });
    const w = await call(t.app, worker, 'GET', `${U}getNewReport`);
    expect(w.status, w.msg).toBe(200);
    expect(w.data.site_orders).toBeNull();
  });
});
