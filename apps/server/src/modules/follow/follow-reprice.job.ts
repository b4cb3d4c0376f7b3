import { z } from 'zod';
import { defineJob } from '../../lib/server-module.js';
import { repriceDue } from './follow-offers.service.js';

/**
 * Every 10 minutes: follow offers with a repricing rule (follow the Buy Box within min/max)
 * are read and repriced without anyone clicking 刷新购物车 (docs/follow.md "自动调价"). One run
 * at a time system-wide; every read books its slot in the shop's shared rate-limit buckets.
 */
export const followRepriceJob = defineJob({
  kind: 'follow-reprice',
  payload: z.object({}),
  schedule: { cron: '*/10 * * * *', data: {} },
  policy: 'stately',
  async run(ctx) {
    try {
      await repriceDue(ctx.deps);
    } catch (err) {
      // The server is stopping (its database closes under the run): the next run does the work.
      if (ctx.signal?.aborted) return;
      throw err;
    }
  },
});
