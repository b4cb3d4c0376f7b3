import { type CopyableField, type FieldFit, MSG } from '@console/shared';
import { sql } from 'kysely';
import type { Actor, AppDeps } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { machineOutputs } from '../../translation/memory.repository.js';
import type { StoredDescs } from '../goods/goods.presenter.js';
import { findGoods } from '../goods/goods.repository.js';
import { audit } from '../system/audit.js';
import { type DescTexts, listingFit } from './listing-fit.js';
import { translateTexts } from './translate.service.js';

/** What the job does for each product. */
export interface GoodsTranslateParams {
  from: string;
  to: string[];
  fields: CopyableField[];
  overwrite: boolean;
}

/** The outcome for one product, shown by the editor and the batch dialog. */
export interface GoodsTranslateResult {
  id: number;
  status: 'done' | 'skipped' | 'failed';
  message?: string;
  version?: number;
  /** Target fields left alone because a person edited them (see docs/translation.md). */
  kept: { lang: string; field: string }[];
  /** Per target language: how each field fits the marketplace limits after translation. */
  limits: Record<string, FieldFit[]>;
}

const emptyDesc = (): DescTexts => ({ title: '', search_terms: '', bullet_points: [], product_description: '' });
const hasTag = (t: string) => /<\/?[a-zA-Z][^<>]*>/.test(t);

/** The target's current texts of a field (bullets as a list). */
const textsOf = (d: DescTexts, f: CopyableField) => (f === 'bullet_points' ? d.bullet_points : [d[f]]).filter(Boolean);

/**
 * Translates one product's fields from the source language into every target language, then
 * writes them in one transaction over the version it read (a save in between makes it stale).
 * A target field that holds text no machine delivered was edited by hand and is kept unless
 * `overwrite`. A provider failure throws before anything is written.
 */
export async function translateProduct(
  deps: AppDeps,
  actor: Actor,
  id: number,
  p: GoodsTranslateParams,
): Promise<GoodsTranslateResult> {
  const base = { id, kept: [] as GoodsTranslateResult['kept'], limits: {} as GoodsTranslateResult['limits'] };
  const row = await findGoods(deps.db, actor.tenantId, id);
  if (!row || row.is_delete) return { ...base, status: 'failed', message: '商品不存在' };
  const descs = structuredClone((row.descs ?? {}) as StoredDescs);
  const src = { ...emptyDesc(), ...descs[p.from] };
  const fields = p.fields.filter((f) => textsOf(src, f).length > 0);
  if (fields.length === 0) return { ...base, status: 'skipped', message: '源语言内容为空' };

  for (const to of p.to.filter((l) => l !== p.from)) {
    const cur = { ...emptyDesc(), ...descs[to] };
    const machine = p.overwrite
      ? new Set<string>()
      : await machineOutputs(
          deps.db,
          actor.tenantId,
          to,
          fields.flatMap((f) => textsOf(cur, f)),
        );
    const chosen = fields.filter((f) => {
      const handEdited = !p.overwrite && textsOf(cur, f).some((t) => !machine.has(t));
      if (handEdited) base.kept.push({ lang: to, field: f });
      return !handEdited;
    });
    const next: DescTexts = { ...cur, bullet_points: [...cur.bullet_points] };
    const plain = chosen.filter((f) => f !== 'product_description').flatMap((f) => textsOf(src, f));
    const plainOut = (await translateTexts(deps, actor.tenantId, { texts: plain, to, from: p.from, format: 'text' }))
      .translations;
    let k = 0;
    for (const f of chosen) {
      if (f === 'bullet_points') {
        next.bullet_points = src.bullet_points.filter(Boolean).map(() => plainOut[k++]!);
      } else if (f === 'product_description') {
        const d = src.product_description;
        const fmt = hasTag(d) ? 'html' : 'text';
        next.product_description = (
          await translateTexts(deps, actor.tenantId, { texts: [d], to, from: p.from, format: fmt })
        ).translations[0]!;
      } else {
        next[f] = plainOut[k++]!;
      }
    }
    descs[to] = next;
    base.limits[to] = listingFit(next);
  }

  return deps.db.transaction().execute(async (trx) => {
    const saved = await trx
      .updateTable('goods')
      .set({ descs: JSON.stringify(descs), version: sql`version + 1`, updated_at: sql`now()` })
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', id)
      .where('version', '=', row.version)
      .where('is_delete', '=', 0)
      .returning(['version'])
      .executeTakeFirst();
    if (!saved) return { ...base, limits: {}, status: 'failed' as const, message: MSG.staleVersion };
    await audit(trx, actor, {
      action: 'goods.translate',
      targetType: 'goods',
      targetId: id,
      before: { version: row.version },
      after: { version: saved.version, from: p.from, to: p.to, fields: p.fields, kept: base.kept },
    });
    return { ...base, status: 'done' as const, version: saved.version };
  });
}

/** The Chinese message of a failure (provider errors carry theirs). */
export const failureMessage = (err: unknown) => (err instanceof AppError ? err.message : '翻译失败,请稍后重试');
