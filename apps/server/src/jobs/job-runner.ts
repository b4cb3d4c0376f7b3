import type { AppDeps } from '../context.js';
import type { JobContext, JobDefinition, JobProgress, JobRef } from '../lib/server-module.js';
import { WORKER_ID } from './job-workers.js';
import { finishJob, startJobRun, updateJobProgress } from './jobs.repository.js';

/** What the user reads when a handler throws on its last attempt and its kind names no message. */
export const DEFAULT_FAIL_MESSAGE = '任务执行失败,请重试';
/** What the user reads when a stored payload no longer fits its kind's schema. */
export const BAD_PAYLOAD_MESSAGE = '任务参数不合法,请重新提交';

/** A pg-boss message of a job someone started: the `jobs` row to run. */
export interface TrackedMessage {
  id: string;
  tenant_id: number;
  /** The id of the request that enqueued it (its log lines carry it: plugins/request-id.ts). */
  request_id?: string;
}

/** Reports of a job with a row: every call writes the row (a final row is never changed again). */
export function rowProgress<R>(deps: AppDeps, job: JobRef, onFinal: () => void): JobProgress<R> {
  return {
    update: (done, opts = {}) =>
      updateJobProgress(deps.db, job.tenantId, job.id, { progress: done, total: opts.total, result: opts.result }),
    async done(result, opts = {}) {
      onFinal();
      await finishJob(deps.db, job.tenantId, job.id, { status: 'done', result, ...opts });
    },
    async fail(message, result) {
      onFinal();
      await finishJob(deps.db, job.tenantId, job.id, { status: 'failed', error: message, result });
    },
  };
}

/**
 * TEST_JOB_HOLD (tests only, with TEST_HOOKS): the first run of a listed kind stops for good
 * at its first progress report past 0, after writing it, so a test can kill its process
 * halfway (apps/server/test/multi-process.test.ts). Later runs (the take-back) go through.
 */
function holdable<R>(deps: AppDeps, def: JobDefinition, runs: number, progress: JobProgress<R>): JobProgress<R> {
  const { testHooks, testJobHold } = deps.config;
  if (!testHooks || runs !== 1 || !testJobHold?.includes(def.kind)) return progress;
  return {
    ...progress,
    async update(done, opts) {
      await progress.update(done, opts);
      if (done > 0) await new Promise<never>(() => {});
    },
  };
}

/** Reports of a scheduled (system) run: there is no row to show them in. */
export const noProgress: JobProgress<never> = {
  update: async () => {},
  done: async () => {},
  fail: async () => {},
};

/**
 * Runs one message of a job someone started: marks its row running (a final or missing row
 * runs nothing), validates the stored payload, calls the handler and makes the row final. A
 * handler that returns without reporting the end is done; one that throws stays running while
 * pg-boss retries, and fails with the kind's message on the last attempt (then rethrows, so
 * pg-boss records the error too).
 */
export async function runTracked(
  deps: AppDeps,
  def: JobDefinition,
  definitions: ReadonlyMap<string, JobDefinition>,
  msg: TrackedMessage,
  lastAttempt: boolean,
): Promise<void> {
  const row = await startJobRun(deps.db, msg.tenant_id, msg.id, WORKER_ID);
  if (!row) return;
  const job: JobRef = { id: msg.id, tenantId: msg.tenant_id, userId: row.user_id };
  let final = false;
  const progress = holdable(
    deps,
    def,
    row.runs,
    rowProgress(deps, job, () => {
      final = true;
    }),
  );
  const payload = def.payload.safeParse(row.payload);
  if (!payload.success) {
    await progress.fail(BAD_PAYLOAD_MESSAGE);
    return;
  }
  const ctx: JobContext = { deps, job, progress, definitions };
  try {
    await def.run(ctx, payload.data);
  } catch (err) {
    if (lastAttempt && !final) await progress.fail(def.failMessage ?? DEFAULT_FAIL_MESSAGE);
    throw err;
  }
  if (!final) await progress.done(undefined);
}

/** Runs one scheduled (system) message: the payload is the schedule's data. */
export async function runScheduled(
  deps: AppDeps,
  def: JobDefinition,
  definitions: ReadonlyMap<string, JobDefinition>,
  data: unknown,
  signal?: AbortSignal,
): Promise<void> {
  await def.run({ deps, job: null, progress: noProgress, definitions, signal }, def.payload.parse(data));
}
