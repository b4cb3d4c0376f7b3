import { type CartItem, parseCartItems } from '../site-order.service.js';
import type { SiteOrderBuyer } from '../site-order.tables.js';
import { CHECKOUT_COUNTRIES, type CheckoutValues } from './cart-pages.js';
import type { CartWords } from './cart-strings.js';

/** A checkout form read: the buyer, the cart lines, the total the buyer saw, the one-time key. */
export interface CheckoutForm {
  buyer: SiteOrderBuyer;
  items: CartItem[];
  expectedTotal: number;
  submitKey: string;
}

const LIMITS: Record<keyof SiteOrderBuyer, { max: number; required: boolean }> = {
  name: { max: 100, required: true },
  email: { max: 200, required: true },
  phone: { max: 40, required: false },
  address1: { max: 200, required: true },
  address2: { max: 200, required: false },
  city: { max: 100, required: true },
  postcode: { max: 20, required: true },
  country: { max: 2, required: true },
  note: { max: 1000, required: false },
};

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

/**
 * Reads the url-encoded checkout form: every field trimmed and bounded, the email's form, a
 * country of the list, the cart (≤ 50 lines, quantities 1-99), the total as minor units, the
 * key. Answers the form or the names (in the visitor's words) of the fields that are wrong, and
 * the values to show again.
 */
export function readCheckoutForm(
  raw: string,
  w: CartWords,
): { ok: true; form: CheckoutForm } | { ok: false; fields: string[]; values: CheckoutValues; cart: boolean } {
  const f = new URLSearchParams(raw);
  const values: CheckoutValues = {};
  const bad: string[] = [];
  const buyer = {} as SiteOrderBuyer;
  for (const [key, lim] of Object.entries(LIMITS) as [keyof SiteOrderBuyer, (typeof LIMITS)[keyof SiteOrderBuyer]][]) {
    const v = (f.get(key) ?? '').trim();
    values[key] = v.slice(0, lim.max);
    let ok = v.length <= lim.max && (!lim.required || v.length > 0);
    if (key === 'email') ok &&= EMAIL.test(v);
    if (key === 'country') ok &&= CHECKOUT_COUNTRIES.includes(v);
    if (!ok) bad.push(w[key as keyof CartWords] as string);
    buyer[key] = key === 'email' ? v.toLowerCase() : v;
  }
  const items = parseCartItems(f.get('items') ?? '');
  const totalText = f.get('expected_total') ?? '';
  const submitKey = f.get('submit_key') ?? '';
  const cartBad = !items || items.length === 0 || !/^\d{1,15}$/.test(totalText) || !/^[\w-]{16,64}$/.test(submitKey);
  if (bad.length || cartBad || !items) return { ok: false, fields: bad, values, cart: cartBad };
  return { ok: true, form: { buyer, items, expectedTotal: Number(totalText), submitKey } };
}

/** Whether a POST comes from a page of the same origin (`Origin`, else `Referer`). */
export function sameOrigin(headers: Record<string, string | string[] | undefined>, origin: string): boolean {
  const given = typeof headers.origin === 'string' ? headers.origin : undefined;
  const from = given ?? (typeof headers.referer === 'string' ? headers.referer : '');
  try {
    // Through URL both ways: `http://host:80` and `http://host` are one origin.
    return from !== '' && from !== 'null' && new URL(from).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

/**
 * Checkouts per client address: at most `limit` in a window of `windowMs` (per process; a
 * placed order also costs a payment at the provider). Forgets addresses when the map grows.
 */
export class CheckoutLimiter {
  private readonly hits = new Map<string, { start: number; n: number }>();
  constructor(
    private readonly limit = 10,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one attempt; false when the address is over its limit. */
  take(ip: string, now = Date.now()): boolean {
    if (this.hits.size > 10_000) this.hits.clear();
    const h = this.hits.get(ip);
    if (!h || now - h.start >= this.windowMs) {
      this.hits.set(ip, { start: now, n: 1 });
      return true;
    }
    h.n++;
    return h.n <= this.limit;
  }
}
