import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppDeps, RouteAccess } from '../context.js';
import type { DB } from '../db/types.js';

/** The `jobs` row of a job a person started: what the user sees (docs/architecture.md "Jobs"). */
export interface JobRef {
  id: string;
  tenantId: number;
  userId: number | null;
}

/**
 * What a running job reports to its `jobs` row; the route `GET /jobs/get` shows it to the
 * tenant. For scheduled (system) runs, which have no row, every call does nothing.
 */
export interface JobProgress<R = unknown> {
  /** Items done so far; `total` when it changed; `result` a partial result shown while running. */
  update(done: number, opts?: { total?: number; result?: R }): Promise<void>;
  /** Finished: status `done` with its result (and the final counts when given). */
  done(result: R, opts?: { progress?: number; total?: number }): Promise<void>;
  /** Finished with a failure the user reads (Chinese); not retried. */
  fail(message: string, result?: R): Promise<void>;
}

/** What a job handler gets besides its payload. */
export interface JobContext<R = unknown> {
  deps: AppDeps;
  /** The row of a job someone started (`JobClient.enqueue`); null for a scheduled run. */
  job: JobRef | null;
  progress: JobProgress<R>;
  /** Every job definition of the app, by kind (the retention job asks each kind to clear its rows' files). */
  definitions: ReadonlyMap<string, JobDefinition>;
  /** Aborted when the server stops: a long-running handler ends its loop early. */
  signal?: AbortSignal;
}

/**
 * A background job kind owned by a module: its queue name, the payload's zod schema and
 * the handler. Payloads are validated when enqueued and again when run (a row written by an
 * older version must still fit). A job started by a person has a `jobs` row (status,
 * progress, result, error) that its handler reports to through `ctx.progress`; a job with a
 * `schedule` is also started by pg-boss's clock, system-wide, with `schedule.data` as payload.
 */
export interface JobDefinition<P = unknown, R = unknown> {
  /** Queue name, unique over the app (e.g. `goods-export`). */
  kind: string;
  payload: z.ZodType<P>;
  /** Who may read a job of this kind through `GET /jobs/get` (besides being of its tenant). Default: every signed-in user. */
  access?: RouteAccess;
  /** What the user reads when the handler throws on its last attempt (Chinese). Default `任务执行失败,请重试`. */
  failMessage?: string;
  /** Cron (5 fields) and time zone (default Asia/Shanghai, the users' day) of a recurring run. */
  schedule?: { cron: string; tz?: string; data: P };
  /**
   * pg-boss queue policy: `stately` keeps at most one message of the kind waiting and one
   * running system-wide (a pump that re-triggers itself); default `standard`.
   */
  policy?: 'standard' | 'stately';
  /**
   * Jobs of this kind one worker process runs at the same time (default 1). More for kinds
   * that mostly wait (on a marketplace's rate limits), so that one tenant's wait does not
   * queue every other tenant's job behind it.
   */
  concurrency?: number;
  /**
   * Frees what a dead worker process held for this kind besides its pg-boss jobs (e.g. the
   * upload runner's queue leases), in the reaper's transaction (jobs/job-workers.ts).
   */
  workerLost?(db: Kysely<DB>, workerId: string): Promise<void>;
  /** Removes what a row of this kind points to (e.g. its export file) when the retention job deletes the row. */
  discard?(deps: AppDeps, job: JobRef & { result: unknown }): Promise<void>;
  run(ctx: JobContext<R>, payload: P): Promise<void>;
}

/**
 * Types a job definition (the payload type follows from its schema, the result type from the
 * handler's reports).
 */
export function defineJob<P, R = unknown>(def: JobDefinition<P, R>): JobDefinition<P, R> {
  return def;
}

/** The row of a job someone started; throws when a handler that needs one runs without (a misconfigured schedule). */
export function requireJob(ctx: JobContext<unknown>): JobRef {
  if (!ctx.job) throw new Error('this job kind runs only for a jobs row (started by enqueue)');
  return ctx.job;
}

/**
 * One domain of the server as the app sees it: its route plugins (mounted under /PDD) and
 * its job definitions. Each `modules/<name>/<name>.module.ts` exports one as `serverModule`;
 * the app finds them by folder, so a new area edits no central list.
 */
export interface ServerModule {
  name: string;
  routes: FastifyPluginAsync[];
  /**
   * Plugins mounted at the root, outside /PDD, before the web app: public pages that are no API
   * (no envelope, no session; the own site's storefront, modules/site/storefront).
   */
  pages?: FastifyPluginAsync[];
  /** (`run` is a method, so definitions of any payload type fit `JobDefinition`.) */
  jobs?: JobDefinition[];
}

/** Where the module folders live. */
export const MODULES_DIR = path.join(import.meta.dirname, '..', 'modules');

/** Loads `modules/<name>/<name>.module.(ts|js)` of every module folder, sorted by name. */
export async function loadServerModules(dir = MODULES_DIR): Promise<ServerModule[]> {
  const out: ServerModule[] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    if (!fs.statSync(path.join(dir, name)).isDirectory()) continue;
    const file = ['ts', 'js'].map((ext) => path.join(dir, name, `${name}.module.${ext}`)).find((f) => fs.existsSync(f));
    if (!file) throw new Error(`module folder ${name} has no ${name}.module.ts`);
    const mod = (await import(pathToFileURL(file).href)) as { serverModule?: ServerModule };
    if (!mod.serverModule || mod.serverModule.name !== name) {
      throw new Error(`${name}.module.ts must export serverModule with name '${name}'`);
    }
    out.push(mod.serverModule);
  }
  return out;
}
