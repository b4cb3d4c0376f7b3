import type { JobView } from '@console/shared/schemas/jobs';
import type { JobRecord } from '../../jobs/jobs.repository.js';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** A job row as the API shows it (times as Unix seconds, like every other answer). */
export function presentJob(job: JobRecord): JobView {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    progress: job.progress,
    total: job.total,
    result: job.result ?? null,
    error: job.error,
    created_at: seconds(job.created_at),
    updated_at: seconds(job.updated_at),
    finished_at: job.finished_at ? seconds(job.finished_at) : null,
  };
}
