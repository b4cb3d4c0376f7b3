import crypto from 'node:crypto';
import { type Minor, minor, moneyFromNumber, parseMoney } from '@console/shared/money';
import type { Kysely } from 'kysely';
import type { PaymentAdapter, PaymentStatus } from '../../adapters/payment/payment.js';
import type { DB } from '../../db/types.js';
import {
  findCartProducts,
  findOrderByPayment,
  insertOrFindOrder,
  setOrderPayment,
  settleOrder,
} from './site-order.repository.js';
import type { SiteOrderBuyer, SiteOrderLine } from './site-order.tables.js';
import { moveStock } from './site-stock.js';
import { bumpSiteVersion } from './storefront/page-cache.js';

type Db = Kysely<DB>;

/** Bounds of a cart (docs/site.md "Cart and checkout"). */
export const MAX_CART_LINES = 50;
export const MAX_LINE_QTY = 99;

/** One line as the browser keeps it: product id, variation sku ('' without variations), quantity. */
export interface CartItem {
  id: number;
  sku: string;
  qty: number;
}

/**
 * `id:sku:qty,...` (each part URI-encoded) as cart items, merged per product and sku; null when
 * malformed or beyond the bounds (more than 50 lines, a quantity outside 1-99).
 */
export function parseCartItems(text: string): CartItem[] | null {
  if (text.length > 8000) return null;
  const out = new Map<string, CartItem>();
  for (const part of text.split(',').filter(Boolean)) {
    const bits = part.split(':');
    if (bits.length !== 3) return null;
    let sku: string;
    try {
      sku = decodeURIComponent(bits[1]!);
    } catch {
      return null;
    }
    const id = Number(bits[0]);
    const qty = Number(bits[2]);
    if (!/^\d{1,15}$/.test(bits[0]!) || !Number.isSafeInteger(id) || id < 1 || sku.length > 100) return null;
    if (!/^\d{1,3}$/.test(bits[2]!) || qty < 1 || qty > MAX_LINE_QTY) return null;
    const key = `${id}:${sku}`;
    const had = out.get(key);
    if (had) had.qty = Math.min(MAX_LINE_QTY, had.qty + qty);
    else out.set(key, { id, sku, qty });
  }
  return out.size > MAX_CART_LINES ? null : [...out.values()];
}

/** A cart line priced from the database, or why it cannot be bought. */
export type PricedLine =
  | (SiteOrderLine & { ok: true })
  | { ok: false; product_id: number; sku: string; qty: number; out_of_stock?: true };

/** A cart priced from the database: every line, the total of the buyable ones. */
export interface PricedCart {
  currency: string;
  lines: PricedLine[];
  total: Minor;
}

interface SiteRef {
  id: number;
  tenant_id: number;
  currency: string;
  default_language: string;
}

const priceOf = (text: string, currency: string): Minor | null => {
  const r = parseMoney(text, currency, { round: true });
  return r.ok ? r.value : null;
};

/** Prices every line with the site's current products and prices (never the browser's). */
export async function priceCart(db: Db, site: SiteRef, lang: string, items: CartItem[]): Promise<PricedCart> {
  const ids = [...new Set(items.map((i) => i.id))];
  const products = new Map((await findCartProducts(db, site.tenant_id, site.id, ids)).map((p) => [Number(p.id), p]));
  let total = 0;
  const lines = items.map((item): PricedLine => {
    const p = products.get(item.id);
    const refused = { ok: false as const, product_id: item.id, sku: item.sku, qty: item.qty };
    if (!p?.published) return refused;
    const variations = p.variations ?? [];
    const v = variations.find((x) => x.sku === item.sku);
    if (variations.length > 0 ? !v : item.sku !== '') return refused;
    // A tracked variation with fewer units left than asked (the order's transaction checks again under a lock).
    if (v && typeof v.stock === 'number' && v.stock < item.qty) return { ...refused, out_of_stock: true };
    const unit = v && v.price !== null ? moneyFromNumber(v.price, site.currency) : priceOf(p.price, site.currency);
    if (unit === null || unit <= 0) return refused;
    const text = p.texts[lang] ?? p.texts[site.default_language] ?? Object.values(p.texts)[0];
    const options = v ? Object.values(v.options).join(' / ') : '';
    const title = `${text?.title || p.slug}${options ? ` (${options})` : ''}`.slice(0, 300);
    const line = minor(unit * item.qty);
    total += line;
    return { ok: true, product_id: item.id, sku: item.sku, title, qty: item.qty, unit_minor: unit, line_minor: line };
  });
  return { currency: site.currency, lines, total: minor(total) };
}

/** A new order number: `S`, the UTC date and 6 random characters (not guessable from another order's). */
export function newOrderNo(now = new Date()): string {
  const day = now.toISOString().slice(2, 10).replace(/-/g, '');
  return `S${day}${crypto.randomBytes(4).readUInt32BE(0).toString(36).toUpperCase().padStart(6, '0').slice(-6)}`;
}

/** Addresses of a checkout: where the provider sends the buyer and its notifications. */
export interface CheckoutUrls {
  returnUrl: (orderNo: string) => string;
  cancelUrl: (orderNo: string) => string;
  notifyUrl: string;
}

/**
 * Records the order (status 待付款) and its payment at the provider, in one transaction that
 * holds the order's row: a second submit of the same form (same `submitKey`) waits, then finds
 * the same order and its payment page. Answers the provider's page to send the buyer to.
 */
export async function placeOrder(
  db: Db,
  payment: PaymentAdapter,
  site: SiteRef & { name: string },
  input: { lang: string; cart: PricedCart; buyer: SiteOrderBuyer; submitKey: string },
  urls: CheckoutUrls,
): Promise<{ orderNo: string; redirectUrl: string; status: string }> {
  const lines = input.cart.lines.filter((l): l is SiteOrderLine & { ok: true } => l.ok).map(({ ok, ...l }) => l);
  let stockMoved = false;
  const placed = await db.transaction().execute(async (trx) => {
    const order = await insertOrFindOrder(trx, site.tenant_id, {
      site_id: site.id,
      order_no: newOrderNo(),
      lang: input.lang,
      currency: input.cart.currency,
      total_minor: input.cart.total,
      item_count: lines.reduce((n, l) => n + l.qty, 0),
      lines,
      buyer: input.buyer,
      submit_key: input.submitKey,
    });
    if (order.payment_url) return { orderNo: order.order_no, redirectUrl: order.payment_url, status: order.status };
    // A new order (the same form sent again found its order above): it takes its units now, or
    // throws OutOfStockError and nothing is recorded.
    stockMoved = await moveStock(trx, site.tenant_id, site.id, lines, -1);
    const created = await payment.createPayment({
      amount: minor(Number(order.total_minor)),
      currency: order.currency,
      reference: order.order_no,
      description: site.name,
      returnUrl: urls.returnUrl(order.order_no),
      cancelUrl: urls.cancelUrl(order.order_no),
      notifyUrl: urls.notifyUrl,
    });
    await setOrderPayment(trx, site.tenant_id, order.id, {
      provider: payment.name,
      id: created.paymentId,
      url: created.redirectUrl,
    });
    return { orderNo: order.order_no, redirectUrl: created.redirectUrl, status: order.status };
  });
  // Product pages show the new stock (缺货) at once in this process.
  if (stockMoved) bumpSiteVersion(site.tenant_id);
  return placed;
}

/**
 * Settles an order from the provider's word about its payment: paid or cancelled moves a pending
 * order once (a replayed notification or a second return changes nothing). A paid amount or
 * currency that is not the order's is never taken as paid.
 */
export async function settleFromProvider(
  db: Db,
  tenantId: number,
  order: { id: number; total_minor: number | string; currency: string },
  status: PaymentStatus,
  paid?: { amount: number; currency: string },
) {
  if (status === 'pending') return undefined;
  if (status === 'paid' && paid && (paid.amount !== Number(order.total_minor) || paid.currency !== order.currency))
    return undefined;
  let stockMoved = false;
  const moved = await db.transaction().execute(async (trx) => {
    const row = await settleOrder(trx, tenantId, Number(order.id), status);
    // A cancelled order gives its units back (once: only the move from pending does).
    if (row && status === 'cancelled') {
      stockMoved = await moveStock(trx, tenantId, Number(row.site_id), row.lines, 1);
    }
    return row;
  });
  if (stockMoved) bumpSiteVersion(tenantId);
  return moved && { id: moved.id, order_no: moved.order_no, status: moved.status };
}

/** A verified notification: the order of its payment, settled by the provider's current state of it. */
export async function settleNotification(db: Db, payment: PaymentAdapter, tenantId: number, paymentId: string) {
  const order = await findOrderByPayment(db, tenantId, payment.name, paymentId);
  if (!order) return { found: false as const };
  // The notification says what happened; the provider's own record says how much (never the body's word alone).
  const info = await payment.getPayment(paymentId);
  const moved = await settleFromProvider(db, tenantId, order, info.status, info);
  return { found: true as const, moved: Boolean(moved) };
}
