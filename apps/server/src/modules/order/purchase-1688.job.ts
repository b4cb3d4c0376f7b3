import { z } from 'zod';
import { defineJob } from '../../lib/server-module.js';
import { follow1688Logistics } from './purchase-1688.service.js';

/** Every 10 minutes: the 1688 logistics of items waiting for the supplier's shipment (docs/orders.md "1688"). */
export const order1688Logistics = defineJob({
  kind: 'order-1688-logistics',
  payload: z.object({}),
  schedule: { cron: '*/10 * * * *', data: {} },
  policy: 'stately',
  async run(ctx) {
    await follow1688Logistics(ctx.deps);
  },
});
