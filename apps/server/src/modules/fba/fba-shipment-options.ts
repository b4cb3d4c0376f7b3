import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import { convertMoney, type ExchangeRates, minor, moneyFromNumber } from '@console/shared/money';
import type { AppDeps } from '../../context.js';
import type { FulfillmentInboundApi } from '../../marketplace/sp-api.inbound.js';
import type {
  Currency,
  InboundItem,
  Incentive,
  PlacementOption,
  TransportationOption,
} from '../../marketplace/sp-api.inbound.types.js';
import { getPriceInfo } from '../goods/price-settings.service.js';
import type { FbaMoney, FbaPlacementOption, FbaTransportOption } from './fba-shipment.tables.js';

/**
 * Amazon's placement and transportation options as 头程发货 keeps them (docs/fba.md "Choosing
 * placement and carrier"): amounts in minor units of their currency, expiry in unix seconds,
 * and the recommended choice of 自动选择推荐方案.
 */

/** The workflow waits for the seller's choice: the job ends with the shipment in this status. */
export class AwaitChoice extends Error {
  constructor(readonly status: 'placement_choice' | 'transport_choice') {
    super(status);
    this.name = 'AwaitChoice';
  }
}

const secs = (iso: string | undefined) => {
  const t = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(t) ? 0 : Math.floor(t / 1000);
};

/** A `Currency` (major units as a JSON number) in minor units (0 when unreadable). */
export const moneyOf = (c: Currency | undefined, fallback: string): FbaMoney => ({
  amount_minor: (c ? moneyFromNumber(c.amount, c.code) : 0) ?? 0,
  currency: c?.code ?? fallback,
});

const incentives = (list: Incentive[] | undefined, currency: string) =>
  (list ?? []).map((i) => ({
    type: i.type,
    target: i.target,
    description: i.description,
    money: moneyOf(i.value, currency),
  }));

/** The marketplace's currency (amounts without a code, and a free option's total). */
export const currencyOfMarketplace = (code: string) => marketplaceByCode(code)?.currency ?? '';

/**
 * Every placement option with the centre and items of each of its shipments (getShipment and
 * listShipmentItems work before a confirmation: the seller sees where the goods would go).
 */
export async function readPlacementOptions(
  ib: FulfillmentInboundApi,
  planId: string,
  currency: string,
): Promise<FbaPlacementOption[]> {
  const options = await ib.all<PlacementOption>((page) => ib.listPlacementOptions(planId, page), 'placementOptions');
  const out: FbaPlacementOption[] = [];
  for (const o of options) {
    const shipments: FbaPlacementOption['shipments'] = [];
    for (const shipmentId of o.shipmentIds) {
      const s = await ib.getShipment(planId, shipmentId);
      const items = await ib.all<InboundItem>((page) => ib.listShipmentItems(planId, shipmentId, page), 'items');
      shipments.push({
        shipment_id: shipmentId,
        fc: s.destination.warehouseId ?? '',
        items: items.map((i) => ({ msku: i.msku, quantity: i.quantity })),
      });
    }
    const fees = incentives(o.fees, currency);
    const discounts = incentives(o.discounts, currency);
    const sum = (l: typeof fees) => l.reduce((n, x) => n + x.money.amount_minor, 0);
    out.push({
      placement_option_id: o.placementOptionId,
      status: o.status,
      shipments,
      fees,
      discounts,
      expires_at: secs(o.expiration),
      total: { amount_minor: sum(fees) - sum(discounts), currency: fees[0]?.money.currency ?? currency },
    });
  }
  return out;
}

/** 推荐分仓方案: the offered option costing least (fees minus discounts), Amazon's order on a tie. */
export function recommendedPlacement(options: FbaPlacementOption[]): FbaPlacementOption | undefined {
  const offered = options.filter((o) => o.status === 'OFFERED');
  return (offered.length ? offered : options).reduce<FbaPlacementOption | undefined>(
    (best, o) => (!best || o.total.amount_minor < best.total.amount_minor ? o : best),
    undefined,
  );
}

/** A listed transportation option as kept. */
export const transportOptionOf = (o: TransportationOption, currency: string): FbaTransportOption => ({
  transportation_option_id: o.transportationOptionId,
  shipment_id: o.shipmentId,
  shipping_mode: o.shippingMode,
  shipping_solution: o.shippingSolution,
  carrier: o.carrier?.name ?? '',
  ...(o.quote ? { quote: { ...moneyOf(o.quote.cost, currency), expires_at: secs(o.quote.expiration) } } : {}),
});

/**
 * 推荐运输方案 of one shipment (the automatic choice, as before the seller could choose): the
 * seller's own small-parcel carrier when offered (tracking entered at 发货), else the first option.
 */
export const recommendedTransport = (options: FbaTransportOption[]) =>
  options.find((o) => o.shipping_solution === 'USE_YOUR_OWN_CARRIER' && o.shipping_mode === 'GROUND_SMALL_PARCEL') ??
  options.find((o) => o.shipping_solution === 'USE_YOUR_OWN_CARRIER') ??
  options[0];

/** What the FC table shows as the chosen transport. */
export function transportLabel(o: FbaTransportOption): string {
  const partnered = o.shipping_solution === 'AMAZON_PARTNERED_CARRIER';
  const who = partnered ? `亚马逊合作承运商 ${o.carrier}` : `自有承运商 ${o.carrier_name || o.carrier}`;
  return `${who} ${o.shipping_mode}`.trim();
}

/** The tenant's rates as CNY per unit (the price settings' rates, as the sales figures use them). */
async function tenantRates(deps: AppDeps, tenantId: number): Promise<ExchangeRates> {
  const info = await getPriceInfo(deps, tenantId, tenantId);
  const rates: Record<string, string> = { CNY: '1' };
  for (const c of info.price_country) rates[c.currency] ??= c.exchange_rate;
  return { as_of: info.rates_as_of, rates } as ExchangeRates;
}

/** The chosen partnered carriers' quotes in CNY fen (0 for quotes in a currency without a rate). */
export async function quotesInCny(deps: AppDeps, tenantId: number, chosen: FbaTransportOption[]): Promise<number> {
  const quoted = chosen.filter((o) => o.shipping_solution === 'AMAZON_PARTNERED_CARRIER' && o.quote);
  if (!quoted.length) return 0;
  const rates = await tenantRates(deps, tenantId);
  let sum = 0;
  for (const o of quoted) {
    const q = o.quote!;
    if (q.currency !== 'CNY' && !rates.rates[q.currency]) continue;
    sum += convertMoney(minor(q.amount_minor), q.currency, 'CNY', rates);
  }
  return sum;
}
