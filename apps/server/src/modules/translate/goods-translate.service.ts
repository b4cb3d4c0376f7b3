import type { CopyableField } from '@console/shared/constants/goods';
import type { FieldFit } from '@console/shared/schemas/translate';
import { MSG } from '@console/shared/validation/rules';
import type { Actor, AppDeps } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { machineOutputs } from '../../translation/memory.repository.js';
import type { StoredDescs } from '../goods/goods.presenter.js';
import { findGoodsDescs, updateGoodsDescsVersioned } from '../goods/goods-descs.repository.js';
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

/** Products translated together: their texts share provider requests (see docs/translation.md). */
export const TRANSLATE_CHUNK = 25;
/** Target languages translated at the same time within a chunk. */
const LANG_CONCURRENCY = 3;

const emptyDesc = (): DescTexts => ({ title: '', search_terms: '', bullet_points: [], product_description: '' });
const hasTag = (t: string) => /<\/?[a-zA-Z][^<>]*>/.test(t);

/** The target's current texts of a field (bullets as a list). */
const textsOf = (d: DescTexts, f: CopyableField) => (f === 'bullet_points' ? d.bullet_points : [d[f]]).filter(Boolean);

/** One product being translated: what was read, its source texts, and the new texts per language. */
interface Plan {
  id: number;
  version: number;
  descs: StoredDescs;
  src: DescTexts;
  fields: CopyableField[];
  kept: Map<string, GoodsTranslateResult['kept']>;
  limits: GoodsTranslateResult['limits'];
}

/** A text to translate and where its answer goes. */
interface Slot {
  text: string;
  put: (translated: string) => void;
}

async function readPlans(deps: AppDeps, actor: Actor, ids: number[], p: GoodsTranslateParams) {
  const rows = await findGoodsDescs(deps.db, actor.tenantId, ids);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const plans: Plan[] = [];
  const settled = new Map<number, GoodsTranslateResult>();
  for (const id of ids) {
    const row = byId.get(id);
    const none = { id, kept: [], limits: {} };
    if (!row) {
      settled.set(id, { ...none, status: 'failed', message: '商品不存在' });
      continue;
    }
    const descs: StoredDescs = structuredClone(row.descs ?? {});
    const src = { ...emptyDesc(), ...descs[p.from] };
    const fields = p.fields.filter((f) => textsOf(src, f).length > 0);
    if (fields.length === 0) settled.set(id, { ...none, status: 'skipped', message: '源语言内容为空' });
    else plans.push({ id, version: row.version, descs, src, fields, kept: new Map(), limits: {} });
  }
  return { plans, settled };
}

/**
 * One target language for every planned product: hand-edited fields are kept (unless
 * `overwrite`), all other source texts go through the pipeline together, plain text in one
 * group and HTML descriptions in another, so products share provider requests and memory.
 */
async function translateLanguage(deps: AppDeps, actor: Actor, plans: Plan[], to: string, p: GoodsTranslateParams) {
  const current = new Map(plans.map((pl) => [pl.id, { ...emptyDesc(), ...pl.descs[to] }]));
  const machine = p.overwrite
    ? new Set<string>()
    : await machineOutputs(
        deps.db,
        actor.tenantId,
        to,
        plans.flatMap((pl) => pl.fields.flatMap((f) => textsOf(current.get(pl.id)!, f))),
      );
  const plain: Slot[] = [];
  const html: Slot[] = [];
  const next = new Map<number, DescTexts>();
  for (const pl of plans) {
    const cur = current.get(pl.id)!;
    const out: DescTexts = { ...cur, bullet_points: [...cur.bullet_points] };
    next.set(pl.id, out);
    const kept: GoodsTranslateResult['kept'] = [];
    pl.kept.set(to, kept);
    for (const f of pl.fields) {
      if (!p.overwrite && textsOf(cur, f).some((t) => !machine.has(t))) {
        kept.push({ lang: to, field: f });
        continue;
      }
      if (f === 'bullet_points') {
        const bullets = pl.src.bullet_points.filter(Boolean);
        out.bullet_points = bullets.map(() => '');
        for (const [i, b] of bullets.entries()) {
          plain.push({
            text: b,
            put: (t) => {
              out.bullet_points[i] = t;
            },
          });
        }
      } else {
        const text = pl.src[f];
        const group = f === 'product_description' && hasTag(text) ? html : plain;
        group.push({
          text,
          put: (t) => {
            out[f] = t;
          },
        });
      }
    }
  }
  for (const [slots, format] of [
    [plain, 'text'],
    [html, 'html'],
  ] as const) {
    if (slots.length === 0) continue;
    const r = await translateTexts(deps, actor.tenantId, {
      texts: slots.map((s) => s.text),
      to,
      from: p.from,
      format,
    });
    for (const [i, s] of slots.entries()) s.put(r.translations[i]!);
  }
  return next;
}

/** Runs `fn` over the items with at most `limit` at a time; the first failure rejects. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** Writes one product over the version read at the start (a save in between makes it stale). */
async function writePlan(deps: AppDeps, actor: Actor, pl: Plan, p: GoodsTranslateParams) {
  const kept = p.to.flatMap((l) => pl.kept.get(l) ?? []);
  const base = { id: pl.id, kept, limits: pl.limits };
  return deps.db.transaction().execute(async (trx) => {
    const saved = await updateGoodsDescsVersioned(trx, actor.tenantId, pl.id, pl.version, JSON.stringify(pl.descs));
    if (!saved) return { ...base, limits: {}, status: 'failed' as const, message: MSG.staleVersion };
    await audit(trx, actor, {
      action: 'goods.translate',
      targetType: 'goods',
      targetId: pl.id,
      before: { version: pl.version },
      after: { version: saved.version, from: p.from, to: p.to, fields: p.fields, kept },
    });
    return { ...base, status: 'done' as const, version: saved.version };
  });
}

/**
 * Translates a group of products' fields from the source language into every target language,
 * then writes each product in its own transaction over the version it read. A target field
 * that holds text no machine delivered was edited by hand and is kept unless `overwrite`.
 * A provider failure throws before any product of the group is written.
 */
export async function translateProducts(
  deps: AppDeps,
  actor: Actor,
  ids: number[],
  p: GoodsTranslateParams,
): Promise<GoodsTranslateResult[]> {
  const { plans, settled } = await readPlans(deps, actor, ids, p);
  const targets = p.to.filter((l) => l !== p.from);
  await eachLimited(targets, LANG_CONCURRENCY, async (to) => {
    const next = await translateLanguage(deps, actor, plans, to, p);
    for (const pl of plans) {
      const d = next.get(pl.id)!;
      pl.descs[to] = d;
      pl.limits[to] = listingFit(d);
    }
  });
  for (const pl of plans) {
    const ordered: GoodsTranslateResult['limits'] = {};
    for (const l of targets) ordered[l] = pl.limits[l]!;
    pl.limits = ordered;
    settled.set(pl.id, await writePlan(deps, actor, pl, p));
  }
  return ids.map((id) => settled.get(id)!);
}

/** One product (the editor's "translate all languages"). */
export async function translateProduct(deps: AppDeps, actor: Actor, id: number, p: GoodsTranslateParams) {
  return (await translateProducts(deps, actor, [id], p))[0]!;
}

/** The Chinese message of a failure (provider errors carry theirs). */
export const failureMessage = (err: unknown) => (err instanceof AppError ? err.message : '翻译失败,请稍后重试');
