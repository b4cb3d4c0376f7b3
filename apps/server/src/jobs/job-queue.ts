import { randomUUID } from 'node:crypto';
import { issueMessage } from '@console/shared/validation/zod-messages';
import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { AppDeps } from '../context.js';
import type { DB } from '../db/types.js';
import { badRequest } from '../lib/app-error.js';
import { jobRuns } from '../lib/metrics.js';
import type { JobDefinition } from '../lib/server-module.js';
import { currentRequestId, withRequestId } from '../plugins/request-id.js';
import { runScheduled, runTracked, type TrackedMessage } from './job-runner.js';
import { HEARTBEAT_SECONDS, leaseJob, startWorkerWatch, type TakenBack } from './job-workers.js';
import { insertJob } from './jobs.repository.js';

/** Who a job belongs to: its tenant (always) and the person who started it. */
export interface JobOwner {
  tenantId: number;
  userId: number | null;
}

/** Options of `enqueue`. */
export interface EnqueueOptions {
  /** The caller's transaction: the row and the message commit (or vanish) with the caller's own writes. */
  tx?: Kysely<DB>;
  /** How many items the job will work through (progress shows `progress / total`). */
  total?: number;
}

/** The job client of services: queues a job kind for a tenant and answers its id (the `jobs` row's). */
export interface JobClient {
  /**
   * Validates the payload by the kind's schema (400 with a Chinese message when it does not
   * fit), writes the `jobs` row and sends the pg-boss message in one transaction: the
   * caller's when given, else one of its own, so there is never a row without its message
   * or a message without its row.
   */
  enqueue<P, R>(def: JobDefinition<P, R>, owner: JobOwner, payload: P, opts?: EnqueueOptions): Promise<{ id: string }>;
  /**
   * Starts a system run of a kind now or after `startAfterSeconds`, as its schedule would (no
   * `jobs` row: the handler gets `job: null`). With the `stately` policy a run already waiting
   * makes this a no-op.
   */
  trigger<P>(def: JobDefinition<P>, payload: P, opts?: { startAfterSeconds?: number }): Promise<void>;
}

/** Background jobs (pg-boss) as the app holds them. */
export interface JobQueue extends JobClient {
  /** Every job definition of the app, by kind. */
  definitions: ReadonlyMap<string, JobDefinition>;
  /** Whether this process runs jobs and its worker heartbeat is current (always true on a web-only node). */
  workersAlive(): boolean;
  stop(): Promise<void>;
}

/** The log calls a worker makes (the app's pino logger; a child per run carries the request id). */
export interface JobLog {
  child(bindings: Record<string, unknown>): JobLog;
  info(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Retries and expiry of every message. A job whose process died is taken back within a minute
 * by the worker watch (job-workers.ts), so the expiry is only a backstop for a handler that
 * hangs in a live process: 23 hours (pg-boss's limit is 24), far beyond any legitimate run
 * (exports, translation batches, order syncs waiting on rate limits).
 */
const SEND_OPTIONS = { retryLimit: 2, retryDelay: 5, expireInHours: 23 } as const;
/** Time zone of schedules that name none: the users work on Beijing time. */
const DEFAULT_TZ = 'Asia/Shanghai';

const trackedMessage = z.object({ id: z.uuid(), tenant_id: z.number().int(), request_id: z.string().optional() });
/** A scheduled run's message (`{schedule: data}`), told apart from a tracked one by its key. */
const isScheduled = (data: unknown): data is { schedule: unknown } =>
  typeof data === 'object' && data !== null && 'schedule' in data;

/** pg-boss statements run on a Kysely connection (the pool, or a transaction). */
function executorOf(db: Kysely<DB>) {
  return {
    executeSql: async (text: string, values: unknown[]) => {
      const r = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: r.rows as Record<string, unknown>[] };
    },
  };
}

/**
 * Starts pg-boss on the app's own connection pool and creates a queue per job kind. With
 * `workers` this process also runs the jobs (one at a time per kind unless its definition
 * sets `concurrency`), keeps pg-boss's
 * maintenance and its clock, and registers the schedules of the definitions (removing
 * schedules that no definition declares now); without (web-only nodes) it only enqueues.
 */
export async function startJobQueue(
  db: Kysely<DB>,
  definitions: JobDefinition[],
  opts: {
    workers: boolean;
    deps?: AppDeps;
    onError?: (err: Error) => void;
    /** Where runs are logged: one line per run, bound to the enqueuing request's id. */
    log?: JobLog;
    /** Seconds between heartbeats of this worker process (default `deps.config.jobHeartbeatSeconds`). */
    heartbeatSeconds?: number;
    /** Told about jobs taken back from dead worker processes. */
    onTakenBack?: (jobs: TakenBack[]) => void;
  },
): Promise<JobQueue> {
  const byKind = new Map<string, JobDefinition>();
  for (const def of definitions) {
    if (byKind.has(def.kind)) throw new Error(`job kind ${def.kind} is defined twice`);
    byKind.set(def.kind, def);
  }
  const boss = new PgBoss({
    db: executorOf(db),
    supervise: opts.workers,
    schedule: opts.workers,
  });
  boss.on('error', (err) => opts.onError?.(err));
  const stopping = new AbortController();
  await boss.start();
  for (const def of definitions) await boss.createQueue(def.kind, { name: def.kind, policy: def.policy ?? 'standard' });
  let watch: { stop(): Promise<void>; alive(): boolean } | undefined;
  if (opts.workers) {
    const deps = opts.deps;
    if (!deps) throw new Error('job workers need the app dependencies');
    // Registered (and the jobs of a process this one replaces taken back) before taking any job.
    watch = await startWorkerWatch(db, byKind, {
      heartbeatSeconds: opts.heartbeatSeconds ?? deps.config.jobHeartbeatSeconds ?? HEARTBEAT_SECONDS,
      failJobs: async (tx, kind, ids, message) => {
        for (const id of ids) await boss.fail(kind, id, { message }, { db: executorOf(tx) });
      },
      onError: opts.onError,
      onTakenBack: opts.onTakenBack,
    });
    for (const def of definitions) {
      // A worker takes one message at a time; `concurrency` workers of a kind run side by side
      // (pg-boss hands each message to one of them).
      for (let w = 0; w < Math.max(1, def.concurrency ?? 1); w++)
        await boss.work<unknown>(
          def.kind,
          { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
          async ([job]) => {
            if (!job) return;
            // This process runs it now: the worker watch takes it back if the process dies.
            await leaseJob(db, job.id, def.kind);
            const scheduled = isScheduled(job.data);
            const msg: TrackedMessage | null = scheduled ? null : trackedMessage.parse(job.data);
            const log = opts.log?.child({ reqId: msg?.request_id, job: msg?.id ?? job.id, kind: def.kind });
            const started = Date.now();
            try {
              // Jobs this run enqueues carry the same request id on.
              await withRequestId(msg?.request_id, async () => {
                if (isScheduled(job.data)) await runScheduled(deps, def, byKind, job.data.schedule, stopping.signal);
                else if (msg) await runTracked(deps, def, byKind, msg, job.retryCount >= job.retryLimit);
              });
            } catch (err) {
              jobRuns.inc({ queue: def.kind, outcome: 'error' });
              log?.warn({ err, attempt: job.retryCount, ms: Date.now() - started }, 'job failed');
              throw err;
            }
            jobRuns.inc({ queue: def.kind, outcome: 'done' });
            // Scheduled runs (pumps, syncs) are frequent: their lines only at debug.
            log?.[scheduled ? 'debug' : 'info']({ ms: Date.now() - started }, 'job done');
          },
        );
    }
    const wanted = definitions.filter((d) => d.schedule);
    for (const def of wanted) {
      const s = def.schedule!;
      await boss.schedule(def.kind, s.cron, { schedule: s.data }, { ...SEND_OPTIONS, tz: s.tz ?? DEFAULT_TZ });
    }
    for (const s of await boss.getSchedules()) {
      if (!wanted.some((d) => d.kind === s.name)) await boss.unschedule(s.name);
    }
  }
  return {
    definitions: byKind,
    workersAlive: () => !opts.workers || (watch?.alive() ?? false),
    async enqueue(def, owner, payload, o = {}) {
      if (!byKind.has(def.kind)) throw new Error(`job kind ${def.kind} is not registered`);
      const parsed = def.payload.safeParse(payload);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw badRequest(`任务参数不合法: ${issue ? issueMessage(issue) : ''}`, { issues: parsed.error.issues });
      }
      const id = randomUUID();
      const write = async (tx: Kysely<DB>) => {
        await insertJob(tx, owner.tenantId, {
          id,
          kind: def.kind,
          userId: owner.userId,
          payload: parsed.data,
          total: o.total ?? 0,
        });
        const requestId = currentRequestId();
        const message: TrackedMessage = { id, tenant_id: owner.tenantId, ...(requestId && { request_id: requestId }) };
        await boss.send(def.kind, message, { ...SEND_OPTIONS, db: executorOf(tx) });
      };
      if (o.tx) await write(o.tx);
      else await db.transaction().execute(write);
      return { id };
    },
    async trigger(def, payload, o = {}) {
      if (!byKind.has(def.kind)) throw new Error(`job kind ${def.kind} is not registered`);
      const data = def.payload.parse(payload);
      const after = o.startAfterSeconds ? Math.max(1, Math.ceil(o.startAfterSeconds)) : undefined;
      await boss.send(def.kind, { schedule: data }, { ...SEND_OPTIONS, ...(after ? { startAfter: after } : {}) });
    },
    stop: async () => {
      // Once: the app's onClose after a manual stop must not stop the worker watch twice.
      if (stopping.signal.aborted) return;
      stopping.abort();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await watch?.stop().catch((err: unknown) => opts.onError?.(err instanceof Error ? err : new Error(String(err))));
    },
  };
}
