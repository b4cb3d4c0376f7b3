import { formatMoney, minor } from '@console/shared/money';
import { ALERT_KINDS } from '@console/shared/schemas/monitor';
import type { AlertKind, CaseEvidence, MonitorOffer } from './monitor.tables.js';

/**
 * The monitor's pure rules (issue 15 §3-§4): what changed between two readings of an ASIN's
 * offers, which alerts that raises, and how removal cases follow the followers.
 */

/** A reading of an ASIN's offers (minor units). */
export interface OfferReading {
  offers: MonitorOffer[];
  offerCount: number;
  buyboxPrice: number | null;
  buyboxSeller: string;
  /** No buyable offer at all: the listing is suppressed (or inactive). */
  suppressed: boolean;
}

/** The state of a watched ASIN before the reading. */
export interface WatchState {
  marketplaceId: string;
  currency: string;
  bandMin: number | null;
  bandMax: number | null;
  holdsBuybox: boolean;
  ourOffer: boolean;
  suppressed: boolean;
  buyboxPrice: number | null;
  /** Offers of the last snapshot; null before the first reading (no alerts on a baseline). */
  previous: MonitorOffer[] | null;
}

/** An alert to raise. */
export interface NewAlert {
  kind: AlertKind;
  detail: string;
  seller_id?: string;
}

/** A stable fingerprint of a reading: a snapshot is written only when it changes. */
export function readingHash(r: OfferReading): string {
  const parts = [...r.offers]
    .sort((a, b) => a.sellerId.localeCompare(b.sellerId))
    .map((o) => `${o.sellerId}:${o.price}:${o.shipping}:${o.fba ? 1 : 0}:${o.buybox ? 1 : 0}`);
  return `${r.offerCount}|${r.buyboxPrice ?? ''}|${r.suppressed ? 1 : 0}|${parts.join(',')}`;
}

const inBand = (price: number | null, min: number | null, max: number | null) =>
  price === null || ((min === null || price >= min) && (max === null || price <= max));

/** Sellers who follow (are not us, and not Amazon itself: its seller id is the marketplace id). */
export function followers(offers: MonitorOffer[], marketplaceId: string): MonitorOffer[] {
  return offers.filter((o) => !o.mine && o.sellerId !== marketplaceId && o.sellerId !== '');
}

/** The alerts a reading raises against the state before it (transitions only, so no repeats). */
export function alertsOf(state: WatchState, r: OfferReading): NewAlert[] {
  if (state.previous === null) {
    // The first reading is the baseline: only a price already out of band or suppression is news.
    const first: NewAlert[] = [];
    if (r.suppressed) first.push({ kind: 'suppressed', detail: '页面无可售报价(Listing被抑制或下架)' });
    if (!inBand(r.buyboxPrice, state.bandMin, state.bandMax)) first.push(bandAlert(state, r));
    return first;
  }
  const out: NewAlert[] = [];
  const before = new Set(state.previous.map((o) => o.sellerId));
  for (const o of followers(r.offers, state.marketplaceId)) {
    if (!before.has(o.sellerId))
      out.push({
        kind: 'new_seller',
        seller_id: o.sellerId,
        detail: `新卖家 ${o.sellerId} 出价 ${formatMoney(minor(o.price + o.shipping), state.currency)}${o.fba ? '(FBA)' : '(FBM)'}${o.buybox ? ',并占据购物车' : ''}`,
      });
  }
  const holdsNow = r.offers.some((o) => o.mine && o.buybox);
  if (state.holdsBuybox && !holdsNow && !r.suppressed)
    out.push({
      kind: 'lost_buybox',
      seller_id: r.buyboxSeller,
      detail: r.buyboxSeller ? `购物车被 ${r.buyboxSeller} 夺走` : '购物车已无人持有',
    });
  if (inBand(state.buyboxPrice, state.bandMin, state.bandMax) && !inBand(r.buyboxPrice, state.bandMin, state.bandMax))
    out.push(bandAlert(state, r));
  if (!state.suppressed && r.suppressed)
    out.push({ kind: 'suppressed', detail: '页面无可售报价(Listing被抑制或下架)' });
  return out;
}

function bandAlert(state: WatchState, r: OfferReading): NewAlert {
  const f = (v: number | null) => (v === null ? '不限' : formatMoney(minor(v), state.currency));
  return {
    kind: 'price_band',
    detail: `购物车价格 ${f(r.buyboxPrice)} 超出设定范围 ${f(state.bandMin)} ~ ${f(state.bandMax)}`,
  };
}

/** Catalog facts whose change is a content alert. */
export interface ContentFacts {
  title: string;
  brand: string;
  image: string;
}

/** The content alert of a catalog reading, if the title, brand or main image changed. */
export function contentAlert(before: ContentFacts, now: ContentFacts): NewAlert | null {
  if (!before.title && !before.brand && !before.image) return null;
  const changed: string[] = [];
  if (before.title !== now.title) changed.push('标题');
  if (before.brand !== now.brand) changed.push('品牌');
  if (before.image !== now.image) changed.push('主图');
  return changed.length ? { kind: 'content', detail: `页面${changed.join('、')}已变化` } : null;
}

/** Most evidence entries a case keeps (the first ones and the latest). */
export const MAX_EVIDENCE = 60;

/** Adds a sighting to a case's evidence when the offer changed or an hour passed since the last entry. */
export function withEvidence(list: CaseEvidence[], o: MonitorOffer, at: Date): CaseEvidence[] {
  const last = list[list.length - 1];
  const same =
    last &&
    last.price === o.price &&
    last.shipping === o.shipping &&
    last.fba === o.fba &&
    last.buybox === o.buybox &&
    at.getTime() - Date.parse(last.at) < 3_600_000;
  if (same) return list;
  const next = [...list, { at: at.toISOString(), price: o.price, shipping: o.shipping, fba: o.fba, buybox: o.buybox }];
  // Keep the first sightings (when the follower arrived) and the latest ones.
  return next.length > MAX_EVIDENCE ? [...next.slice(0, 10), ...next.slice(next.length - (MAX_EVIDENCE - 10))] : next;
}

/** The Chinese title of an alert's message. */
export function alertTitle(kind: AlertKind, asin: string): string {
  return `${ASIN_LABEL}${asin} ${ALERT_KINDS[kind]}`;
}

const ASIN_LABEL = 'ASIN ';
