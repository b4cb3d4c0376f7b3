import { COPYABLE_FIELDS, DESC_LANGUAGE_KEYS } from '@console/shared/constants/goods';
import { z } from 'zod';
import { defineJob, type JobContext, requireJob } from '../../lib/server-module.js';
import {
  failureMessage,
  type GoodsTranslateResult,
  TRANSLATE_CHUNK,
  translateProducts,
} from './goods-translate.service.js';

const lang = z.enum(DESC_LANGUAGE_KEYS as unknown as [string, ...string[]]);

/** What a translation job runs with: the products, languages, fields, and who started it (for the log). */
const translatePayload = z.object({
  ids: z.array(z.number().int().positive()).min(1),
  from: lang,
  to: z.array(lang).min(1),
  fields: z.array(z.enum(COPYABLE_FIELDS)).min(1),
  overwrite: z.boolean(),
  actor: z.object({
    userId: z.number().int(),
    tenantId: z.number().int(),
    account: z.string(),
    ip: z.string(),
    requestId: z.string(),
  }),
});

/** The payload of a translation job. */
export type TranslatePayload = z.infer<typeof translatePayload>;

/**
 * The worker: products in groups of TRANSLATE_CHUNK (their texts share provider requests),
 * progress and results after each group. A provider failure stops the job (later products are
 * not touched) with the provider's Chinese message; groups finished before keep their
 * translations, every product of the failing group stays exactly as it was.
 */
export async function runTranslateJob(ctx: JobContext<GoodsTranslateResult[]>, p: TranslatePayload): Promise<void> {
  const job = requireJob(ctx);
  // The row's tenant is the one that counts (the payload's actor is for the operation log).
  const actor = { ...p.actor, tenantId: job.tenantId };
  const results: GoodsTranslateResult[] = [];
  let error = '';
  for (let i = 0; i < p.ids.length && !error; i += TRANSLATE_CHUNK) {
    const chunk = p.ids.slice(i, i + TRANSLATE_CHUNK);
    try {
      results.push(...(await translateProducts(ctx.deps, actor, chunk, p)));
    } catch (err) {
      error = failureMessage(err);
      results.push(
        ...chunk.map((goodsId) => ({ id: goodsId, status: 'failed' as const, message: error, kept: [], limits: {} })),
      );
    }
    await ctx.progress.update(results.length, { result: results });
  }
  if (error) await ctx.progress.fail(error, results);
  else await ctx.progress.done(results);
}

/** Translation of saved products (POST /transfer/translateGoods), polled by the editor. */
export const goodsTranslateJob = defineJob({
  kind: 'goods-translate',
  payload: translatePayload,
  access: 'goods.operate',
  run: runTranslateJob,
});
