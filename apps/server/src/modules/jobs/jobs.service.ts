import { goodsScopeOf } from '@console/shared/permissions/can';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import { findJob, type JobRecord } from '../../jobs/jobs.repository.js';
import { notFound } from '../../lib/app-error.js';
import { subjectOf } from '../account/account.presenter.js';

/**
 * Whose jobs an account reads: an account whose product data scope is narrower than the
 * tenant (issue 13 §5) reads only the jobs it started (an export or translation of others'
 * products is not its to see); undefined for every job of the tenant.
 */
export function jobReaderId(user: UserRow): number | undefined {
  return goodsScopeOf(subjectOf(user)) === 'all' ? undefined : user.id;
}

/**
 * One job of the tenant (of `opts.kind` when given, started by `opts.userId` when given);
 * another tenant's id, a job of another kind or another starter is 404 with `opts.missing`
 * (default `任务不存在`).
 */
export async function getTenantJob(
  deps: AppDeps,
  tenantId: number,
  id: string,
  opts: { kind?: string; missing?: string; userId?: number } = {},
): Promise<JobRecord> {
  const job = await findJob(deps.db, tenantId, id, opts.kind);
  if (!job || (opts.userId !== undefined && job.user_id !== opts.userId)) throw notFound(opts.missing ?? '任务不存在');
  return job;
}
