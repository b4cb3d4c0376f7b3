import type { AppDeps } from '../../context.js';
import { findJob, type JobRecord } from '../../jobs/jobs.repository.js';
import { notFound } from '../../lib/app-error.js';

/**
 * One job of the tenant (of `opts.kind` when given); another tenant's id, or a job of another
 * kind, is 404 with `opts.missing` (default `任务不存在`).
 */
export async function getTenantJob(
  deps: AppDeps,
  tenantId: number,
  id: string,
  opts: { kind?: string; missing?: string } = {},
): Promise<JobRecord> {
  const job = await findJob(deps.db, tenantId, id, opts.kind);
  if (!job) throw notFound(opts.missing ?? '任务不存在');
  return job;
}
