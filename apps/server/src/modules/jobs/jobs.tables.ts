import type { ColumnType, Generated } from 'kysely';
import type { Json, NullableTimestamp, Timestamp } from '../../db/types.js';

/** Where a job is: waiting, being worked on, or final (done or failed). */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * Background jobs started by a person, as the user sees them (status, progress, result,
 * error), with the payload their handler runs with (migration 20261125_113451_jobs). The work
 * itself is queued in pg-boss.
 */
export interface JobsTable {
  id: string;
  kind: string;
  tenant_id: number;
  user_id: number | null;
  status: Generated<JobStatus>;
  payload: Json;
  progress: Generated<number>;
  total: Generated<number>;
  /** The kind's own JSON result (null until reported). */
  result: ColumnType<unknown, string | null | undefined, string | null>;
  error: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: NullableTimestamp;
  /** Handler starts so far (migration 20261208_500000_job_runs): 1 for a job run once. */
  runs: Generated<number>;
  /** The worker process (`job_workers.id`) that started the last run; null before the first. */
  worker_id: string | null;
}

declare module '../../db/types.js' {
  /** The table of the job system. */
  interface DB {
    jobs: JobsTable;
  }
}
