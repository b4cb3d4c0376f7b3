import { z } from 'zod';
import { defineJob } from '../../lib/server-module.js';
import { pollShop } from './monitor-poll.service.js';
import { shopsWithWatches } from './monitor-schedule.repository.js';

/** How long one scheduled polling run lasts: it ends before the next minute's run starts. */
export const POLL_WINDOW_MS = 55_000;

/**
 * Every minute: reads the due watched ASINs of every shop for 55 seconds, all shops side by
 * side, each within its own pricing limits (docs/monitor.md "Budget"). Several processes may
 * run it at once: claims and the shared rate-limit buckets keep them apart.
 */
export const monitorPollJob = defineJob({
  kind: 'monitor-poll',
  payload: z.object({}),
  schedule: { cron: '* * * * *', data: {} },
  async run(ctx) {
    const shops = await shopsWithWatches(ctx.deps.db);
    await Promise.all(shops.map((s) => pollShop(ctx.deps, s, { windowMs: POLL_WINDOW_MS })));
  },
});
