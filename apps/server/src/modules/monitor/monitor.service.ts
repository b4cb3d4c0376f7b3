import { marketplaceByCode, marketplaceById } from '@console/shared/constants/marketplaces';
import { moneyFromNumber } from '@console/shared/money';
import { can } from '@console/shared/permissions/can';
import type {
  alertListQuery,
  monitorAddBody,
  monitorListQuery,
  monitorUpdateBody,
} from '@console/shared/schemas/monitor';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import { badRequest, notFound, staleSave } from '../../lib/app-error.js';
import type { AnyOfferChangedEnvelope } from '../../marketplace/notifications/any-offer-changed.js';
import type { GetOffersResult } from '../../marketplace/pricing.types.js';
import { USAGE_PLANS } from '../../marketplace/rate-limits.js';
import { SpApiError } from '../../marketplace/sp-api.errors.js';
import { subjectOf } from '../account/account.presenter.js';
import { usableShop } from '../follow/follow-client.js';
import { catalogFacts } from '../follow/follow-market.js';
import { openShop } from '../shop/shop-client.js';
import { audit } from '../system/audit.js';
import {
  countOwned,
  deleteWatches,
  findSettings,
  findWatches,
  insertWatches,
  lockOwner,
  overviewCounts,
  saveSettings,
  tenantShops,
  updateWatchSettings,
  type WatchRow,
  watchedAsins,
  watchesOfSeller,
  watchPage,
} from './monitor.repository.js';
import type { MonitorOffer } from './monitor.tables.js';
import { applyContent, applyReading, beijingDay, readingOfOffers, recordChecks } from './monitor-check.service.js';
import { alertPage, handleAlerts, lastSnapshotOffers, snapshotsSince } from './monitor-history.repository.js';
import type { OfferReading } from './monitor-rules.js';
import { intervalMs, SHOP_CAPACITY, totalWeight } from './monitor-schedule.js';
import { polledByPriority } from './monitor-schedule.repository.js';

/** Who calls: the audit actor and the signed-in account. */
export interface MonitorCaller {
  actor: Actor;
  user: UserRow;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const num = (v: number | string | null) => (v === null ? null : Number(v));

/** A watched ASIN as the screens show it. */
export function watchView(r: WatchRow & { shop_name?: string; open_alerts?: unknown; live_cases?: unknown }) {
  return {
    id: Number(r.id),
    shop_id: r.shop_id,
    shop_name: r.shop_name ?? '',
    marketplace: r.marketplace,
    asin: r.asin,
    currency: r.currency,
    priority: r.priority,
    own_brand: r.own_brand,
    band_min: num(r.band_min),
    band_max: num(r.band_max),
    title: r.title,
    image: r.image,
    brand: r.brand,
    suppressed: r.suppressed,
    offer_count: r.offer_count,
    buybox_price: num(r.buybox_price),
    buybox_seller: r.buybox_seller,
    holds_buybox: r.holds_buybox,
    our_offer: r.our_offer,
    watch: r.our_offer ? ('notify' as const) : ('poll' as const),
    last_checked_at: iso(r.last_checked_at),
    next_check_at: r.next_check_at.toISOString(),
    check_error: r.check_error,
    open_alerts: Number(r.open_alerts ?? 0),
    live_cases: Number(r.live_cases ?? 0),
    version: r.version,
  };
}

/**
 * 添加监控: watches ASINs of a marketplace through a shop the caller may use. ASINs the tenant
 * already watches are left as they are; new ones count against the account's
 * `limit_monitor_len` (checked under a lock, so two adds at once cannot pass it) and are read
 * at once by the schedule.
 */
export async function addWatches(deps: AppDeps, c: MonitorCaller, b: z.output<typeof monitorAddBody>) {
  const tenantId = c.actor.tenantId;
  const shop = await usableShop(deps, tenantId, c.user, b.shop_id);
  const m = marketplaceByCode(b.marketplace);
  if (!m) throw badRequest('站点不存在');
  if (!shop.marketplaces.includes(m.code)) throw badRequest(`店铺「${shop.name}」未开通${m.name}站点`);
  return deps.db.transaction().execute(async (trx) => {
    await lockOwner(trx, tenantId, c.user.id);
    const existing = await watchedAsins(trx, tenantId, m.code, b.asins);
    const fresh = b.asins.filter((a) => !existing.has(a));
    const used = await countOwned(trx, tenantId, c.user.id);
    const limit = c.user.limit_monitor_len;
    if (used + fresh.length > limit)
      throw badRequest(`监控数量超出上限:已监控${used}个,上限${limit}个,本次新增${fresh.length}个`);
    const ids = await insertWatches(
      trx,
      tenantId,
      fresh.map((asin) => ({
        owner_id: c.user.id,
        shop_id: shop.id,
        marketplace: m.code,
        asin,
        currency: m.currency,
        priority: b.priority,
        own_brand: b.own_brand,
        band_min: b.band_min,
        band_max: b.band_max,
      })),
    );
    if (ids.length)
      await audit(trx, c.actor, {
        action: 'monitor.asinAdd',
        targetType: 'monitor_asin',
        targetId: ids[0]!,
        after: { marketplace: m.code, shop_id: shop.id, asins: fresh, priority: b.priority, own_brand: b.own_brand },
      });
    return { added: ids.length, existing: b.asins.length - fresh.length };
  });
}

/** 跟卖监控 list with the caller's limit and use. */
export async function watchListPage(deps: AppDeps, c: MonitorCaller, q: z.output<typeof monitorListQuery>) {
  const tenantId = c.actor.tenantId;
  const [{ rows, total }, used] = await Promise.all([
    watchPage(deps.db, tenantId, q),
    countOwned(deps.db, tenantId, c.user.id),
  ]);
  return {
    list: rows.map((r) => watchView(r as WatchRow & { shop_name: string })),
    total,
    page: q.page,
    pageSize: q.pageSize,
    limit: c.user.limit_monitor_len,
    used,
  };
}

async function oneWatch(deps: AppDeps, tenantId: number, id: number): Promise<WatchRow> {
  const row = (await findWatches(deps.db, tenantId, [id]))[0];
  if (!row) throw notFound('监控的ASIN不存在');
  return row;
}

/** Changes priority, own brand and price band of a watched ASIN (versioned). */
export async function updateWatch(deps: AppDeps, c: MonitorCaller, b: z.output<typeof monitorUpdateBody>) {
  const tenantId = c.actor.tenantId;
  const before = await oneWatch(deps, tenantId, b.id);
  return deps.db.transaction().execute(async (trx) => {
    const patch = { priority: b.priority, own_brand: b.own_brand, band_min: b.band_min, band_max: b.band_max };
    const version = await updateWatchSettings(trx, tenantId, b.id, b.version, patch);
    if (version === null) throw staleSave(before.version);
    await audit(trx, c.actor, {
      action: 'monitor.asinUpdate',
      targetType: 'monitor_asin',
      targetId: b.id,
      before: {
        priority: before.priority,
        own_brand: before.own_brand,
        band_min: num(before.band_min),
        band_max: num(before.band_max),
      },
      after: patch,
    });
    return { id: b.id, version };
  });
}

/** Stops watching ASINs (history, alerts and cases go with them). */
export async function removeWatches(deps: AppDeps, c: MonitorCaller, ids: number[]) {
  const tenantId = c.actor.tenantId;
  const rows = await findWatches(deps.db, tenantId, ids);
  if (rows.length === 0) throw notFound('监控的ASIN不存在');
  return deps.db.transaction().execute(async (trx) => {
    const deleted = await deleteWatches(
      trx,
      tenantId,
      rows.map((r) => r.id),
    );
    await audit(trx, c.actor, {
      action: 'monitor.asinDelete',
      targetType: 'monitor_asin',
      targetId: rows[0]!.id,
      before: { asins: rows.map((r) => r.asin) },
    });
    return { deleted };
  });
}

/**
 * 立即检查: reads the offers of up to 20 watched ASINs now (one batch per shop), within the
 * shop's limits; when no slot is free within 15 s the ASINs stay in the schedule (`deferred`).
 */
export async function checkNow(deps: AppDeps, tenantId: number, ids: number[]) {
  if (ids.length > 20) throw badRequest('一次最多检查20个ASIN');
  const rows = await findWatches(deps.db, tenantId, ids);
  if (rows.length === 0) throw notFound('监控的ASIN不存在');
  let checked = 0;
  let deferred = 0;
  const byShop = new Map<number, WatchRow[]>();
  for (const r of rows) byShop.set(r.shop_id, [...(byShop.get(r.shop_id) ?? []), r]);
  for (const [shopId, list] of byShop) {
    const { client } = await openShop(deps, tenantId, shopId);
    const scale = client.deps.scheduler.scale;
    const settings = await findSettings(deps.db, tenantId);
    const weight = totalWeight(await polledByPriority(deps.db, tenantId, shopId));
    try {
      // One ASIN: getItemOffers (0.5 rps) answers sooner than a batch slot (0.1 rps).
      const payloads = new Map<number, GetOffersResult>();
      if (list.length === 1) {
        const row = list[0]!;
        const m = marketplaceByCode(row.marketplace)?.marketplaceId ?? '';
        payloads.set(row.id, await client.pricing.getItemOffers(row.asin, m, { maxWaitMs: 15_000 }));
      } else {
        const batch = await client.pricing.getItemOffersBatch(
          list.map((r) => ({ asin: r.asin, marketplaceId: marketplaceByCode(r.marketplace)?.marketplaceId ?? '' })),
          { maxWaitMs: 15_000 },
        );
        for (const row of list) {
          const p = batch.responses.find((x) => x.request.Asin === row.asin)?.body.payload;
          if (p) payloads.set(row.id, p);
        }
      }
      const now = new Date();
      for (const row of list) {
        const payload = payloads.get(row.id);
        if (!payload) continue;
        const reading = readingOfOffers(payload, row.currency);
        const notified = reading.offers.some((x) => x.mine);
        await applyReading(deps.db, row, reading, {
          source: 'manual',
          now,
          nextCheckAt: new Date(
            now.getTime() + intervalMs({ priority: row.priority, notified, totalWeight: weight, scale }),
          ),
          removedAfterMs: settings.removed_after_minutes * 60_000,
        });
        checked++;
      }
      await recordChecks(deps.db, tenantId, checked, now);
      // A catalog never read (an ASIN just added): title, brand and image now, so the row is
      // complete at once instead of after the polling's next catalog read.
      for (const row of list) {
        if (row.content_checked_at !== null || !payloads.has(row.id)) continue;
        const m = marketplaceByCode(row.marketplace)?.marketplaceId ?? '';
        try {
          const item = await client.catalog.get(row.asin, {
            marketplaceIds: [m],
            includedData: ['summaries', 'images'],
          });
          const f = catalogFacts(item, m);
          await applyContent(deps.db, row, { title: f.title, brand: f.brand, image: f.image }, new Date());
        } catch (err) {
          // The polling reads it later; the offers above are the check's answer.
          if (!(err instanceof SpApiError)) throw err;
        }
      }
    } catch (err) {
      if (err instanceof SpApiError && (err.kind === 'deferred' || err.kind === 'throttled')) deferred += list.length;
      else if (err instanceof SpApiError) throw badRequest(err.message);
      else throw err;
    }
  }
  return { checked, deferred };
}

/** One watched ASIN: current offers, history over `days`, latest alerts. */
export async function watchDetail(deps: AppDeps, tenantId: number, id: number, days: number) {
  const row = await oneWatch(deps, tenantId, id);
  const since = new Date(Date.now() - days * 86_400_000);
  const [history, alerts, shops] = await Promise.all([
    snapshotsSince(deps.db, tenantId, id, since),
    alertPage(deps.db, tenantId, { page: 1, pageSize: 50, monitor_id: id }),
    tenantShops(deps.db, tenantId),
  ]);
  const latest = history.length ? await lastOffers(deps, tenantId, id) : [];
  return {
    asin: watchView({ ...row, shop_name: shops.find((s) => s.id === row.shop_id)?.name ?? '' }),
    offers: latest.map((o) => ({
      seller_id: o.sellerId,
      price: o.price,
      shipping: o.shipping,
      fba: o.fba,
      buybox: o.buybox,
      mine: o.mine,
    })),
    history: history.map((h) => ({
      at: h.taken_at.toISOString(),
      buybox_price: num(h.buybox_price),
      offer_count: h.offer_count,
      buybox_seller: h.buybox_seller,
    })),
    alerts: alerts.rows.map(alertView),
  };
}

async function lastOffers(deps: AppDeps, tenantId: number, id: number): Promise<MonitorOffer[]> {
  return (await lastSnapshotOffers(deps.db, tenantId, id)) ?? [];
}

/** An alert as the screens show it. */
export function alertView(a: Awaited<ReturnType<typeof alertPage>>['rows'][number]) {
  return {
    id: Number(a.id),
    monitor_id: Number(a.monitor_id),
    asin: a.asin,
    marketplace: a.marketplace,
    kind: a.kind,
    detail: a.detail,
    seller_id: a.seller_id,
    handled: a.handled,
    created_at: a.created_at.toISOString(),
  };
}

/** A page of alerts. */
export async function alertListPage(deps: AppDeps, tenantId: number, q: z.output<typeof alertListQuery>) {
  const { rows, total } = await alertPage(deps.db, tenantId, q);
  return { list: rows.map(alertView), total, page: q.page, pageSize: q.pageSize };
}

/** Marks alerts handled. */
export async function markAlertsHandled(deps: AppDeps, c: MonitorCaller, ids: number[]) {
  return deps.db.transaction().execute(async (trx) => {
    const n = await handleAlerts(trx, c.actor.tenantId, ids);
    if (n === 0) throw notFound('提醒不存在或已处理');
    await audit(trx, c.actor, {
      action: 'monitor.alertHandle',
      targetType: 'monitor_alert',
      targetId: ids[0]!,
      after: { ids },
    });
    return { affected: n };
  });
}

/** 监控首页: watched, limit, alerts, hijacked ASINs, Buy Box share, checks today against the budget. */
export async function overview(deps: AppDeps, c: MonitorCaller) {
  const tenantId = c.actor.tenantId;
  const today = beijingDay(new Date());
  const [counts, used, shops, alerts] = await Promise.all([
    overviewCounts(deps.db, tenantId, new Date(`${today}T00:00:00+08:00`)),
    countOwned(deps.db, tenantId, c.user.id),
    tenantShops(deps.db, tenantId),
    alertPage(deps.db, tenantId, { page: 1, pageSize: 5, handled: 0 }),
  ]);
  const authorized = shops.filter((s) => s.auth_status === 'authorized');
  // The polled ASINs of the busiest shop set the interval shown (normal priority).
  let interval = 0;
  for (const s of authorized) {
    const w = totalWeight(await polledByPriority(deps.db, tenantId, s.id));
    if (w > 0) interval = Math.max(interval, intervalMs({ priority: 2, notified: false, totalWeight: w, scale: 1 }));
  }
  return {
    watched: counts.watched,
    limit: c.user.limit_monitor_len,
    used,
    open_alerts: counts.open_alerts,
    hijacked: counts.hijacked,
    buybox_share_bp: counts.our_offers ? Math.floor((counts.holding * 10_000) / counts.our_offers) : null,
    our_offers: counts.our_offers,
    live_cases: counts.live_cases,
    checks_today: counts.checks_today,
    budget_today: Math.floor(SHOP_CAPACITY * 86_400) * authorized.length,
    poll_interval_s: Math.round(interval / 1000),
    latest_alerts: alerts.rows.map(alertView),
  };
}

/** The tenant's monitor settings. */
export async function settingsOf(deps: AppDeps, tenantId: number) {
  return findSettings(deps.db, tenantId);
}

/** Saves the tenant's monitor settings. */
export async function saveMonitorSettings(deps: AppDeps, c: MonitorCaller, s: { removed_after_minutes: number }) {
  const before = await findSettings(deps.db, c.actor.tenantId);
  await deps.db.transaction().execute(async (trx) => {
    await saveSettings(trx, c.actor.tenantId, s);
    await audit(trx, c.actor, {
      action: 'monitor.settings',
      targetType: 'monitor_settings',
      targetId: c.actor.tenantId,
      before,
      after: s,
    });
  });
  return s;
}

/** The offers of an ANY_OFFER_CHANGED notification as a reading for the seller it was sent to. */
export function readingOfNotification(n: AnyOfferChangedEnvelope, currency: string): OfferReading {
  const p = n.Payload.AnyOfferChangedNotification;
  const m = (a: number) => moneyFromNumber(a, currency) ?? 0;
  const offers = p.Offers.map((o) => ({
    sellerId: o.SellerId,
    price: m(o.ListingPrice.Amount),
    shipping: m(o.Shipping.Amount),
    fba: o.IsFulfilledByAmazon,
    buybox: o.IsBuyBoxWinner === true,
    mine: o.SellerId === p.SellerId,
  }));
  const bb = p.Summary.BuyBoxPrices.find((b) => b.Condition.toLowerCase() === 'new') ?? p.Summary.BuyBoxPrices[0];
  const count = p.Summary.NumberOfOffers.filter((x) => x.Condition.toLowerCase() === 'new').reduce(
    (s, x) => s + x.OfferCount,
    0,
  );
  return {
    offers,
    offerCount: count,
    buyboxPrice: bb ? m(bb.LandedPrice.Amount) : null,
    buyboxSeller: offers.find((o) => o.buybox)?.sellerId ?? '',
    suppressed: count === 0 && !bb,
  };
}

/**
 * Applies an ANY_OFFER_CHANGED notification to every watched ASIN of the seller's shops in
 * the marketplace (any tenant that bound the shop): no request to Amazon is needed.
 */
export async function receiveOfferNotification(
  deps: AppDeps,
  n: AnyOfferChangedEnvelope,
  opts: { sandbox?: boolean } = {},
): Promise<{ applied: number; duplicates: number }> {
  const p = n.Payload.AnyOfferChangedNotification;
  const m = marketplaceById(p.OfferChangeTrigger.MarketplaceId);
  if (!m || p.OfferChangeTrigger.ItemCondition.toLowerCase() !== 'new') return { applied: 0, duplicates: 0 };
  const rows = await watchesOfSeller(deps.db, p.SellerId, m.code, p.OfferChangeTrigger.ASIN, opts.sandbox);
  const scale = deps.config.spapi.timeScale;
  let applied = 0;
  let duplicates = 0;
  for (const row of rows) {
    const settings = await findSettings(deps.db, row.tenant_id);
    const reading = readingOfNotification(n, row.currency);
    const now = new Date();
    const weight = totalWeight(await polledByPriority(deps.db, row.tenant_id, row.shop_id));
    const notified = reading.offers.some((o) => o.mine);
    const r = await applyReading(deps.db, row, reading, {
      source: 'notify',
      now,
      nextCheckAt: new Date(
        now.getTime() + intervalMs({ priority: row.priority, notified, totalWeight: weight, scale }),
      ),
      removedAfterMs: settings.removed_after_minutes * 60_000,
      receipt: n.NotificationMetadata.NotificationId,
    });
    if (r.duplicate) {
      duplicates++;
      continue;
    }
    await recordChecks(deps.db, row.tenant_id, 1, now);
    applied++;
  }
  return { applied, duplicates };
}

/** The budget figures of the usage plans (docs and the benchmark). */
export const PRICING_PLANS = { batch: USAGE_PLANS.getItemOffersBatch, single: USAGE_PLANS.getItemOffers };

/**
 * The authorized shops the caller may watch through: admins every shop, others the shops given
 * to them or given to nobody (as `usableShop` decides). The monitor user (auth 6) has no
 * 店铺管理 access, so 添加监控 reads its shops here.
 */
export async function monitorShops(deps: AppDeps, c: MonitorCaller) {
  const all = await tenantShops(deps.db, c.actor.tenantId);
  const admin = can(subjectOf(c.user), 'shop.manage');
  return {
    list: all
      .filter((s) => s.auth_status === 'authorized')
      .filter((s) => admin || s.staff_ids.length === 0 || s.staff_ids.includes(c.user.id))
      .map((s) => ({ id: s.id, name: s.name, sandbox: s.sandbox, marketplaces: s.marketplaces })),
  };
}
