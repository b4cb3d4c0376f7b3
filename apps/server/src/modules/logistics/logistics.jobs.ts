import { z } from 'zod';
import { defineJob } from '../../lib/server-module.js';
import { processDueConfirmations } from './confirm.service.js';
import { watchCarrierEvents } from './problem.service.js';

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

/**
 * The carrier watch of problem parcels (issue 18 §4): every hour, the tracking events of recently
 * shipped waybills; a lost or returned parcel opens a problem parcel by itself.
 */
export const problemWatchJob = defineJob({
  kind: 'logistics-problem-watch',
  payload: z.object({}),
  schedule: { cron: '17 * * * *', data: {} },
  policy: 'stately',
  async run(ctx) {
    if (ctx.signal?.aborted) return;
    await watchCarrierEvents(ctx.deps, { limit: 500 });
  },
});
