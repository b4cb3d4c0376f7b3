import { z } from 'zod';
import { defineJob } from '../../lib/server-module.js';
import { processDueConfirmations } from './confirm.service.js';

/**
 * Shipment confirmations to Amazon: every minute, and right after a shipment (`trigger`);
 * `stately` keeps one run waiting and one running system-wide.
 */
export const logisticsConfirmJob = defineJob({
  kind: 'logistics-confirm',
  payload: z.object({}),
  schedule: { cron: '* * * * *', data: {} },
  policy: 'stately',
  async run(ctx) {
    while ((await processDueConfirmations(ctx.deps, { limit: 50 })) === 50) {
      if (ctx.signal?.aborted) return;
    }
  },
});
