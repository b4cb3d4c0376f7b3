import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import type { AppDeps } from '../../context.js';
import { sleep } from '../../marketplace/http-retry.js';
import { USAGE_PLANS } from '../../marketplace/rate-limits.js';
import type { SpApiClient } from '../../marketplace/sp-api.client.js';
import { SpApiError } from '../../marketplace/sp-api.errors.js';
import { catalogFacts } from '../follow/follow-market.js';
import { shopAuthorizationLost } from '../shop/shop.service.js';
import { openShop } from '../shop/shop-client.js';
import { findSettings, rescheduleWatches, saveWatchState, type WatchRow } from './monitor.repository.js';
import { applyContent, applyReading, readingOfOffers, recordChecks } from './monitor-check.service.js';
import { CONTENT_INTERVAL_MS, intervalMs, totalWeight } from './monitor-schedule.js';
import { claimContentDue, claimDue, contentDue, nextDue, polledByPriority } from './monitor-schedule.repository.js';

/** What a polling window of a shop did. */
export interface PollStats {
  /** ASINs read. */
  checks: number;
  /** Requests sent (batch and single). */
  calls: number;
  /** Requests that failed with 429 after the client's retries (rescheduled, never shown as an error). */
  throttled: number;
  /** ASINs whose read failed for another reason (shown on the row). */
  failed: number;
  alerts: number;
  /** Intervals between two reads of the same ASIN in this window (ms, Amazon time x scale). */
  intervals: number[];
}

/** A shop to poll. */
export interface PollShop {
  id: number;
  tenant_id: number;
}

/** Options of a polling window. */
export interface PollOptions {
  /** How long the window lasts (ms of wall time). */
  windowMs: number;
  /** Read catalogs for content alerts too (default on). */
  content?: boolean;
  /** How long ago a catalog read must be to read it again (default `CONTENT_INTERVAL_MS` / scale). */
  contentEveryMs?: number;
  /** Record intervals between reads (the benchmark). */
  trackIntervals?: boolean;
  /** End as soon as nothing is due (a check on demand, tests) instead of waiting for the window's end. */
  untilIdle?: boolean;
}

/** Lease on claimed ASINs: longer than the longest wait for a batch slot. */
const LEASE_MS = 120_000;

/**
 * Reads the due ASINs of one shop for a window: a batch lane (getItemOffersBatch, 20 ASINs)
 * and a single lane (getItemOffers) run side by side, each claiming the most overdue ASINs,
 * each waiting for its slot in the shop's rate-limit buckets (never beyond the window: a
 * deferred claim goes back in line). A read that ends in 429 after the client's retries
 * puts the ASINs back a little later; nobody sees an error for it.
 */
export async function pollShop(deps: AppDeps, shop: PollShop, o: PollOptions): Promise<PollStats> {
  const stats: PollStats = { checks: 0, calls: 0, throttled: 0, failed: 0, alerts: 0, intervals: [] };
  const started = Date.now();
  const deadline = started + o.windowMs;
  let client: SpApiClient;
  try {
    client = (await openShop(deps, shop.tenant_id, shop.id)).client;
  } catch {
    return stats;
  }
  const scale = client.deps.scheduler.scale;
  const settings = await findSettings(deps.db, shop.tenant_id);
  const removedAfterMs = settings.removed_after_minutes * 60_000;
  let weight = totalWeight(await polledByPriority(deps.db, shop.tenant_id, shop.id));
  let stopped = false;

  const next = (row: WatchRow, reading: { offers: { mine: boolean }[] }, now: Date) =>
    new Date(
      now.getTime() +
        intervalMs({
          priority: row.priority,
          notified: reading.offers.some((x) => x.mine),
          totalWeight: weight,
          scale,
        }),
    );

  const track = (row: WatchRow, now: Date) => {
    if (o.trackIntervals && row.last_checked_at) stats.intervals.push(now.getTime() - row.last_checked_at.getTime());
  };

  const failure = async (rows: WatchRow[], err: unknown): Promise<boolean> => {
    const now = Date.now();
    if (err instanceof SpApiError && err.kind === 'deferred') {
      await rescheduleWatches(
        deps.db,
        shop.tenant_id,
        rows.map((r) => r.id),
        new Date(now),
      );
      return true;
    }
    if (
      err instanceof SpApiError &&
      (err.kind === 'throttled' || err.kind === 'unavailable' || err.kind === 'network')
    ) {
      if (err.kind === 'throttled') stats.throttled++;
      await rescheduleWatches(
        deps.db,
        shop.tenant_id,
        rows.map((r) => r.id),
        new Date(now + 10_000 / scale),
      );
      return false;
    }
    const msg = err instanceof Error ? err.message : String(err);
    stats.failed += rows.length;
    for (const r of rows)
      await saveWatchState(deps.db, shop.tenant_id, r.id, {
        check_error: msg.slice(0, 300),
        next_check_at: new Date(now + 600_000 / scale),
      });
    if (err instanceof SpApiError && (err.kind === 'invalid_grant' || err.kind === 'unauthorized')) {
      await shopAuthorizationLost(deps, shop.tenant_id, shop.id, err.message);
      return true;
    }
    return false;
  };

  const idle = async () => {
    const due = await nextDue(deps.db, shop.tenant_id, shop.id);
    const wait = due ? due.getTime() - Date.now() : 1000;
    await sleep(Math.max(20, Math.min(wait, 1000 / Math.max(1, scale / 10), deadline - Date.now())));
  };

  const lane = async (size: number) => {
    // Pacing: a usage plan with a burst of 1 refuses a request that follows the previous one by
    // less than 1/rate, and the previous one may have left late (the scheduler books slots, the
    // request leaves when the event loop gets to it). So the next request of this lane is not
    // sent before 1/rate after the previous answer arrived; the shared scheduler still books
    // the slot (other lanes and processes).
    const plan = USAGE_PLANS[size === 1 ? 'getItemOffers' : 'getItemOffersBatch'];
    const gapMs = 1000 / (plan.rate * scale);
    let lastAnswer = 0;
    while (!stopped && Date.now() < deadline) {
      const pause = lastAnswer + gapMs - Date.now();
      if (pause > 0) await sleep(Math.min(pause, Math.max(0, deadline - Date.now())));
      if (Date.now() >= deadline) break;
      const rows = await claimDue(deps.db, shop.tenant_id, shop.id, size, new Date(), LEASE_MS / scale);
      if (rows.length === 0) {
        if (o.untilIdle) {
          // None due, or the due ones are locked for a moment (the other lane's claim, the
          // catalog lane's claim): a check on demand waits those out.
          const due = await nextDue(deps.db, shop.tenant_id, shop.id);
          if (!due || due.getTime() > Date.now()) return;
          await sleep(20);
          continue;
        }
        await idle();
        continue;
      }
      const maxWaitMs = Math.max(0, deadline - Date.now());
      try {
        stats.calls++;
        if (size === 1) {
          const row = rows[0]!;
          const m = marketplaceByCode(row.marketplace);
          const payload = await client.pricing.getItemOffers(row.asin, m?.marketplaceId ?? '', { maxWaitMs });
          lastAnswer = Date.now();
          const now = new Date();
          const reading = readingOfOffers(payload, row.currency);
          track(row, now);
          const r = await applyReading(deps.db, row, reading, {
            source: 'poll',
            now,
            nextCheckAt: next(row, reading, now),
            removedAfterMs,
          });
          stats.alerts += r.alerts;
          stats.checks++;
        } else {
          const batch = await client.pricing.getItemOffersBatch(
            rows.map((r) => ({ asin: r.asin, marketplaceId: marketplaceByCode(r.marketplace)?.marketplaceId ?? '' })),
            { maxWaitMs },
          );
          lastAnswer = Date.now();
          const now = new Date();
          for (const row of rows) {
            const answer = batch.responses.find(
              (x) =>
                x.request.Asin === row.asin &&
                x.request.MarketplaceId === marketplaceByCode(row.marketplace)?.marketplaceId,
            );
            const payload = answer?.body.payload;
            if (!payload) {
              stats.failed++;
              const why = answer?.body.errors?.[0]?.message ?? '亚马逊未返回该ASIN的报价';
              await saveWatchState(deps.db, shop.tenant_id, row.id, {
                check_error: why.slice(0, 300),
                last_checked_at: now,
                next_check_at: new Date(
                  now.getTime() + intervalMs({ priority: row.priority, notified: false, totalWeight: weight, scale }),
                ),
              });
              continue;
            }
            const reading = readingOfOffers(payload, row.currency);
            track(row, now);
            const r = await applyReading(deps.db, row, reading, {
              source: 'poll',
              now,
              nextCheckAt: next(row, reading, now),
              removedAfterMs,
            });
            stats.alerts += r.alerts;
            stats.checks++;
          }
        }
        await recordChecks(deps.db, shop.tenant_id, rows.length, new Date());
      } catch (err) {
        lastAnswer = Date.now();
        if (await failure(rows, err)) stopped = true;
      }
    }
  };

  const content = async () => {
    const every = o.contentEveryMs ?? CONTENT_INTERVAL_MS / scale;
    const read = new Set<number>();
    while (!stopped && Date.now() < deadline) {
      const rows = await claimContent(deps, shop, every);
      if (o.untilIdle && rows && read.has(rows.id)) return;
      if (!rows) {
        // Nothing claimed: none due, or the due ones are locked for a moment by the offers lanes
        // (their claim or reading of the same row); a check on demand waits those out.
        if (o.untilIdle && !(await contentDue(deps.db, shop.tenant_id, shop.id, new Date(Date.now() - every)))) return;
        await sleep(Math.max(20, Math.min(o.untilIdle ? 20 : 5000 / Math.max(1, scale / 10), deadline - Date.now())));
        continue;
      }
      read.add(rows.id);
      const m = marketplaceByCode(rows.marketplace);
      try {
        const item = await client.catalog.get(rows.asin, {
          marketplaceIds: [m?.marketplaceId ?? ''],
          includedData: ['summaries', 'images'],
        });
        const f = catalogFacts(item, m?.marketplaceId ?? '');
        if (await applyContent(deps.db, rows, { title: f.title, brand: f.brand, image: f.image }, new Date()))
          stats.alerts++;
      } catch (err) {
        if (err instanceof SpApiError && (err.kind === 'invalid_grant' || err.kind === 'unauthorized')) stopped = true;
      }
    }
  };

  // The weight is read again now and then: ASINs added or removed during a window change it.
  const reweigh = async () => {
    while (!stopped && !o.untilIdle && Date.now() < deadline) {
      await sleep(Math.min(10_000, Math.max(0, deadline - Date.now())));
      weight = totalWeight(await polledByPriority(deps.db, shop.tenant_id, shop.id));
    }
  };

  await Promise.all([lane(20), lane(1), reweigh(), ...(o.content === false ? [] : [content()])]);
  return stats;
}

/** The watched ASIN of the shop whose catalog was read longest ago (claimed), or null when none is due. */
function claimContent(deps: AppDeps, shop: PollShop, everyMs: number): Promise<WatchRow | null> {
  return claimContentDue(deps.db, shop.tenant_id, shop.id, new Date(Date.now() - everyMs));
}
