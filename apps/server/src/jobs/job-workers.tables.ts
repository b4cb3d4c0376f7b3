import type { Timestamp } from '../db/types.js';

/** A process that runs jobs, beating while it lives (migration 20261128_105642_job_workers). */
export interface JobWorkersTable {
  id: string;
  host: string;
  pid: number;
  /** The process's pid namespace (Linux); '' where unknown. Pids compare only within one. */
  pid_ns: string;
  started_at: Timestamp;
  beat_at: Timestamp;
}

/** Which worker process runs an active pg-boss job. */
export interface JobLeasesTable {
  job_id: string;
  kind: string;
  worker_id: string;
  started_at: Timestamp;
}

declare module '../db/types.js' {
  /** Tables of the job system's liveness watch. */
  interface DB {
    job_workers: JobWorkersTable;
    job_leases: JobLeasesTable;
  }
}
