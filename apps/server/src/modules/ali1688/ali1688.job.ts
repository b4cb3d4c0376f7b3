import { z } from 'zod';
import { defineJob } from '../../lib/server-module.js';
import { refreshDue } from './ali1688-token.service.js';

/** Every 30 minutes: refresh the access tokens of connected 1688 accounts before they end (docs/ali1688.md). */
export const ali1688Refresh = defineJob({
  kind: 'ali1688-refresh',
  payload: z.object({}),
  schedule: { cron: '*/30 * * * *', data: {} },
  policy: 'stately',
  async run(ctx) {
    await refreshDue(ctx.deps);
  },
});
