import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { AppDeps } from '../context.js';
import type { DB } from '../db/types.js';
import type { JobDefinition } from '../lib/server-module.js';

/** Long work queued in PostgreSQL (pg-boss), shared safely by every server process. */
export interface JobQueue {
  send(queue: string, data: Record<string, unknown>): Promise<string | null>;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on the app's own connection pool. With `workers` the given job
 * definitions run in this process (payload validated by their schema; throwing marks the
 * job failed and pg-boss retries); without (web-only nodes) it only sends.
 */
export async function startJobQueue(
  db: Kysely<DB>,
  definitions: JobDefinition<unknown>[],
  opts: { workers: boolean; deps?: AppDeps; onError?: (err: Error) => void },
): Promise<JobQueue> {
  const kinds = new Set<string>();
  for (const def of definitions) {
    if (kinds.has(def.kind)) throw new Error(`job kind ${def.kind} is defined twice`);
    kinds.add(def.kind);
  }
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
  for (const def of definitions) await boss.createQueue(def.kind);
  if (opts.workers) {
    const deps = opts.deps;
    if (!deps) throw new Error('job workers need the app dependencies');
    for (const def of definitions) {
      await boss.work(def.kind, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
        if (job) await def.run(deps, def.payload.parse(job.data));
      });
    }
  }
  return {
    send: (queue, data) => boss.send(queue, data, { retryLimit: 2, retryDelay: 5, expireInMinutes: 30 }),
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
