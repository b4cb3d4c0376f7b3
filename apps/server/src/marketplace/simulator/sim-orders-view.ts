import { MARKETPLACES } from '@console/shared/constants/marketplaces';
import { minor, toDecimalString } from '@console/shared/money';
import type { Order, OrderItem } from '../sp-api.orders.js';
import type { SimOrder } from './sim-orders.js';

/**
 * The presenters of the simulator's orders: a `SimOrder` read at a time, in the wire shapes
 * of the Orders API v0 (`getOrders`/`getOrder`, `getOrderItems`). Pure functions of the order,
 * the time and the simulator's time scale.
 */

/** Amazon's decimal text of an amount in minor units. */
const amount = (minorUnits: number, currency: string) => toDecimalString(minor(minorUnits), currency);

/** Amazon's date text (ISO 8601 without milliseconds). */
export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The order as `getOrders` answers it at `now`, or undefined before its purchase. */
export function orderView(
  o: SimOrder,
  now: number,
  pii: { address: boolean; buyer: boolean },
  timeScale: number,
): Order | undefined {
  const state = o.timeline.filter((t) => t.at <= now).at(-1);
  if (!state) return undefined;
  const total = o.items.reduce((s, i) => s + i.unitMinor * i.quantity, 0);
  const count = o.items.reduce((s, i) => s + i.quantity, 0);
  const shipped = state.status === 'Shipped' ? count : 0;
  const a = o.buyer.address;
  const pending = state.status === 'Pending';
  return {
    AmazonOrderId: o.amazonOrderId,
    PurchaseDate: iso(o.createdAt),
    LastUpdateDate: iso(state.at),
    OrderStatus: state.status,
    FulfillmentChannel: o.channel,
    SalesChannel: `Amazon.${MARKETPLACES.find((m) => m.marketplaceId === o.marketplaceId)?.site ?? 'com'}`,
    ShipServiceLevel: 'Std Cont US Street Addr',
    ...(pending ? {} : { OrderTotal: { CurrencyCode: o.currency, Amount: amount(total, o.currency) } }),
    NumberOfItemsShipped: shipped,
    NumberOfItemsUnshipped: state.status === 'Canceled' ? 0 : count - shipped,
    MarketplaceId: o.marketplaceId,
    OrderType: 'StandardOrder',
    EarliestShipDate: iso(o.createdAt),
    LatestShipDate: iso(o.latestShipAt),
    EarliestDeliveryDate: iso(o.createdAt + (3 * 24 * 3600 * 1000) / timeScale),
    LatestDeliveryDate: iso(o.latestDeliveryAt),
    IsBusinessOrder: false,
    IsPrime: o.channel === 'AFN',
    ...(pending || state.status === 'Canceled'
      ? {}
      : {
          ShippingAddress: pii.address
            ? { ...a }
            : { City: a.City, StateOrRegion: a.StateOrRegion, PostalCode: a.PostalCode, CountryCode: a.CountryCode },
        }),
    ...(pii.buyer ? { BuyerInfo: { BuyerEmail: o.buyer.email, BuyerName: o.buyer.name } } : {}),
  };
}

/** The order's items as `getOrderItems` answers them (no prices while Pending, as Amazon). */
export function orderItemsView(o: SimOrder, now: number): OrderItem[] {
  const state = o.timeline.filter((t) => t.at <= now).at(-1);
  const pending = state?.status === 'Pending';
  return o.items.map((i) => ({
    ASIN: i.asin,
    SellerSKU: i.sku,
    OrderItemId: i.orderItemId,
    Title: i.title,
    QuantityOrdered: i.quantity,
    QuantityShipped: state?.status === 'Shipped' ? i.quantity : 0,
    ConditionId: 'New',
    ...(pending
      ? {}
      : {
          ItemPrice: { CurrencyCode: o.currency, Amount: amount(i.unitMinor * i.quantity, o.currency) },
          ShippingPrice: { CurrencyCode: o.currency, Amount: amount(0, o.currency) },
          ItemTax: { CurrencyCode: o.currency, Amount: amount(0, o.currency) },
          PromotionDiscount: { CurrencyCode: o.currency, Amount: amount(0, o.currency) },
        }),
  }));
}
