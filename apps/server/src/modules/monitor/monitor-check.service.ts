import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import { ALERT_KINDS, MONITOR_BRIDGE_SITES } from '@console/shared/schemas/monitor';
import type { Database } from '../../db/database.js';
import type { GetOffersResult } from '../../marketplace/pricing.types.js';
import { summarizeOffers } from '../follow/follow-market.js';
import { FOLLOW_SALE_CATEGORY, type NewMessage, postMessages } from '../system/messages.service.js';
import { countChecks, saveWatchState, type WatchRow } from './monitor.repository.js';
import { insertCase, liveCases, updateCaseSeen } from './monitor-cases.repository.js';
import { insertAlerts, insertSnapshot, lastSnapshotOffers } from './monitor-history.repository.js';
import { takeReceipt } from './monitor-notify.repository.js';
import {
  alertsOf,
  alertTitle,
  type ContentFacts,
  contentAlert,
  followers,
  type NewAlert,
  type OfferReading,
  readingHash,
  withEvidence,
} from './monitor-rules.js';

/** Where the console shows a watched ASIN and the removal cases (links of the messages). */
export const ASIN_LINK = (asin: string) => `/monitor/monitor-asin/list?keyword=${asin}`;
const CASE_LINK = (asin: string) => `/monitor/monitor-bridge/list?keyword=${asin}`;

/** The Beijing date of a time (the dashboard counts checks per day). */
export function beijingDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(at);
}

/** getItemOffers' payload as a reading (minor units of the ASIN's currency). */
export function readingOfOffers(r: GetOffersResult, currency: string): OfferReading {
  const s = summarizeOffers(r, currency);
  return {
    offers: s.offers,
    offerCount: s.offerCount,
    buyboxPrice: s.buyboxPrice,
    buyboxSeller: s.buyboxSeller,
    suppressed: s.offerCount === 0 && s.buyboxPrice === null,
  };
}

/** Whether the ASIN's marketplace is one of the monitor-bridge countries (removal cases, §4). */
export function bridgeMarketplace(code: string): boolean {
  const m = marketplaceByCode(code);
  return !!m && MONITOR_BRIDGE_SITES.includes(m.site);
}

/** What applying a reading did. */
export interface ApplyResult {
  alerts: number;
  opened: number;
  /** The notification was applied to this ASIN before (nothing changed now). */
  duplicate?: boolean;
  removed: number;
}

/**
 * Applies a reading of a watched ASIN's offers in one transaction: the state and the next
 * check, a snapshot when the offers changed, alerts (also as messages to the account that
 * watches it, category follow-sale), and for own-brand ASINs in the bridge countries the
 * removal cases: a case per new follower, evidence while it stays, and `removed` once it has
 * been gone for the tenant's set time.
 */
export async function applyReading(
  db: Database,
  row: WatchRow,
  reading: OfferReading,
  o: {
    source: 'poll' | 'notify' | 'manual';
    now: Date;
    nextCheckAt: Date;
    removedAfterMs: number;
    /** A notification's id: applied once per watched ASIN, a redelivered copy changes nothing (`duplicate`). */
    receipt?: string;
  },
): Promise<ApplyResult> {
  const m = marketplaceByCode(row.marketplace);
  const marketplaceId = m?.marketplaceId ?? '';
  return db.transaction().execute(async (trx) => {
    if (o.receipt && !(await takeReceipt(trx, o.receipt, row.id)))
      return { alerts: 0, opened: 0, removed: 0, duplicate: true };
    const tenantId = row.tenant_id;
    const previous = await lastSnapshotOffers(trx, tenantId, row.id);
    const alerts = alertsOf(
      {
        marketplaceId,
        currency: row.currency,
        bandMin: row.band_min === null ? null : Number(row.band_min),
        bandMax: row.band_max === null ? null : Number(row.band_max),
        holdsBuybox: row.holds_buybox,
        ourOffer: row.our_offer,
        suppressed: row.suppressed,
        buyboxPrice: row.buybox_price === null ? null : Number(row.buybox_price),
        previous,
      },
      reading,
    );
    const hash = readingHash(reading);
    if (hash !== row.offers_hash || previous === null)
      await insertSnapshot(trx, tenantId, {
        monitor_id: row.id,
        source: o.source,
        offer_count: reading.offerCount,
        buybox_price: reading.buyboxPrice,
        buybox_seller: reading.buyboxSeller,
        offers: reading.offers,
        taken_at: o.now,
      });
    await saveWatchState(
      trx,
      tenantId,
      row.id,
      {
        offer_count: reading.offerCount,
        buybox_price: reading.buyboxPrice,
        buybox_seller: reading.buyboxSeller,
        holds_buybox: reading.offers.some((x) => x.mine && x.buybox),
        our_offer: reading.offers.some((x) => x.mine),
        suppressed: reading.suppressed,
        offers_hash: hash,
        last_checked_at: o.now,
        last_source: o.source,
        next_check_at: o.nextCheckAt,
        check_error: '',
      },
      { countCheck: true },
    );
    const messages: NewMessage[] = [];
    await raise(trx, row, alerts, messages);
    let opened = 0;
    let removed = 0;
    if (row.own_brand && bridgeMarketplace(row.marketplace)) {
      const live = await liveCases(trx, tenantId, row.id);
      const seen = new Map(followers(reading.offers, marketplaceId).map((f) => [f.sellerId, f]));
      for (const c of live) {
        const f = seen.get(c.seller_id);
        if (f) {
          seen.delete(c.seller_id);
          await updateCaseSeen(trx, tenantId, Number(c.id), {
            evidence: withEvidence(c.evidence, f, o.now),
            last_seen_at: o.now,
            gone_since: null,
          });
          continue;
        }
        const gone = c.gone_since ?? o.now;
        if (o.now.getTime() - gone.getTime() >= o.removedAfterMs) {
          await updateCaseSeen(trx, tenantId, Number(c.id), { gone_since: gone, status: 'removed', closed_at: o.now });
          removed++;
          messages.push({
            userId: row.owner_id,
            source: 'monitor',
            category: FOLLOW_SALE_CATEGORY,
            title: `ASIN ${row.asin} 跟卖者 ${c.seller_id} 已移除`,
            body: '该跟卖者已从报价中消失并超过设定时间,案件自动关闭为「已移除」。',
            link: CASE_LINK(row.asin),
          });
        } else if (!c.gone_since) await updateCaseSeen(trx, tenantId, Number(c.id), { gone_since: gone });
      }
      for (const f of seen.values()) {
        const id = await insertCase(trx, tenantId, {
          monitor_id: row.id,
          marketplace: row.marketplace,
          asin: row.asin,
          seller_id: f.sellerId,
          evidence: withEvidence([], f, o.now),
        });
        if (id === null) continue;
        opened++;
        messages.push({
          userId: row.owner_id,
          source: 'monitor',
          category: FOLLOW_SALE_CATEGORY,
          title: `ASIN ${row.asin} 新跟卖移除案件:${f.sellerId}`,
          body: '已自动收集报价证据,可在「跟卖移除」中生成投诉文本。',
          link: CASE_LINK(row.asin),
        });
      }
    }
    await postMessages(trx, tenantId, messages);
    return { alerts: alerts.length, opened, removed };
  });
}

/** Records alerts and their messages to the account that watches the ASIN. */
async function raise(trx: Database, row: WatchRow, alerts: NewAlert[], messages: NewMessage[]) {
  if (alerts.length === 0) return;
  await insertAlerts(
    trx,
    row.tenant_id,
    alerts.map((a) => ({ monitor_id: row.id, kind: a.kind, detail: a.detail, seller_id: a.seller_id ?? '' })),
  );
  for (const a of alerts)
    messages.push({
      userId: row.owner_id,
      source: 'monitor',
      category: FOLLOW_SALE_CATEGORY,
      title: alertTitle(a.kind, row.asin),
      body: `${ALERT_KINDS[a.kind]}:${a.detail}`,
      link: ASIN_LINK(row.asin),
    });
}

/** Applies a catalog reading (title, brand, main image): a content alert when one changed. */
export async function applyContent(db: Database, row: WatchRow, facts: ContentFacts, now: Date): Promise<boolean> {
  const alert = contentAlert({ title: row.title, brand: row.brand, image: row.image }, facts);
  await db.transaction().execute(async (trx) => {
    await saveWatchState(trx, row.tenant_id, row.id, { ...facts, content_checked_at: now });
    const messages: NewMessage[] = [];
    if (alert) await raise(trx, row, [alert], messages);
    await postMessages(trx, row.tenant_id, messages);
  });
  return alert !== null;
}

/** Counts checks of a tenant for the dashboard. */
export function recordChecks(db: Database, tenantId: number, n: number, at: Date): Promise<void> {
  return n > 0 ? countChecks(db, tenantId, beijingDay(at), n) : Promise.resolve();
}
