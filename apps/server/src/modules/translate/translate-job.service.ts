import { randomUUID } from 'node:crypto';
import {
  COPYABLE_FIELDS,
  type TranslateGoodsBody,
  type TranslateJobItem,
  type TranslateJobView,
} from '@console/shared';
import { sql } from 'kysely';
import type { Actor, AppDeps } from '../../context.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { providerOf } from '../../translation/provider-factory.js';
import { audit } from '../system/audit.js';
import {
  failureMessage,
  type GoodsTranslateParams,
  type GoodsTranslateResult,
  TRANSLATE_CHUNK,
  translateProducts,
} from './goods-translate.service.js';

/** pg-boss queue of product translation jobs. */
export const TRANSLATE_QUEUE = 'goods-translate';

type JobParams = GoodsTranslateParams & { ids: number[]; actor: Actor };

/** Queues a job for the chosen products; every id must be the tenant's (else 404, nothing queued). */
export async function startTranslateJob(deps: AppDeps, jobs: JobQueue, actor: Actor, body: TranslateGoodsBody) {
  providerOf(deps.config); // no provider: say how to configure one before queueing anything
  const ids = [...new Set(body.ids)];
  const found = await deps.db
    .selectFrom('goods')
    .select('id')
    .where('tenant_id', '=', actor.tenantId)
    .where('id', 'in', ids)
    .where('is_delete', '=', 0)
    .execute();
  if (found.length !== ids.length) throw notFound('商品不存在');
  const to = [...new Set(body.to)].filter((l) => l !== body.from);
  if (to.length === 0) throw badRequest('目标语言不能与源语言相同');
  const id = randomUUID();
  const params: JobParams = {
    ids,
    from: body.from,
    to,
    fields: body.fields ?? [...COPYABLE_FIELDS],
    overwrite: body.overwrite,
    actor,
  };
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('translate_jobs')
      .values({
        id,
        tenant_id: actor.tenantId,
        user_id: actor.userId,
        params: JSON.stringify(params),
        total: ids.length,
      })
      .execute();
    await audit(trx, actor, {
      action: 'goods.translateJob',
      targetType: 'translate_job',
      targetId: id,
      after: {
        ids: ids.slice(0, 100),
        total: ids.length,
        from: params.from,
        to: params.to,
        overwrite: params.overwrite,
      },
    });
  });
  await jobs.send(TRANSLATE_QUEUE, { id });
  return { job_id: id, total: ids.length };
}

/**
 * The worker: products in groups of TRANSLATE_CHUNK (their texts share provider requests),
 * progress and results after each group. A provider failure stops the job (later products are
 * not touched) with the provider's Chinese message; groups finished before keep their
 * translations, every product of the failing group stays exactly as it was.
 */
export async function runTranslateJob(deps: AppDeps, id: string): Promise<void> {
  const job = await deps.db.selectFrom('translate_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!job || job.status === 'done' || job.status === 'failed') return;
  const params = job.params as JobParams;
  await deps.db.updateTable('translate_jobs').set({ status: 'running' }).where('id', '=', id).execute();
  const results: GoodsTranslateResult[] = [];
  let error = '';
  for (let i = 0; i < params.ids.length && !error; i += TRANSLATE_CHUNK) {
    const chunk = params.ids.slice(i, i + TRANSLATE_CHUNK);
    try {
      results.push(...(await translateProducts(deps, params.actor, chunk, params)));
    } catch (err) {
      error = failureMessage(err);
      results.push(
        ...chunk.map((goodsId) => ({ id: goodsId, status: 'failed' as const, message: error, kept: [], limits: {} })),
      );
    }
    await deps.db
      .updateTable('translate_jobs')
      .set({ progress: results.length, result: JSON.stringify(results) })
      .where('id', '=', id)
      .execute();
  }
  await deps.db
    .updateTable('translate_jobs')
    .set({ status: error ? 'failed' : 'done', error, finished_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** One translation job of the tenant, for polling. */
export async function getTranslateJob(deps: AppDeps, tenantId: number, id: string) {
  const job = await deps.db
    .selectFrom('translate_jobs')
    .select(['id', 'status', 'progress', 'total', 'result', 'error', 'created_at', 'finished_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!job) throw notFound('翻译任务不存在');
  return {
    ...job,
    status: job.status as TranslateJobView['status'],
    result: job.result as TranslateJobItem[],
    created_at: Math.floor(job.created_at.getTime() / 1000),
    finished_at: job.finished_at ? Math.floor(job.finished_at.getTime() / 1000) : null,
  };
}
