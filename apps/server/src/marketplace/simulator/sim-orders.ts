import { randomBytes } from 'node:crypto';
import { MARKETPLACES } from '@console/shared/constants/marketplaces';
import { moneyFromNumber } from '@console/shared/money';
import type { Address, Order, OrderStatus, RefundEvent, RestrictedResource } from '../sp-api.orders.js';
import { iso, orderView } from './sim-orders-view.js';
import type { SimReq, SimRes, SpApiSimulator } from './sim-server.js';

/**
 * Orders of the loopback Amazon (Orders API v0, Restricted Data Tokens, the refunds of
 * Finances v0), generated for the listings the simulator holds. Nothing runs on a timer: an
 * order is a timeline of statuses (Pending, then Unshipped or Canceled, Shipped for FBA, a
 * refund later), and every answer reads the timeline at the current time, so the time scale
 * makes a day pass in minutes. With `ratePerHour` set, orders arrive by themselves (made when
 * `getOrders` asks); tests make them with `generate`.
 *
 * This file imports only types from `sim-server.ts` (which imports its routes from here).
 */

/** How the simulator's orders arrive and move on (durations in Amazon seconds, divided by the time scale). */
export interface SimOrderSettings {
  /** Orders per hour per seller x marketplace that has listings; 0: only `generate`. */
  ratePerHour: number;
  /** Share of orders with 2-3 different items. */
  multiItemShare: number;
  /** Share of orders the buyer cancels while Pending. */
  cancelShare: number;
  /** Share of shipped orders refunded later. */
  refundShare: number;
  /** Share of orders fulfilled by Amazon (AFN). */
  fbaShare: number;
  /** Seconds an order stays Pending (payment authorization). */
  pendingSeconds: number;
  /**
   * Seconds after the first `getOrders` of a seller x marketplace with listings until its first
   * automatic order; negative: the first order is dated that far back (paid and visible to
   * that very read when it lies more than Amazon's two minutes plus `pendingSeconds` back).
   * Undefined: one interval of the rate.
   */
  firstOrderSeconds?: number;
  /** Seconds until Amazon ships an FBA order after payment. */
  fbaShipSeconds: number;
  /** Seconds after shipping until a refund is posted. */
  refundSeconds: number;
  /** Seed of the random choices (reproducible runs). */
  seed: number;
}

/** Default settings: a quiet shop (orders only when generated), Amazon-like durations. */
export const SIM_ORDER_DEFAULTS: SimOrderSettings = {
  ratePerHour: 0,
  multiItemShare: 0.3,
  cancelShare: 0.05,
  refundShare: 0.05,
  fbaShare: 0.3,
  pendingSeconds: 30 * 60,
  fbaShipSeconds: 24 * 3600,
  refundSeconds: 3 * 24 * 3600,
  seed: 1,
};

/** One item of a simulated order. */
export interface SimOrderItem {
  orderItemId: string;
  sku: string;
  asin: string;
  title: string;
  quantity: number;
  /** Unit price in minor units. */
  unitMinor: number;
}

/** One simulated order: its items, buyer and timeline of statuses (real epoch milliseconds). */
export interface SimOrder {
  sellerId: string;
  marketplaceId: string;
  amazonOrderId: string;
  channel: 'AFN' | 'MFN';
  currency: string;
  createdAt: number;
  items: SimOrderItem[];
  timeline: { at: number; status: OrderStatus }[];
  refundAt?: number;
  latestShipAt: number;
  latestDeliveryAt: number;
  buyer: { name: string; email: string; address: Address };
}

/** What `generate` may fix (the rest is chosen at random from the seller's listings). */
export interface GenerateOrder {
  sellerId: string;
  marketplaceId: string;
  /** Orders to make (default 1). */
  count?: number;
  /** Purchase time (default now); a past time lets the timeline move on at once. */
  at?: number;
  /** Fixed items by SKU (listings of the seller in the marketplace). */
  items?: { sku: string; quantity?: number }[];
  channel?: 'AFN' | 'MFN';
  /** `cancel`: Canceled after Pending; `refund`: refunded after shipping; `normal`: neither. Default: by the shares. */
  outcome?: 'normal' | 'cancel' | 'refund';
  /** Seconds the order stays Pending (default the settings'; 0: paid at purchase). */
  pendingSeconds?: number;
}

/** A `getOrders` result being paged through with `NextToken`. */
interface ListPage {
  ids: string[];
  offset: number;
  size: number;
  /** The window's upper bound (ISO): the statuses are read as of then. */
  before: string;
  created: boolean;
}

/** A Restricted Data Token the simulator issued and what it may read. */
interface SimRdt {
  sellerId: string;
  resources: RestrictedResource[];
}

const PAGE = 100;
export const ITEM_PAGE = 10;
export const RDT_LIFETIME = 3600;

/** Small deterministic generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Hana', 'Jonas', 'Lea', 'Marco', 'Nora', 'Yuki'];
const LAST = ['Müller', 'Smith', 'Rossi', 'García', 'Martin', 'Tanaka', 'Johnson', 'Schmidt', 'Dubois', 'Kowalski'];
const STREETS = ['Hauptstraße', 'High Street', 'Via Roma', 'Calle Mayor', 'Rue de la Paix', 'Main Street'];
const CITIES: Record<string, [string, string, string]> = {
  DE: ['Berlin', 'BE', '10115'],
  GB: ['London', 'Greater London', 'SW1A 1AA'],
  FR: ['Paris', 'Île-de-France', '75001'],
  IT: ['Milano', 'MI', '20121'],
  ES: ['Madrid', 'Madrid', '28001'],
  US: ['Seattle', 'WA', '98109'],
  JP: ['Tokyo', '東京都', '100-0001'],
};

/** Amazon's error body (own copy: this file imports no values from sim-server.ts). */
export const err = (status: number, code: string, message: string, details = ''): SimRes => ({
  status,
  body: { errors: [{ code, message, details }] },
});

/** What a sandbox keeps of the order book across restarts. */
export interface SimOrderBookSnapshot {
  orders: SimOrder[];
  seq: number;
  madeUntil: [string, number][];
}

/** The orders of one simulator: generation, lifecycle, tokens, the handlers' reads. */
export class SimOrderBook {
  readonly orders = new Map<string, SimOrder>();
  readonly rdts = new Map<string, SimRdt>();
  /** Packages confirmed by `confirmShipment`, in order. */
  readonly packages: SimPackage[] = [];
  settings: SimOrderSettings = { ...SIM_ORDER_DEFAULTS };
  private random = rng(SIM_ORDER_DEFAULTS.seed);
  private seq = 0;
  /** Until when automatic orders were made, per seller|marketplace. */
  private readonly madeUntil = new Map<string, number>();
  private readonly pages = new Map<string, ListPage>();

  constructor(private readonly sim: SpApiSimulator) {}

  /** The orders, the id sequence and how far automatic orders were made (for a sandbox restart). */
  snapshot(): SimOrderBookSnapshot {
    return { orders: [...this.orders.values()], seq: this.seq, madeUntil: [...this.madeUntil] };
  }

  /** Puts back a snapshot (the random choices go on from a seed moved by the sequence). */
  restore(s: SimOrderBookSnapshot): void {
    for (const o of s.orders) this.orders.set(o.amazonOrderId, o);
    this.seq = Math.max(this.seq, s.seq);
    for (const [k, v] of s.madeUntil) this.madeUntil.set(k, v);
    this.random = rng(this.settings.seed + this.seq);
  }

  /** Changes the settings (a new seed restarts the random choices). */
  configure(s: Partial<SimOrderSettings>): void {
    this.settings = { ...this.settings, ...s };
    if (s.seed !== undefined) this.random = rng(s.seed);
  }

  /** Amazon's two minutes (the latest `LastUpdatedBefore`/`PostedBefore`) in real milliseconds. */
  twoMinutes(): number {
    return this.ms(120);
  }

  /** Real milliseconds of Amazon seconds at the simulator's time scale. */
  private ms(seconds: number): number {
    return (seconds * 1000) / this.sim.timeScale;
  }

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }

  /** The buyable listings of a seller in a marketplace (variation parents are not for sale). */
  private listingsOf(sellerId: string, marketplaceId: string) {
    return [...this.sim.listings.values()].filter((l) => {
      if (l.sellerId !== sellerId || l.marketplaceId !== marketplaceId) return false;
      const level = (l.attributes.parentage_level?.[0] as { value?: string } | undefined)?.value;
      return level !== 'parent';
    });
  }

  /** Makes orders for listings of the simulator; answers their Amazon order ids. */
  generate(g: GenerateOrder): string[] {
    const market = MARKETPLACES.find((m) => m.marketplaceId === g.marketplaceId);
    if (!market) throw new Error(`unknown marketplace ${g.marketplaceId}`);
    const listings = this.listingsOf(g.sellerId, g.marketplaceId);
    const bySku = new Map(listings.map((l) => [l.sku, l]));
    const s = this.settings;
    const out: string[] = [];
    for (let n = 0; n < (g.count ?? 1); n++) {
      let chosen: { sku: string; quantity: number }[];
      if (g.items) chosen = g.items.map((i) => ({ sku: i.sku, quantity: i.quantity ?? 1 }));
      else {
        if (listings.length === 0) throw new Error(`seller ${g.sellerId} has no listings in ${g.marketplaceId}`);
        const want = this.random() < s.multiItemShare ? 2 + Math.floor(this.random() * 2) : 1;
        const skus = new Set<string>();
        for (let i = 0; i < want * 3 && skus.size < want; i++) skus.add(this.pick(listings).sku);
        chosen = [...skus].map((sku) => ({ sku, quantity: this.random() < 0.2 ? 2 : 1 }));
      }
      const at = g.at ?? Date.now();
      this.seq++;
      const id = `${String(300 + (this.seq % 700)).padStart(3, '0')}-${String(Math.floor(this.random() * 1e7)).padStart(7, '0')}-${String(this.seq).padStart(7, '0')}`;
      const items: SimOrderItem[] = chosen.map((c, i) => {
        const l = bySku.get(c.sku);
        if (!l) throw new Error(`no listing ${c.sku} of ${g.sellerId} in ${g.marketplaceId}`);
        const price = (
          l.attributes.purchasable_offer?.[0] as
            | { our_price?: { schedule?: { value_with_tax?: number }[] }[] }
            | undefined
        )?.our_price?.[0]?.schedule?.[0]?.value_with_tax;
        const listed = typeof price === 'number' && price > 0 ? moneyFromNumber(price, market.currency) : null;
        const unitMinor = listed ?? 999 + Math.floor(this.random() * 4000);
        const title = (l.attributes.item_name?.[0] as { value?: string } | undefined)?.value ?? c.sku;
        return {
          orderItemId: `${String(this.seq).padStart(8, '0')}${String(i).padStart(6, '0')}`,
          sku: c.sku,
          asin: l.asin,
          title,
          quantity: c.quantity,
          unitMinor,
        };
      });
      const channel = g.channel ?? (this.random() < s.fbaShare ? 'AFN' : 'MFN');
      const outcome =
        g.outcome ?? (this.random() < s.cancelShare ? 'cancel' : this.random() < s.refundShare ? 'refund' : 'normal');
      const paid = at + this.ms(g.pendingSeconds ?? s.pendingSeconds);
      const timeline: SimOrder['timeline'] = [{ at, status: 'Pending' }];
      if (outcome === 'cancel') timeline.push({ at: paid, status: 'Canceled' });
      else {
        timeline.push({ at: paid, status: 'Unshipped' });
        if (channel === 'AFN') timeline.push({ at: paid + this.ms(s.fbaShipSeconds), status: 'Shipped' });
      }
      const [city, state, postal] = CITIES[market.iso] ?? ['City', 'State', '00000'];
      const name = `${this.pick(FIRST)} ${this.pick(LAST)}`;
      const order: SimOrder = {
        sellerId: g.sellerId,
        marketplaceId: g.marketplaceId,
        amazonOrderId: id,
        channel,
        currency: market.currency,
        createdAt: at,
        items,
        timeline,
        latestShipAt: at + this.ms(2 * 24 * 3600),
        latestDeliveryAt: at + this.ms(14 * 24 * 3600),
        buyer: {
          name,
          email: `${randomBytes(8).toString('hex')}@marketplace.amazon.${market.site}`,
          address: {
            Name: name,
            AddressLine1: `${this.pick(STREETS)} ${1 + Math.floor(this.random() * 120)}`,
            City: city,
            StateOrRegion: state,
            PostalCode: postal,
            CountryCode: market.iso,
            Phone: `+${10000000000 + Math.floor(this.random() * 8999999999)}`,
            AddressType: 'Residential',
          },
        },
      };
      if (outcome === 'refund' && channel === 'AFN') order.refundAt = timeline.at(-1)!.at + this.ms(s.refundSeconds);
      if (outcome === 'refund' && channel === 'MFN') order.refundAt = -1; // refunded once the seller ships
      this.orders.set(id, order);
      out.push(id);
    }
    return out;
  }

  private order(id: string): SimOrder {
    const o = this.orders.get(id);
    if (!o) throw new Error(`no order ${id}`);
    return o;
  }

  /** Moves an order to a status at a time (a later update than every earlier one). */
  private push(id: string, status: OrderStatus, at: number): void {
    const o = this.order(id);
    o.timeline = o.timeline.filter((t) => t.at < at);
    o.timeline.push({ at, status });
  }

  /** The buyer cancels (or Amazon cancels) the order. */
  cancel(id: string, at = Date.now()): void {
    this.push(id, 'Canceled', at);
  }

  /** The seller shipped the order (confirmShipment's effect); a pending refund is posted later. */
  ship(id: string, at = Date.now()): void {
    this.push(id, 'Shipped', at);
    const o = this.order(id);
    if (o.refundAt === -1) o.refundAt = at + this.ms(this.settings.refundSeconds);
  }

  /** Posts a refund of the order at a time. */
  refund(id: string, at = Date.now()): void {
    this.order(id).refundAt = at;
  }

  /** Makes the orders due by the rate since the last call (capped at 500 a call). */
  private arrive(sellerId: string, marketplaceId: string, now: number): void {
    const rate = this.settings.ratePerHour;
    if (rate <= 0) return;
    const k = `${sellerId}|${marketplaceId}`;
    const every = this.ms(3600 / rate);
    // No backlog for the time without listings: a shop whose first listing went live after a
    // day gets its orders from then on, not a day's worth at once.
    if (this.listingsOf(sellerId, marketplaceId).length === 0) {
      this.madeUntil.delete(k);
      return;
    }
    const first = this.settings.firstOrderSeconds;
    if (!this.madeUntil.has(k)) this.madeUntil.set(k, first === undefined ? now : now + this.ms(first) - every);
    const since = this.madeUntil.get(k)!;
    const due = Math.min(500, Math.floor((now - since) / every));
    if (due <= 0) return;
    for (let i = 1; i <= due; i++) this.generate({ sellerId, marketplaceId, at: since + i * every });
    this.madeUntil.set(k, since + due * every);
  }

  /** The order's status at `now` (undefined before its purchase). */
  statusAt(o: SimOrder, now: number): OrderStatus | undefined {
    return o.timeline.filter((t) => t.at <= now).at(-1)?.status;
  }

  /** What a token may read of restricted data on a path: nothing for a plain access token. */
  pii(token: string, path: string): { address: boolean; buyer: boolean } {
    const rdt = this.rdts.get(token);
    if (!rdt) return { address: false, buyer: false };
    const generic = path.replace(/^\/orders\/v0\/orders\/[^/]+/, '/orders/v0/orders/{orderId}');
    const hit = rdt.resources.find((r) => r.method === 'GET' && (r.path === path || r.path === generic));
    if (!hit) return { address: false, buyer: false };
    if (path.endsWith('/address')) return { address: true, buyer: false };
    if (path.endsWith('/buyerInfo')) return { address: false, buyer: true };
    const el = hit.dataElements ?? [];
    return { address: el.includes('shippingAddress'), buyer: el.includes('buyerInfo') };
  }

  /** The answer of `getOrders`. */
  list(req: SimReq, token: string): SimRes {
    const q = req.query;
    const now = Date.now();
    const next = q.get('NextToken');
    let page: ListPage | undefined;
    if (next) {
      page = this.pages.get(`${req.sellerId}|${next}`);
      if (!page) return err(400, 'InvalidInput', 'Invalid NextToken');
      this.pages.delete(`${req.sellerId}|${next}`);
    } else {
      const markets = (q.get('MarketplaceIds') ?? '').split(',').filter(Boolean);
      if (markets.length === 0) return err(400, 'InvalidInput', 'Missing required parameter MarketplaceIds');
      const createdAfter = q.get('CreatedAfter');
      const updatedAfter = q.get('LastUpdatedAfter');
      if (!createdAfter && !updatedAfter)
        return err(400, 'InvalidInput', 'Either CreatedAfter or LastUpdatedAfter must be specified');
      if (createdAfter && (updatedAfter || q.get('LastUpdatedBefore')))
        return err(400, 'InvalidInput', 'CreatedAfter and LastUpdatedAfter cannot both be specified');
      const latest = now - this.twoMinutes();
      const parse = (name: string) => {
        const v = q.get(name);
        if (v === null) return undefined;
        const t = Date.parse(v);
        return Number.isNaN(t) ? Number.NaN : t;
      };
      const after = parse(createdAfter ? 'CreatedAfter' : 'LastUpdatedAfter')!;
      const before = parse(createdAfter ? 'CreatedBefore' : 'LastUpdatedBefore') ?? latest;
      if (Number.isNaN(after) || Number.isNaN(before))
        return err(400, 'InvalidInput', 'Invalid date format (ISO 8601)');
      if (before > latest + 1000)
        return err(400, 'InvalidInput', 'LastUpdatedBefore must be at least 2 minutes before the request time');
      for (const m of markets) this.arrive(req.sellerId, m, now);
      const statuses = (q.get('OrderStatuses') ?? '').split(',').filter(Boolean);
      const channels = (q.get('FulfillmentChannels') ?? '').split(',').filter(Boolean);
      const ids = (q.get('AmazonOrderIds') ?? '').split(',').filter(Boolean);
      const hits: { id: string; at: number }[] = [];
      for (const o of this.orders.values()) {
        if (o.sellerId !== req.sellerId || !markets.includes(o.marketplaceId)) continue;
        if (ids.length && !ids.includes(o.amazonOrderId)) continue;
        if (channels.length && !channels.includes(o.channel)) continue;
        const v = orderView(o, before, { address: false, buyer: false }, this.sim.timeScale);
        if (!v) continue;
        if (statuses.length && !statuses.includes(v.OrderStatus)) continue;
        const t = Date.parse(createdAfter ? v.PurchaseDate : v.LastUpdateDate);
        if (t >= after - 999 && t <= before) hits.push({ id: o.amazonOrderId, at: t });
      }
      hits.sort((x, y) => x.at - y.at || x.id.localeCompare(y.id));
      const size = Math.min(PAGE, Math.max(1, Number(q.get('MaxResultsPerPage') ?? PAGE) || PAGE));
      page = { ids: hits.map((h) => h.id), offset: 0, size, before: iso(before), created: !!createdAfter };
    }
    const size = page.size;
    const slice = page.ids.slice(page.offset, page.offset + size);
    const pii = this.pii(token, '/orders/v0/orders');
    const Orders: Order[] = [];
    for (const id of slice) {
      const o = this.orders.get(id);
      const v = o && orderView(o, Date.parse(page.before), pii, this.sim.timeScale);
      if (v) Orders.push(v);
    }
    let NextToken: string | undefined;
    if (page.offset + size < page.ids.length) {
      NextToken = randomBytes(12).toString('base64url');
      this.pages.set(`${req.sellerId}|${NextToken}`, { ...page, offset: page.offset + size });
    }
    return {
      status: 200,
      body: {
        payload: {
          Orders,
          ...(NextToken ? { NextToken } : {}),
          ...(page.created ? { CreatedBefore: page.before } : { LastUpdatedBefore: page.before }),
        },
      },
    };
  }

  /** The seller's order of a path, or Amazon's 404. */
  find(req: SimReq): SimOrder | SimRes {
    const o = this.orders.get(req.params[0] ?? '');
    if (!o || o.sellerId !== req.sellerId || !o.timeline.some((t) => t.at <= Date.now()))
      return err(404, 'NotFound', 'Order not found');
    return o;
  }

  /** Registers a Restricted Data Token for the seller. */
  issueRdt(sellerId: string, resources: RestrictedResource[]): string {
    const token = `Atz.sprdt|${randomBytes(24).toString('base64url')}`;
    this.rdts.set(token, { sellerId, resources });
    this.sim.accessTokens.set(token, { sellerId, expiresAt: performance.now() + this.ms(RDT_LIFETIME) });
    return token;
  }

  /** Refunds posted in a window (Finances `RefundEventList`). */
  refunds(sellerId: string, after: number, before: number): RefundEvent[] {
    const out: RefundEvent[] = [];
    for (const o of this.orders.values()) {
      if (o.sellerId !== sellerId || o.refundAt === undefined || o.refundAt < 0) continue;
      if (o.refundAt < after || o.refundAt > before) continue;
      const site = MARKETPLACES.find((m) => m.marketplaceId === o.marketplaceId)?.site ?? 'com';
      out.push({
        AmazonOrderId: o.amazonOrderId,
        MarketplaceName: `Amazon.${site}`,
        PostedDate: iso(o.refundAt),
        ShipmentItemAdjustmentList: o.items.map((i) => ({
          SellerSKU: i.sku,
          OrderItemId: i.orderItemId,
          QuantityShipped: i.quantity,
        })),
      });
    }
    return out.sort((a, b) => String(a.PostedDate).localeCompare(String(b.PostedDate)));
  }
}

/** A package the seller confirmed (what `confirmShipment` sent), kept by the simulator. */
export interface SimPackage {
  amazonOrderId: string;
  packageReferenceId: string;
  carrierCode: string;
  carrierName?: string;
  trackingNumber: string;
  shipDate: string;
  at: number;
}
