import { z } from 'zod';
import { defineJob, requireJob } from '../../lib/server-module.js';
import { checkOffers } from './follow-offers.service.js';

/** Payload of a Buy Box check: follow offers of the tenant. */
export const checkPayload = z.object({ ids: z.array(z.number().int().positive()).min(1).max(5000) });

/**
 * 跟卖商品 Buy Box check (§2): reads the offers of the follow offers in batches of 20 within
 * the shop's pricing limits (getItemOffersBatch: 0.1 rps), stores Buy Box price and owner and
 * the seller count, and applies the offers' repricing rules.
 */
export const followCheckJob = defineJob<z.infer<typeof checkPayload>, { checked: number; repriced: number }>({
  kind: 'follow-check',
  payload: checkPayload,
  access: 'follow.use',
  failMessage: '购物车价格查询失败,请重试',
  async run(ctx, p) {
    const job = requireJob(ctx);
    const r = await checkOffers(ctx.deps, job.tenantId, p.ids);
    await ctx.progress.done(r, { progress: p.ids.length, total: p.ids.length });
  },
});
