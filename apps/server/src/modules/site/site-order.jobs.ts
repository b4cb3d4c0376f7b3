import { z } from 'zod';
import { paymentOf } from '../../adapters/payment/payment-factory.js';
import { defineJob } from '../../lib/server-module.js';
import { expireUnpaidOrders } from './site-order-expiry.js';

/** Every 5 minutes: site orders unpaid for an hour are cancelled and give their units back. */
export const siteOrderExpiryJob = defineJob({
  kind: 'site-order-expiry',
  payload: z.object({}),
  schedule: { cron: '*/5 * * * *', data: {} },
  policy: 'stately',
  async run(ctx) {
    const { adapter } = await paymentOf(ctx.deps.config);
    const limit = 200;
    // Another pass while a full one settled every order it took (more may be waiting).
    for (;;) {
      const r = await expireUnpaidOrders(ctx.deps.db, adapter, { limit });
      if (r.cancelled + r.paid < limit || ctx.signal?.aborted) return;
    }
  },
});
