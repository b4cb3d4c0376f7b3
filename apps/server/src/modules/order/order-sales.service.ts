import { MARKETPLACES } from '@console/shared/constants/marketplaces';
import { convertMoney, type ExchangeRates, minor } from '@console/shared/money';
import type { PermissionSubject } from '@console/shared/permissions/can';
import type { SalesBody, SalesData } from '@console/shared/schemas/order-sales';
import type { AppDeps } from '../../context.js';
import { tenantTimeZone } from '../account/tenant-time-zone.repository.js';
import { getPriceInfo } from '../goods/price-settings.service.js';
import { readerOf } from './order.service.js';
import { salesByGroup, shopNames } from './order-sales.repository.js';

/** The default range when none is given: the last 30 days (spec section 5's "last month"). */
const DEFAULT_DAYS = 30;

/**
 * The configured rates as CNY per unit of each currency: the main account's price settings
 * (the rates the margin estimate uses), the first country of each currency.
 */
async function tenantRates(deps: AppDeps, tenantId: number): Promise<ExchangeRates> {
  const info = await getPriceInfo(deps, tenantId, tenantId);
  const rates: Record<string, string> = { CNY: '1' };
  for (const c of info.price_country) rates[c.currency] ??= c.exchange_rate;
  return { as_of: info.rates_as_of, rates } as ExchangeRates;
}

interface Acc {
  units: number;
  orders: number;
  sales: Map<string, number>;
}

/** 销量统计: the groups' units and sales (exact per currency, converted to CNY), the daily series and the totals. */
export async function salesStats(
  deps: AppDeps,
  tenantId: number,
  subject: PermissionSubject,
  body: SalesBody,
): Promise<SalesData> {
  const nowSec = Math.floor(Date.now() / 1000);
  const endTime = body.endTime || nowSec;
  const startTime = body.startTime || endTime - DEFAULT_DAYS * 86_400;
  const [tz, rates] = await Promise.all([tenantTimeZone(deps.db, tenantId), tenantRates(deps, tenantId)]);
  const f = { ...body, from: new Date(startTime * 1000), to: new Date((endTime + 1) * 1000) }; // exclusive: the whole end second counts
  const reader = readerOf(subject);
  const [grouped, daily, shops] = await Promise.all([
    salesByGroup(deps.db, tenantId, f, body.group_by, tz, reader),
    body.group_by === 'day' ? Promise.resolve(null) : salesByGroup(deps.db, tenantId, f, 'day', tz, reader),
    body.group_by === 'shop' ? shopNames(deps.db, tenantId) : Promise.resolve([]),
  ]);
  const missing = new Set<string>();
  const toCny = (sales: Map<string, number>): number | null => {
    let sum = 0;
    let complete = true;
    for (const [currency, amount] of sales) {
      if (!currency || !rates.rates[currency]) {
        if (amount !== 0) missing.add(currency || '?');
        complete = false;
        continue;
      }
      sum += convertMoney(minor(amount), currency, 'CNY', rates);
    }
    return complete ? sum : null;
  };
  const fold = (rows: typeof grouped) => {
    const by = new Map<string, Acc>();
    for (const r of rows) {
      const a = by.get(r.key) ?? { units: 0, orders: 0, sales: new Map<string, number>() };
      a.units += r.units;
      a.orders += r.orders;
      a.sales.set(r.currency, (a.sales.get(r.currency) ?? 0) + r.sales);
      by.set(r.key, a);
    }
    return by;
  };
  const shopName = new Map(shops.map((s) => [String(s.id), s.name]));
  const label = (key: string) => {
    if (body.group_by === 'shop') return shopName.get(key) ?? key;
    if (body.group_by === 'marketplace') {
      const m = MARKETPLACES.find((x) => x.code === key);
      return m ? `${m.name} (${key.toUpperCase()})` : key;
    }
    return key;
  };
  const view = (key: string, a: Acc) => ({
    key,
    label: label(key),
    units: a.units,
    orders: a.orders,
    sales: [...a.sales]
      .filter(([c]) => c !== '')
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([currency, amount]) => ({ currency, minor: amount })),
    sales_cny: toCny(a.sales),
  });
  const all = [...fold(grouped)].map(([k, a]) => view(k, a));
  if (body.group_by === 'day') all.sort((x, y) => x.key.localeCompare(y.key));
  else all.sort((x, y) => (y.sales_cny ?? -1) - (x.sales_cny ?? -1) || y.units - x.units || x.key.localeCompare(y.key));
  const days = [...fold(daily ?? grouped)]
    .map(([day, a]) => ({ day, units: a.units, sales_cny: toCny(a.sales) }))
    .sort((x, y) => x.day.localeCompare(y.day));
  const total: Acc = { units: 0, orders: 0, sales: new Map() };
  for (const r of grouped) {
    total.units += r.units;
    total.sales.set(r.currency, (total.sales.get(r.currency) ?? 0) + r.sales);
  }
  // Orders are counted once per day group (an order has one purchase day), so the day series sums them exactly.
  total.orders = [...fold(daily ?? grouped).values()].reduce((s, a) => s + a.orders, 0);
  const { key: _k, label: _l, ...totalView } = view('', total);
  return {
    group_by: body.group_by,
    startTime,
    endTime,
    rows: all.slice(0, body.limit),
    more: Math.max(0, all.length - body.limit),
    days,
    total: totalView,
    missing_rates: [...missing].sort(),
  };
}
