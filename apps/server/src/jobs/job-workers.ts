import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import type { JobDefinition } from '../lib/server-module.js';
import type { TrackedMessage } from './job-runner.js';
import {
  beatWorker,
  deleteStaleLeases,
  deleteWorkers,
  lockOrphanJobs,
  otherWorkers,
  tryReaperLock,
  upsertJobLease,
} from './job-workers.repository.js';
import { finishJob } from './jobs.repository.js';

/**
 * This process as a job worker: the id its heartbeat row, its job leases and the upload
 * runner's queue leases carry.
 */
export const WORKER_ID = randomUUID();

/** Default seconds between two heartbeats of a worker process (JOB_HEARTBEAT_SECONDS). */
export const HEARTBEAT_SECONDS = 10;
/** A worker that has not beaten for this many heartbeats is dead (45 s by default). */
export const DEAD_AFTER_BEATS = 4.5;

/** What the user reads on a job whose process died on its last attempt. */
export const WORKER_LOST_MESSAGE = '任务执行中断(服务重启),请重试';

/** Advisory lock key of the reaper: one process at a time takes jobs back. */
const REAP_LOCK = 0x6a6f6273; // "jobs"

/** The pid namespace of this process ('' where unknown: pids are then never compared). */
function pidNamespace(): string {
  try {
    return fs.readlinkSync('/proc/self/ns/pid');
  } catch {
    return '';
  }
}

const HOST = os.hostname();
const PID_NS = pidNamespace();

function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
  const stat = (() => {
    try {
      return fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return '';
    }
  })();
  return /^\d+ \(.*\) Z/s.test(stat);
}

/** Watches running in this process (they share its worker id). */
let watches = 0;

/** Fails (or retries) active pg-boss jobs by id, in the caller's transaction (pg-boss's own `fail`). */
export type FailJobs = (tx: Kysely<DB>, kind: string, ids: string[], message: string) => Promise<void>;

/** A job taken back from a dead worker. */
export interface TakenBack {
  id: string;
  kind: string;
  /** Whether pg-boss runs it again (retries were left) or it failed for good. */
  retried: boolean;
}

/** Records that this process runs an active pg-boss job (before its handler starts). */
export function leaseJob(db: Kysely<DB>, jobId: string, kind: string): Promise<void> {
  return upsertJobLease(db, jobId, kind, WORKER_ID);
}

/**
 * The liveness watch of a worker process (docs/architecture.md "Jobs of a dead process"):
 * registers the process, beats every `heartbeatSeconds`, and on each beat (under an advisory
 * lock, so one process at a time) takes back the active jobs of dead workers: a worker is
 * dead when it has not beaten for `DEAD_AFTER_BEATS` heartbeats, or at once when it ran on
 * this machine (same host name and pid namespace) and its process is gone (a `kill -9` and
 * a restart). Its jobs are failed through pg-boss, which retries them after their retry
 * delay (or fails them for good on their last attempt, and then the `jobs` row shows the
 * kind's failure); every definition's `workerLost` frees what the worker held besides
 * (the upload runner's queue leases). A job active for longer than the dead interval with no
 * lease (its process died between taking the message and recording it) is taken back too.
 * A long job of a live process is never taken back: its process keeps beating.
 */
export async function startWorkerWatch(
  db: Kysely<DB>,
  definitions: ReadonlyMap<string, JobDefinition>,
  opts: {
    heartbeatSeconds: number;
    failJobs: FailJobs;
    onError?: (err: Error) => void;
    onTakenBack?: (jobs: TakenBack[]) => void;
  },
): Promise<{ stop(): Promise<void>; alive(): boolean }> {
  const beatMs = opts.heartbeatSeconds * 1000;
  const deadMs = Math.round(beatMs * DEAD_AFTER_BEATS);
  let lastBeat = 0;
  let stopped = false;
  const beat = async () => {
    await beatWorker(db, { id: WORKER_ID, host: HOST, pid: process.pid, pid_ns: PID_NS });
    lastBeat = Date.now();
  };
  await beat();
  watches++;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    await beat();
    const taken = await reapDeadWorkers(db, definitions, deadMs, opts.failJobs);
    if (taken.length) opts.onTakenBack?.(taken);
  };
  const run = () => {
    running = running
      .then(tick)
      .catch((err: unknown) => opts.onError?.(err instanceof Error ? err : new Error(String(err))));
    return running;
  };
  // At start: jobs of a process this one replaces (same machine, process gone) come back now.
  await run();
  const timer = setInterval(run, beatMs);
  timer.unref();
  return {
    // Running and beating: other processes would take this one's jobs back after `deadMs` of silence.
    alive: () => !stopped && Date.now() - lastBeat < deadMs,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      // Jobs still running after the graceful stop are taken back by the next live process.
      // (Tests run several queues in one process: the row goes with the last.)
      if (--watches === 0) await deleteWorkers(db, [WORKER_ID]);
    },
  };
}

/** One pass of the reaper (exported for tests): answers the jobs taken back. */
export async function reapDeadWorkers(
  db: Kysely<DB>,
  definitions: ReadonlyMap<string, JobDefinition>,
  deadMs: number,
  failJobs: FailJobs,
): Promise<TakenBack[]> {
  return db.transaction().execute(async (tx) => {
    if (!(await tryReaperLock(tx, REAP_LOCK))) return [];
    const workers = await otherWorkers(tx, WORKER_ID, deadMs);
    const dead = workers
      .filter((w) => w.silent || (PID_NS && w.host === HOST && w.pid_ns === PID_NS && processGone(w.pid)))
      .map((w) => w.id);
    await deleteWorkers(tx, dead);
    const kinds = [...definitions.keys()];
    if (kinds.length === 0) return [];
    // Active jobs whose worker is gone (dead now, or stopped earlier), or that never got a lease.
    const orphans = await lockOrphanJobs(tx, kinds, deadMs);
    const taken: TakenBack[] = [];
    for (const o of orphans) {
      await failJobs(tx, o.name, [o.id], 'its worker process died');
      taken.push({ id: o.id, kind: o.name, retried: o.retried });
      const msg = o.data as Partial<TrackedMessage> | null;
      // The last attempt: the person's `jobs` row shows the failure (else it stays running, retried).
      if (!o.retried && msg && typeof msg.id === 'string' && typeof msg.tenant_id === 'number')
        await finishJob(tx, msg.tenant_id, msg.id, {
          status: 'failed',
          error: definitions.get(o.name)?.failMessage ?? WORKER_LOST_MESSAGE,
        });
    }
    // Leases of jobs no longer active (finished, failed or taken back).
    await deleteStaleLeases(tx);
    for (const id of dead) for (const def of definitions.values()) await def.workerLost?.(tx, id);
    return taken;
  });
}
