import { MARKETPLACES } from '@console/shared/constants/marketplaces';
import { convertMoney, divRoundHalfAway, minor } from '@console/shared/money';
import type { OrderStatsData, OrderStatsRow } from '@console/shared/schemas/statistics';
import type { AppDeps } from '../../context.js';
import { tenantTimeZone } from '../account/tenant-time-zone.repository.js';
import { getPriceInfo } from '../goods/price-settings.service.js';
import { type OrderDim, type OrderStatsSum, orderStatsLabels } from './order-stats.repository.js';
import { orderStatsSums } from './order-stats-rollup.repository.js';
import { siteOrderDaySums } from './site-order-stats.repository.js';
import type { StatsRange } from './stats-range.js';

/** Estimated Amazon referral fee of the margin estimate: 15% of the price (as order.service.ts). */
const REFERRAL_PERCENT = 15n;

type Country = Awaited<ReturnType<typeof getPriceInfo>>['price_country'][number];

/**
 * The rate and shipping the order module's margin estimate uses for an order of `marketplace` in
 * `currency`: the marketplace's own price setting when its currency matches, else the first country
 * of that currency; CNY needs none. Null: no rate (no margin, no CNY sales).
 */
function rateOf(countries: Country[], marketplace: string, currency: string) {
  const own = countries.find((c) => c.country_code === marketplace);
  const rate =
    own?.currency === currency ? own.exchange_rate : countries.find((c) => c.currency === currency)?.exchange_rate;
  if (!rate && currency !== 'CNY') return null;
  return { rates: { as_of: '1970-01-01', rates: { [currency]: rate ?? '1' } }, shipping: own?.shipping ?? 0 };
}

interface Acc {
  orders: number;
  units: number;
  sales: Map<string, number>;
  salesCny: number | null;
  marginCny: number | null;
}

const emptyAcc = (): Acc => ({ orders: 0, units: 0, sales: new Map(), salesCny: 0, marginCny: 0 });

/**
 * Adds one SQL group (a marketplace and currency) to an accumulator: sales exact per currency and
 * in CNY, and the margin as `docs/orders.md` "Margin estimate" defines it, over the group's sums
 * (price in CNY, minus purchase, minus the 15% referral fee, minus the freight: waybill fee, else
 * parcel quote, else the marketplace's shipping setting per order). A currency without a rate
 * makes the group's CNY figures null, as the order detail's margin is null then.
 */
function add(acc: Acc, s: OrderStatsSum, countries: Country[], missing: Set<string>) {
  acc.orders += s.orders;
  acc.units += s.units;
  if (s.currency) acc.sales.set(s.currency, (acc.sales.get(s.currency) ?? 0) + s.sales);
  const rate = s.currency ? rateOf(countries, s.marketplace, s.currency) : null;
  if (!rate) {
    if (s.sales !== 0 || s.orders !== 0) missing.add(s.currency || '?');
    acc.salesCny = null;
    acc.marginCny = null;
    return;
  }
  const salesCny = convertMoney(minor(s.sales), s.currency, 'CNY', rate.rates);
  if (acc.salesCny !== null) acc.salesCny += salesCny;
  if (acc.marginCny === null) return;
  const priceCny = convertMoney(minor(s.margin_price), s.currency, 'CNY', rate.rates);
  const fee = Number(divRoundHalfAway(BigInt(priceCny) * REFERRAL_PERCENT, 100n));
  const freight = s.freight + s.freight_missing * rate.shipping;
  acc.marginCny += priceCny - s.purchase - fee - freight;
}

const view = (key: string, label: string, a: Acc): OrderStatsRow => ({
  key,
  label,
  orders: a.orders,
  units: a.units,
  sales: [...a.sales].sort(([x], [y]) => x.localeCompare(y)).map(([currency, amount]) => ({ currency, minor: amount })),
  sales_cny: a.salesCny,
  margin_cny: a.marginCny,
});

/** Key and label of the own site's row in the shop and marketplace groupings (docs/statistics.md "Site orders"). */
export const SITE_KEY = 'site';
export const SITE_LABEL = '独立站';

/**
 * The own site's paid orders as groups of the Amazon figures: one 独立站 row among the shops and
 * the marketplaces, 未分配 among the staff (no assignee), and their days; no margin parts (no
 * purchase, fee or freight is known for them), so they add nothing to a margin.
 */
function siteSums(days: Awaited<ReturnType<typeof siteOrderDaySums>>): OrderStatsSum[] {
  const none = { margin_orders: 0, margin_price: 0, purchase: 0, freight: 0, freight_missing: 0 };
  return days.flatMap((d) => {
    const part = {
      marketplace: SITE_KEY,
      currency: d.currency,
      orders: d.orders,
      units: d.units,
      sales: d.sales,
      ...none,
    };
    return [
      { dim: 'shop' as const, key: SITE_KEY, ...part },
      { dim: 'marketplace' as const, key: SITE_KEY, ...part },
      { dim: 'staff' as const, key: '', ...part },
      { dim: 'day' as const, key: d.day, ...part },
    ];
  });
}

/** 订单统计: orders, units, sales and margin by shop, marketplace, staff member and day, and the total. */
export async function orderStats(deps: AppDeps, tenantId: number, range: StatsRange): Promise<OrderStatsData> {
  const [tz, info, labels] = await Promise.all([
    tenantTimeZone(deps.db, tenantId),
    getPriceInfo(deps, tenantId, tenantId),
    orderStatsLabels(deps.db, tenantId),
  ]);
  const [amazon, site] = await Promise.all([
    orderStatsSums(deps.db, tenantId, range, tz),
    siteOrderDaySums(deps.db, tenantId, range, tz),
  ]);
  const sums = [...amazon, ...siteSums(site)];
  const missing = new Set<string>();
  const groups: Record<OrderDim, Map<string, Acc>> = {
    shop: new Map(),
    marketplace: new Map(),
    staff: new Map(),
    day: new Map(),
  };
  const total = emptyAcc();
  for (const s of sums) {
    const by = groups[s.dim];
    const acc = by.get(s.key) ?? emptyAcc();
    by.set(s.key, acc);
    add(acc, s, info.price_country, missing);
    if (s.dim === 'marketplace') add(total, s, info.price_country, missing);
  }
  // The 独立站 rows have no margin estimate (their zero margin parts kept every other figure exact).
  for (const dim of ['shop', 'marketplace'] as const) {
    const acc = groups[dim].get(SITE_KEY);
    if (acc) acc.marginCny = null;
  }
  const label: Record<OrderDim, (key: string) => string> = {
    shop: (k) => (k === SITE_KEY ? SITE_LABEL : (labels.shops.get(k) ?? `店铺#${k}`)),
    marketplace: (k) => {
      if (k === SITE_KEY) return SITE_LABEL;
      const m = MARKETPLACES.find((x) => x.code === k);
      return m ? `${m.name} (${k.toUpperCase()})` : k;
    },
    staff: (k) => (k === '' ? '未分配' : (labels.users.get(k) ?? `#${k}`)),
    day: (k) => k,
  };
  const rows = (dim: OrderDim) => {
    const out = [...groups[dim]].map(([k, a]) => view(k, label[dim](k), a));
    if (dim === 'day') return out.sort((x, y) => x.key.localeCompare(y.key));
    return out.sort(
      (x, y) => (y.sales_cny ?? -1) - (x.sales_cny ?? -1) || y.orders - x.orders || x.key.localeCompare(y.key),
    );
  };
  const { key: _k, label: _l, ...totalView } = view('', '', total);
  return {
    startTime: range.startTime,
    endTime: range.endTime,
    total: totalView,
    by_shop: rows('shop'),
    by_marketplace: rows('marketplace'),
    by_staff: rows('staff'),
    by_day: rows('day'),
    missing_rates: [...missing].sort(),
  };
}
