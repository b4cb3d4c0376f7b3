import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { DB } from '../db/types.js';

/** A job handler: gets the job's data; throwing marks the job failed (pg-boss retries per queue options). */
export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

/** Long work queued in PostgreSQL (pg-boss), shared safely by every server process. */
export interface JobQueue {
  send(queue: string, data: Record<string, unknown>): Promise<string | null>;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on the app's own connection pool. With `workers` the given handlers run
 * in this process; without (web-only nodes) it only sends.
 */
export async function startJobQueue(
  db: Kysely<DB>,
  handlers: Record<string, JobHandler>,
  opts: { workers: boolean; onError?: (err: Error) => void },
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values: unknown[]) => {
        const r = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
        return { rows: r.rows as Record<string, unknown>[] };
      },
    },
    supervise: opts.workers,
    schedule: false,
  });
  boss.on('error', (err) => opts.onError?.(err));
  await boss.start();
  for (const queue of Object.keys(handlers)) await boss.createQueue(queue);
  if (opts.workers) {
    for (const [queue, handler] of Object.entries(handlers)) {
      await boss.work<Record<string, unknown>>(queue, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
        if (job) await handler(job.data);
      });
    }
  }
  return {
    send: (queue, data) => boss.send(queue, data, { retryLimit: 2, retryDelay: 5, expireInMinutes: 30 }),
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
