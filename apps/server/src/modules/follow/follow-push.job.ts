import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import { minor, moneyToNumber } from '@console/shared/money';
import { z } from 'zod';
import { defineJob, requireJob } from '../../lib/server-module.js';
import { SpApiError } from '../../marketplace/sp-api.errors.js';
import type { ListingAttributes } from '../../marketplace/sp-api.types.js';
import { claimOffers, findOffers, saveOfferResult } from './follow.repository.js';
import { callError, type FollowShop, openShop } from './follow-client.js';

/** Payload of a push: follow offers of the tenant to submit. */
export const pushPayload = z.object({ ids: z.array(z.number().int().positive()).min(1).max(5000) });
type PushPayload = z.infer<typeof pushPayload>;

/** Result of a push: items accepted and failed. */
export interface PushResult {
  active: number;
  failed: number;
}

/**
 * The offer-only attributes of a follow offer: the ASIN it joins (`merchant_suggested_asin`),
 * condition new, our price and the quantity (FBM) or Amazon's fulfillment channel (FBA).
 */
export function offerAttributes(o: {
  asin: string;
  marketplace: string;
  currency: string;
  price: number;
  quantity: number;
  fulfillment: 'FBM' | 'FBA';
}): ListingAttributes {
  const m = marketplaceByCode(o.marketplace);
  const marketplace_id = m?.marketplaceId ?? '';
  return {
    merchant_suggested_asin: [{ value: o.asin, marketplace_id }],
    condition_type: [{ value: 'new_new', marketplace_id }],
    purchasable_offer: [
      {
        currency: o.currency,
        marketplace_id,
        our_price: [{ schedule: [{ value_with_tax: moneyToNumber(minor(o.price), o.currency) }] }],
      },
    ],
    fulfillment_availability: [
      o.fulfillment === 'FBA'
        ? { fulfillment_channel_code: `AMAZON_${m?.region ?? 'NA'}` }
        : { fulfillment_channel_code: 'DEFAULT', quantity: o.quantity },
    ],
  };
}

/**
 * 跟卖上传 (§2): each queued offer becomes an offer-only listing on its ASIN
 * (putListingsItem with `LISTING_OFFER_ONLY` and the catalog's product type), within the
 * shop's rate limits. Amazon's answer decides: accepted is 在售, refused keeps Amazon's issues
 * for the queue screen and can be retried; an error of the call keeps its Chinese message.
 */
export const followPushJob = defineJob<PushPayload, PushResult>({
  kind: 'follow-push',
  payload: pushPayload,
  access: 'follow.use',
  failMessage: '跟卖提交失败,请重试',
  async run(ctx, p) {
    const job = requireJob(ctx);
    const { deps } = ctx;
    const claimed = new Set((await claimOffers(deps.db, job.tenantId, p.ids)).map((r) => Number(r.id)));
    const offers = (await findOffers(deps.db, job.tenantId, p.ids)).filter((o) => claimed.has(Number(o.id)));
    const shops = new Map<string, FollowShop | Error>();
    const result: PushResult = { active: 0, failed: 0 };
    let done = 0;
    for (const o of offers) {
      const key = `${o.shop_id}|${o.marketplace}`;
      let shop = shops.get(key);
      if (!shop) {
        shop = await openShop(deps, job.tenantId, o.shop_id, o.marketplace).catch((err: unknown) =>
          callError(deps, job.tenantId, o.shop_id, err),
        );
        shops.set(key, shop);
      }
      if (shop instanceof Error) {
        await saveOfferResult(deps.db, job.tenantId, o.id, { status: 'failed', issues: [], error: shop.message });
        result.failed++;
      } else {
        try {
          const r = await shop.client.listings.put(o.sku, [shop.marketplaceId], {
            productType: o.product_type,
            requirements: 'LISTING_OFFER_ONLY',
            attributes: offerAttributes(o),
          });
          const issues = (r.issues ?? []).map((i) => ({ code: i.code, message: i.message, severity: i.severity }));
          const ok = r.status === 'ACCEPTED';
          await saveOfferResult(deps.db, job.tenantId, o.id, {
            status: ok ? 'active' : 'failed',
            issues,
            error: ok ? '' : '亚马逊拒绝了该跟卖,请查看问题后重试',
          });
          if (ok) result.active++;
          else result.failed++;
        } catch (err) {
          if (!(err instanceof SpApiError)) throw err;
          const e = await callError(deps, job.tenantId, o.shop_id, err);
          await saveOfferResult(deps.db, job.tenantId, o.id, { status: 'failed', issues: [], error: e.message });
          result.failed++;
        }
      }
      done++;
      await ctx.progress.update(done, { total: offers.length, result: { ...result } });
    }
    await ctx.progress.done(result, { progress: offers.length, total: offers.length });
  },
});
