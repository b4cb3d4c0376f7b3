import { isFinalJobStatus, type JobView } from '@console/shared/schemas/jobs';
import { useQuery } from '@tanstack/react-query';
import { get } from './http';

/** How often a running job is asked for its progress (one second). */
export const JOB_POLL_MS = 1000;

/** Query keys of background jobs. */
export const jobKeys = {
  all: ['jobs'] as const,
  detail: (id: string) => [...jobKeys.all, id] as const,
};

/** One read of a job of the tenant (GET /jobs/get); silent: the screen that polls shows failures itself. */
export function getJob<R>(id: string) {
  return get<JobView<R>>('/jobs/get', { id }, { silent: true });
}

/** When to ask again: every JOB_POLL_MS until the job is final or the poll itself failed. */
export function jobPollInterval(job: Pick<JobView, 'status'> | undefined, pollFailed: boolean): number | false {
  if (pollFailed) return false;
  return job && isFinalJobStatus(job.status) ? false : JOB_POLL_MS;
}

/**
 * Progress of one background job: polls GET /jobs/get every second while `jobId` is set and
 * the job is not final (done or failed), then stops. `R` is the job kind's result (an export's
 * file name, a translation's per-product list). Used by every screen that starts a job.
 */
export function useJobProgress<R = unknown>(jobId: string | null) {
  return useQuery({
    queryKey: jobKeys.detail(jobId ?? ''),
    queryFn: () => getJob<R>(jobId ?? ''),
    enabled: jobId !== null,
    staleTime: 0,
    refetchInterval: (q) => jobPollInterval(q.state.data, q.state.status === 'error'),
  });
}
