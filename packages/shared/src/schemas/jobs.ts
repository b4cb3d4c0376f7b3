import { z } from 'zod';

/** Where a background job is: waiting, being worked on, or final (done or failed). */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Statuses after which a job changes no more (the web app stops polling). */
export const FINAL_JOB_STATUSES: readonly JobStatus[] = ['done', 'failed'];

/** Whether a job has ended. */
export function isFinalJobStatus(status: JobStatus): boolean {
  return FINAL_JOB_STATUSES.includes(status);
}

/** A job's id in a query (`GET /jobs/get?id=`, and the export/translation wrappers). */
export const jobIdQuery = z.strictObject({ id: z.uuid({ error: '任务ID不合法' }) });

/**
 * GET /jobs/get: one background job of the caller's tenant. `result` is the kind's own
 * (export: `{file_name, file_key}`; translation: the per-product list), null until reported.
 * Times are Unix seconds.
 */
export const jobView = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: z.number().int(),
  total: z.number().int(),
  result: z.unknown(),
  error: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});

/** One job as `GET /jobs/get` answers it; `R` is the kind's result. */
export type JobView<R = unknown> = Omit<z.infer<typeof jobView>, 'result'> & { result: R | null };
