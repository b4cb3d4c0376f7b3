import { z } from 'zod';
import type { AppDeps } from '../../context.js';
import { defineJob, requireJob } from '../../lib/server-module.js';
import type { GetOffersResult } from '../../marketplace/pricing.types.js';
import { SpApiError } from '../../marketplace/sp-api.errors.js';
import { findCandidates, saveCandidateLookup, sensitiveWords } from './follow.repository.js';
import { callError, type FollowShop, openShop } from './follow-client.js';
import { catalogFacts, restrictionOf, riskFlags, summarizeOffers } from './follow-market.js';
import {
  CATALOG_NOT_FOUND,
  type LookupFailure,
  offersFailure,
  RETRY_LATER,
  TRANSIENT_KINDS,
} from './follow-reasons.js';

/** Payload of a lookup: candidates of the tenant, read with one shop's authorization. */
export const lookupPayload = z.object({
  shopId: z.number().int().positive(),
  ids: z.array(z.number().int().positive()).min(1).max(5000),
});
type LookupPayload = z.infer<typeof lookupPayload>;

/** Partial result while a lookup runs: items done, failed, and the estimated time left. */
export interface LookupResult {
  ready: number;
  failed: number;
  /** Milliseconds the shop's rate limits need for the rest (the screen's ETA). */
  eta_ms: number;
}

/** ASINs per getItemOffersBatch (the model's maximum). */
const BATCH = 20;

type OffersAnswer = { payload?: GetOffersResult; error?: { code: string; status?: number } };

/**
 * Offers of up to 20 ASINs: one getItemOffersBatch (0.1 rps), or for a single ASIN
 * getItemOffers (its own 0.5 rps bucket: a lookup of one ASIN, e.g. a file with one more,
 * does not wait ten seconds behind the last batch). An ASIN Amazon refuses has its error code
 * and status; a call that fails as a whole throws.
 */
async function offersOf(shop: FollowShop, rows: { asin: string }[]): Promise<Map<string, OffersAnswer>> {
  const out = new Map<string, OffersAnswer>();
  if (rows.length === 1) {
    const asin = rows[0]!.asin;
    try {
      out.set(asin, { payload: await shop.client.pricing.getItemOffers(asin, shop.marketplaceId) });
    } catch (err) {
      if (!(err instanceof SpApiError) || (err.kind !== 'rejected' && err.kind !== 'not_found')) throw err;
      out.set(asin, { error: { code: err.p.errors?.[0]?.code ?? '', status: err.p.status } });
    }
    return out;
  }
  const batch = await shop.client.pricing.getItemOffersBatch(
    rows.map((r) => ({ asin: r.asin, marketplaceId: shop.marketplaceId })),
  );
  for (const r of batch.responses) {
    const e = r.body.errors?.[0];
    out.set(r.request.Asin ?? '', {
      payload: r.body.payload,
      ...(e ? { error: { code: e.code, status: r.status?.statusCode } } : {}),
    });
  }
  return out;
}

/** How one ASIN's lookup ended: read, failed (with its reason saved), or to try again later in the job. */
type Outcome = 'ready' | 'failed' | 'retry';

async function lookupChunk(
  deps: AppDeps,
  tenantId: number,
  shop: FollowShop,
  rows: { id: number; asin: string }[],
  sensitive: string[],
  lastPass: boolean,
  settle: (id: number, outcome: Outcome) => Promise<void>,
): Promise<void> {
  const answers = await offersOf(shop, rows);
  // A failure that passes by itself waits for the second pass (the row says so meanwhile).
  const fail = async (id: number, f: LookupFailure) => {
    const retry = f.transient && !lastPass;
    await saveCandidateLookup(deps.db, tenantId, id, {
      status: retry ? 'pending' : 'failed',
      error: retry ? RETRY_LATER : f.reason,
    });
    await settle(id, retry ? 'retry' : 'failed');
  };
  for (const row of rows) {
    const answer = answers.get(row.asin);
    const payload = answer?.payload;
    if (!payload) {
      await fail(row.id, offersFailure(answer?.error));
      continue;
    }
    try {
      const offers = summarizeOffers(payload, shop.currency);
      const item = await shop.client.catalog.get(row.asin, {
        marketplaceIds: [shop.marketplaceId],
        includedData: ['summaries', 'images', 'productTypes'],
      });
      const facts = catalogFacts(item, shop.marketplaceId);
      const restriction = restrictionOf(
        await shop.client.restrictions.get(row.asin, [shop.marketplaceId], { conditionType: 'new_new' }),
        shop.marketplaceId,
      );
      await saveCandidateLookup(deps.db, tenantId, row.id, {
        status: 'ready',
        title: facts.title,
        brand: facts.brand,
        image: facts.image,
        product_type: facts.productType,
        offer_count: offers.offerCount,
        fba_offers: offers.fbaOffers,
        fbm_offers: offers.fbmOffers,
        buybox_price: offers.buyboxPrice,
        buybox_seller: offers.buyboxSeller,
        amazon_sells: offers.amazonSells,
        restriction: restriction.code,
        restriction_message: restriction.message,
        risk_flags: riskFlags({
          brand: facts.brand,
          sensitive,
          restriction,
          offerCount: offers.offerCount,
          amazonSells: offers.amazonSells,
        }),
        error: '',
      });
      await settle(row.id, 'ready');
    } catch (err) {
      if (!(err instanceof SpApiError) || err.kind === 'unauthorized' || err.kind === 'invalid_grant') throw err;
      await fail(row.id, {
        reason: err.kind === 'not_found' ? CATALOG_NOT_FOUND : err.message,
        transient: TRANSIENT_KINDS.has(err.kind),
      });
    }
  }
}

/**
 * The time the shop's rate limits need for `left` more ASINs: the slower of their catalog and
 * restriction reads and their offer batches (each bucket as it stands now).
 */
async function etaMs(shop: FollowShop, left: number): Promise<number> {
  if (left <= 0) return 0;
  const { scheduler } = shop.client.deps;
  const seller = shop.client.shop.sellingPartnerId;
  const [catalog, restrictions, offers] = await Promise.all([
    scheduler.estimateMs(seller, 'getCatalogItem', left),
    scheduler.estimateMs(seller, 'getListingsRestrictions', left),
    left === 1
      ? scheduler.estimateMs(seller, 'getItemOffers', 1)
      : scheduler.estimateMs(seller, 'getItemOffersBatch', Math.ceil(left / BATCH)),
  ]);
  return Math.max(catalog, restrictions, offers);
}

/**
 * 跟卖候选池 lookup (§1): offers of 20 ASINs per getItemOffersBatch, then each ASIN's catalog
 * facts (title, brand, image, product type) and listing restrictions, within the shop's rate
 * limits (the scheduler waits for slots; the catalog's 2 rps and the batch's 0.1 rps are the
 * pace). An estimate before the first call, then progress after every ASIN with the time the
 * rest needs, so 500 ASINs show progress and an ETA from the start.
 */
export const followLookupJob = defineJob<LookupPayload, LookupResult>({
  kind: 'follow-lookup',
  payload: lookupPayload,
  access: 'follow.use',
  failMessage: '候选商品查询失败,请重试',
  async run(ctx, p) {
    const job = requireJob(ctx);
    const { deps } = ctx;
    const rows = await findCandidates(deps.db, job.tenantId, p.ids);
    const sensitive = await sensitiveWords(deps.db, job.tenantId);
    const result: LookupResult = { ready: 0, failed: 0, eta_ms: 0 };
    let done = 0;
    // Two passes: ASINs throttled or refused by Amazon's trouble in the first are read once more.
    let todo: { id: number; asin: string; marketplace: string }[] = rows;
    for (const lastPass of [false, true]) {
      const again: typeof todo = [];
      const byMarket = new Map<string, typeof todo>();
      for (const r of todo) byMarket.set(r.marketplace, [...(byMarket.get(r.marketplace) ?? []), r]);
      for (const [marketplace, list] of byMarket) {
        let shop: FollowShop;
        try {
          shop = await openShop(deps, job.tenantId, p.shopId, marketplace);
        } catch (err) {
          const e = await callError(deps, job.tenantId, p.shopId, err);
          for (const r of list)
            await saveCandidateLookup(deps.db, job.tenantId, r.id, { status: 'failed', error: e.message });
          result.failed += list.length;
          done += list.length;
          continue;
        }
        // The estimate before the first call, so the screen never shows a silent start.
        result.eta_ms = await etaMs(shop, rows.length - done);
        await ctx.progress.update(done, { total: rows.length, result: { ...result } });
        for (let i = 0; i < list.length; i += BATCH) {
          const chunk = list.slice(i, i + BATCH);
          const settled = new Set<number>();
          // Progress after every ASIN, with the time the rest needs at the shop's rates.
          const settle = async (id: number, outcome: Outcome) => {
            settled.add(id);
            if (outcome === 'retry') {
              again.push(chunk.find((r) => r.id === id)!);
              return;
            }
            if (outcome === 'ready') result.ready++;
            else result.failed++;
            done++;
            result.eta_ms = await etaMs(shop, rows.length - done);
            await ctx.progress.update(done, { total: rows.length, result: { ...result } });
          };
          try {
            await lookupChunk(deps, job.tenantId, shop, chunk, sensitive, lastPass, settle);
          } catch (err) {
            const e = await callError(deps, job.tenantId, p.shopId, err);
            const rest = chunk.filter((r) => !settled.has(r.id));
            const retry = !lastPass && err instanceof SpApiError && TRANSIENT_KINDS.has(err.kind);
            for (const r of rest)
              await saveCandidateLookup(deps.db, job.tenantId, r.id, {
                status: retry ? 'pending' : 'failed',
                error: retry ? RETRY_LATER : e.message,
              });
            if (retry) again.push(...rest);
            else {
              result.failed += rest.length;
              done += rest.length;
            }
            await ctx.progress.update(done, { total: rows.length, result: { ...result } });
          }
        }
      }
      if (again.length === 0) break;
      todo = again;
    }
    await ctx.progress.done({ ...result, eta_ms: 0 }, { progress: rows.length, total: rows.length });
  },
});
