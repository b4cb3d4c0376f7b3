import { COPYABLE_FIELDS } from '@console/shared/constants/goods';
import type { TranslateGoodsBody, TranslateJobItem, TranslateJobView } from '@console/shared/schemas/translate';
import type { Actor, AppDeps } from '../../context.js';
import type { JobClient } from '../../jobs/job-queue.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { providerOf } from '../../translation/provider-factory.js';
import { getTenantJob } from '../jobs/jobs.service.js';
import { audit } from '../system/audit.js';
import { goodsTranslateJob, type TranslatePayload } from './translate-job.job.js';
import { liveGoodsIds } from './translate-job.repository.js';

/** Queues a job for the chosen products; every id must be the tenant's (else 404, nothing queued). */
export async function startTranslateJob(deps: AppDeps, jobs: JobClient, actor: Actor, body: TranslateGoodsBody) {
  providerOf(deps.config); // no provider: say how to configure one before queueing anything
  const ids = [...new Set(body.ids)];
  const found = await liveGoodsIds(deps.db, actor.tenantId, ids);
  if (found.length !== ids.length) throw notFound('商品不存在');
  const to = [...new Set(body.to)].filter((l) => l !== body.from);
  if (to.length === 0) throw badRequest('目标语言不能与源语言相同');
  const payload: TranslatePayload = {
    ids,
    from: body.from,
    to,
    fields: body.fields ?? [...COPYABLE_FIELDS],
    overwrite: body.overwrite,
    actor,
  };
  const { id } = await deps.db.transaction().execute(async (trx) => {
    const job = await jobs.enqueue(goodsTranslateJob, actor, payload, { tx: trx, total: ids.length });
    await audit(trx, actor, {
      action: 'goods.translateJob',
      targetType: 'translate_job',
      targetId: job.id,
      after: {
        ids: ids.slice(0, 100),
        total: ids.length,
        from: payload.from,
        to: payload.to,
        overwrite: payload.overwrite,
      },
    });
    return job;
  });
  return { job_id: id, total: ids.length };
}

/** One translation job of the tenant (of `userId` when given), in the shape `GET /transfer/translateJob` has always answered. */
export async function getTranslateJob(deps: AppDeps, tenantId: number, id: string, userId?: number) {
  const job = await getTenantJob(deps, tenantId, id, {
    kind: goodsTranslateJob.kind,
    missing: '翻译任务不存在',
    userId,
  });
  return {
    id: job.id,
    status: job.status as TranslateJobView['status'],
    progress: job.progress,
    total: job.total,
    result: (job.result ?? []) as TranslateJobItem[],
    error: job.error,
    created_at: Math.floor(job.created_at.getTime() / 1000),
    finished_at: job.finished_at ? Math.floor(job.finished_at.getTime() / 1000) : null,
  };
}
