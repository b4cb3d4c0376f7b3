import { parseMoney } from '@console/shared/money';
import type { OrderStatus } from '@console/shared/schemas/order';
import type { Money, Order, OrderItem } from '../../marketplace/sp-api.orders.js';
import type { StoredBuyer } from './order.tables.js';
import type { SyncedItem, SyncedOrder } from './order-sync.repository.js';

/**
 * The order sync's mapping of Amazon's answers (Orders API v0) to our rows: the console's
 * status, money in minor units, the restricted buyer data and when it must go. Pure functions.
 */

/** Amazon's data protection policy: buyer data goes this many days after delivery. */
export const BUYER_DATA_DAYS = 30;
const DAY = 86_400_000;

/** The console's status of an Amazon status (spec section 4: Shipped, Unshipped, Canceled, Pending, refund). */
export function consoleStatus(amazon: string): Exclude<OrderStatus, 'refund'> {
  if (amazon === 'Shipped' || amazon === 'InvoiceUnconfirmed') return 'Shipped';
  if (amazon === 'Canceled' || amazon === 'Unfulfillable') return 'Canceled';
  if (amazon === 'Pending' || amazon === 'PendingAvailability') return 'Pending';
  return 'Unshipped';
}

const minorOf = (m: Money | undefined): number | null => {
  if (!m?.Amount || !m.CurrencyCode) return null;
  const r = parseMoney(m.Amount, m.CurrencyCode, { allowNegative: true, round: true });
  return r.ok ? r.value : null;
};
const dateOf = (s: string | undefined) => (s ? new Date(s) : null);

/** The restricted part of an order as stored (null when Amazon sent none). */
function buyerOf(o: Order): StoredBuyer | null {
  const a = o.ShippingAddress;
  const b = o.BuyerInfo;
  const out: StoredBuyer = {};
  if (a?.Name) out.name = a.Name;
  else if (b?.BuyerName) out.name = b.BuyerName;
  if (b?.BuyerEmail) out.email = b.BuyerEmail;
  if (a?.Phone) out.phone = a.Phone;
  if (a?.AddressLine1) out.address1 = a.AddressLine1;
  if (a?.AddressLine2) out.address2 = a.AddressLine2;
  if (a?.AddressLine3) out.address3 = a.AddressLine3;
  if (a?.CompanyName) out.company = a.CompanyName;
  return Object.keys(out).length ? out : null;
}

/** When an order's buyer data must go: 30 days after delivery (or cancellation). */
export function purgeAfter(o: Order): Date | null {
  const status = consoleStatus(o.OrderStatus);
  if (status === 'Canceled') return new Date(Date.parse(o.LastUpdateDate) + BUYER_DATA_DAYS * DAY);
  if (status !== 'Shipped') return null;
  const delivered = Date.parse(o.LatestDeliveryDate ?? o.LastUpdateDate);
  return new Date(Math.max(delivered, Date.parse(o.LastUpdateDate)) + BUYER_DATA_DAYS * DAY);
}

/** An Amazon order as the sync stores it. */
export function syncedOrder(tenantId: number, shopId: number, marketplace: string, o: Order): SyncedOrder {
  const a = o.ShippingAddress;
  return {
    tenant_id: tenantId,
    shop_id: shopId,
    marketplace,
    amazon_order_id: o.AmazonOrderId,
    amazon_status: o.OrderStatus,
    status: consoleStatus(o.OrderStatus),
    fulfillment_channel: o.FulfillmentChannel === 'AFN' ? '0' : '1',
    purchase_date: new Date(o.PurchaseDate),
    last_update_date: new Date(o.LastUpdateDate),
    latest_ship_date: dateOf(o.LatestShipDate),
    latest_delivery_date: dateOf(o.LatestDeliveryDate),
    currency: o.OrderTotal?.CurrencyCode ?? null,
    total_minor: minorOf(o.OrderTotal),
    ship_city: a?.City ?? null,
    ship_state: a?.StateOrRegion ?? null,
    ship_postal: a?.PostalCode ?? null,
    ship_country: a?.CountryCode ?? null,
    buyer: buyerOf(o),
    buyer_purge_after: purgeAfter(o),
  };
}

/** An Amazon order item as stored, linked to our product (`goods_id`, `variation_key`) when its SKU is one of ours. */
export function itemOf(i: OrderItem, link: { goods_id: number; variation_key: string } | undefined): SyncedItem {
  return {
    amazon_item_id: i.OrderItemId,
    asin: i.ASIN,
    seller_sku: i.SellerSKU ?? null,
    title: i.Title ?? null,
    quantity: i.QuantityOrdered,
    quantity_shipped: i.QuantityShipped ?? 0,
    currency: i.ItemPrice?.CurrencyCode ?? null,
    item_price_minor: minorOf(i.ItemPrice),
    shipping_price_minor: minorOf(i.ShippingPrice),
    item_tax_minor: minorOf(i.ItemTax),
    promotion_discount_minor: minorOf(i.PromotionDiscount),
    goods_id: link?.goods_id ?? null,
    variation_key: link ? link.variation_key : null,
  };
}
