import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { defineJob } from '../../lib/server-module.js';
import { recheckListings } from './listing-recheck.js';
import { runDueQueues } from './upload-runner.js';
import { nextDueInMs, releaseLeasesOf } from './upload-runner.repository.js';

/** How long one pump run keeps working before it hands over to the next (the minute schedule). */
const PUMP_BUDGET_MS = 55_000;
/** Longest nap between looks at the queues while one is open. */
const NAP_MS = 1_000;

/**
 * The upload pump (docs/upload.md "Runner"): works due queues a pass at a time; while a queue
 * is open but not due (a feed being processed) it naps and looks again, and ends when no queue
 * is open, its budget is used or the server stops. The `stately` policy keeps one run waiting
 * and one running system-wide; the minute schedule restarts it. When its process dies, the
 * worker watch (jobs/job-workers.ts) takes the run back and frees the queues it leased, and
 * pg-boss's retry runs it again a few seconds later. Creating or retrying a queue triggers it
 * at once.
 */
export const uploadPumpJob = defineJob({
  kind: 'upload-pump',
  payload: z.object({}),
  policy: 'stately',
  schedule: { cron: '* * * * *', data: {} },
  workerLost: (db, workerId) => releaseLeasesOf(db, workerId),
  async run({ deps, signal }) {
    const started = Date.now();
    while (Date.now() - started < PUMP_BUDGET_MS && !signal?.aborted) {
      const worked = await runDueQueues(deps, { signal });
      if (worked > 0) continue;
      const due = await nextDueInMs(deps.db);
      if (due === null) break;
      await sleep(Math.min(NAP_MS, Math.max(50, due)), undefined, { signal }).catch(() => undefined);
    }
  },
});

/** How old a ledger check may be before the recheck job reads the listing again. */
const RECHECK_AGE_MS = 6 * 3_600_000;

/**
 * Every hour, listings checked more than 6 hours ago are read back from Amazon, so issues that
 * appear later (suppression, removal) reach the ledger (listing-recheck.ts).
 */
export const listingRecheckJob = defineJob({
  kind: 'listing-recheck',
  payload: z.object({}),
  policy: 'stately',
  schedule: { cron: '17 * * * *', data: {} },
  async run({ deps, signal }) {
    await recheckListings(deps, { maxAgeMs: RECHECK_AGE_MS, signal });
  },
});
