import type { BaseInfo, GoodsData, InsertGoodsBody } from '@console/shared/schemas/goods';
import { draftMinimumProblem } from '@console/shared/validation/goods-save';
import type { Kysely } from 'kysely';
import type { Actor, AppDeps } from '../../context.js';
import type { DB, UserRow } from '../../db/types.js';
import { AppError, badRequest, conflict, notFound, staleSave } from '../../lib/app-error.js';
import { findMarketplace } from '../../marketplace/product-type.catalog.js';
import { assertOwnCategory } from '../goods-library/category.service.js';
import { setEanSku } from '../goods-library/ean.repository.js';
import { assignEans, releaseEans } from '../goods-library/ean.service.js';
import { lockedAttrChanges } from '../goods-library/extra-attrs.locked.js';
import { checkExtraAttrs } from '../goods-library/extra-attrs.validator.js';
import { findSensitiveWords } from '../goods-library/sensitive.service.js';
import { templateSchema } from '../goods-library/template-source.js';
import { audit } from '../system/audit.js';
import type { StoredParentage } from './goods.presenter.js';
import { findGoods, insertGoods, setGoodsParentage, updateGoodsVersioned } from './goods.repository.js';
import { changedSections, newBaseInfo, toWrite } from './goods.service.js';
import { takenSkus } from './goods-sku.repository.js';
import { assertSkusFree, refusingSkuRace } from './goods-sku.service.js';
import { quantityRangeOf } from './price-settings.service.js';

const eansOf = (p: StoredParentage | undefined) =>
  (p?.children ?? []).map((c) => c.ean).filter((e): e is string => !!e);

/**
 * The codes a save names for its variations: only codes the product already holds (kept, also
 * when moved to another of its variations), each once. Any other code (a free one of the pool,
 * another product's, another tenant's, one in no pool) is refused: codes come only from the
 * pool through `assignEans` (issue 27 §4), so two saves can never claim the same code and the
 * pool never shows a held code as free.
 */
function assertHeldEans(children: { ean?: string | undefined }[], before: StoredParentage | undefined) {
  const held = new Set(eansOf(before));
  const seen = new Set<string>();
  for (const { ean } of children) {
    if (!ean) continue;
    if (!held.has(ean))
      throw badRequest(`EAN码由系统从EAN库分配,不能指定: ${ean}`, { field: 'parentageTable.children.ean', ean });
    if (seen.has(ean)) throw badRequest(`EAN码重复: ${ean}`, { field: 'parentageTable.children.ean', ean });
    seen.add(ean);
  }
}

/**
 * Gives every variation without an EAN a free code of the tenant's pool (unless the user is
 * exempt), as far as the pool reaches, and returns codes no variation uses any more to the
 * pool. `missingEans` counts the variations still without a code (a later save fills them);
 * `assigned` lists the codes this save gave out, by variation SKU. A code the request names
 * must be one the product holds (`assertHeldEans`); a kept code that moved to another
 * variation has its SKU updated in the pool.
 */
async function settleEans(
  trx: Kysely<DB>,
  tenantId: number,
  goodsId: number,
  parentage: StoredParentage,
  before: StoredParentage | undefined,
  useEan: boolean,
): Promise<{ parentage: StoredParentage; missingEans: number; assigned: { sku: string; ean: string }[] }> {
  assertHeldEans(parentage.children, before);
  const children = parentage.children.map((c) => ({ ...c }));
  const skuBefore = new Map((before?.children ?? []).filter((c) => c.ean).map((c) => [c.ean!, c.sku]));
  for (const c of children) {
    if (c.ean && skuBefore.get(c.ean) !== c.sku) await setEanSku(trx, tenantId, goodsId, c.ean, c.sku);
  }
  const needing = children.filter((c) => !c.ean);
  const assigned: { sku: string; ean: string }[] = [];
  if (useEan && needing.length > 0) {
    const codes = await assignEans(trx, tenantId, needing.length, { goodsId });
    needing.forEach((c, i) => {
      if (codes[i]) c.ean = codes[i];
    });
    // The pool shows which variation uses each code.
    for (const c of needing.filter((n) => n.ean)) {
      await setEanSku(trx, tenantId, goodsId, c.ean!, c.sku);
      assigned.push({ sku: c.sku, ean: c.ean! });
    }
  }
  const kept = new Set(children.map((c) => c.ean).filter(Boolean));
  const released = eansOf(before).filter((e) => !kept.has(e));
  if (released.length) await releaseEans(trx, tenantId, released, goodsId);
  const missingEans = useEan ? children.filter((c) => !c.ean).length : 0;
  return { parentage: { ...parentage, children }, missingEans, assigned };
}

/** Every text field of every language, for the sensitive-word check. */
function textsOf(data: GoodsData) {
  return data.commonData.descs.flatMap((d) => [
    { lang: d.key, field: 'title', text: d.title },
    { lang: d.key, field: 'search_terms', text: d.search_terms },
    { lang: d.key, field: 'product_description', text: d.product_description },
    ...d.bullet_points.map((b, i) => ({ lang: d.key, field: `bullet_points.${i}`, text: b })),
  ]);
}

/**
 * The template a save is checked against: the one the editor showed (`template-source.ts`:
 * the tenant's shop's Amazon definition, else the shipped one); a type the marketplace does
 * not have is bad input (400).
 */
async function saveTemplate(deps: AppDeps, tenantId: number, t: { product_type: string; marketplace: string }) {
  const marketplace = findMarketplace(t.marketplace);
  if (!marketplace) throw badRequest(`不支持的站点: ${t.marketplace}`);
  try {
    return { marketplace, schema: await templateSchema(deps, tenantId, t.product_type, marketplace) };
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw badRequest(err.message);
    throw err;
  }
}

/**
 * insertGoods_v2: validates the extra attributes against the product type schema, creates or
 * updates over the loaded version (a stale save is refused, never merged; stored values of
 * `editable: false` attribute fields may not change), settles EANs in the
 * same transaction, and answers with the EANs it assigned and warnings: sensitive words found
 * and required attributes still missing. A draft needs a title or a SKU; a SKU that another
 * product of the tenant holds is refused (checked first, and by the database when two saves
 * race: docs/decisions.md, issue 13 §1).
 */
export async function saveGoods(deps: AppDeps, actor: Actor, user: UserRow, body: InsertGoodsBody) {
  const data = body.goodsData;
  const minimum = draftMinimumProblem(data);
  if (minimum) throw badRequest(minimum.message, { field: minimum.field });
  let missingAttrs: { name: string; label: string }[] = [];
  const template = data.template && (await saveTemplate(deps, actor.tenantId, data.template));
  if (template) {
    const r = checkExtraAttrs(template.schema, template.marketplace, data.extraAttrs);
    if (!r.ok) throw badRequest(r.errors[0]!.message, { field: 'extraAttrs', errors: r.errors });
    missingAttrs = r.missing;
  }
  const useEan = !user.is_not_use_ean;
  // What the SKU check compares: this save's SKUs and, for an update, the stored ones.
  let skus: { next: { sku: string; parentage: string }; before?: { sku: string; parentage: string } } | undefined;
  const write = () =>
    deps.db.transaction().execute(async (trx) => {
      await assertOwnCategory(trx, actor.tenantId, data.baseInfo.category_id);
      if (body.id === undefined) {
        const w = toWrite(data, newBaseInfo(await quantityRangeOf(deps, actor.tenantId, actor.userId)));
        skus = { next: { sku: w.sku, parentage: w.parentage } };
        await assertSkusFree(trx, actor.tenantId, null, data, skus.next);
        const row = await insertGoods(trx, actor.tenantId, actor.userId, w);
        const { parentage, missingEans, assigned } = await settleEans(
          trx,
          actor.tenantId,
          Number(row.id),
          data.parentageTable,
          undefined,
          useEan,
        );
        await setGoodsParentage(trx, actor.tenantId, Number(row.id), JSON.stringify(parentage));
        await audit(trx, actor, {
          action: 'goods.create',
          targetType: 'goods',
          targetId: row.id,
          after: { title: row.title, sku: row.sku },
        });
        return { id: Number(row.id), version: row.version, missingEans, assigned };
      }
      const before = await findGoods(trx, actor.tenantId, body.id);
      if (!before) throw notFound('商品不存在');
      if (before.is_delete) throw conflict('商品已在回收站中,请先恢复');
      if (before.version !== body.version) throw staleSave(before.version);
      if (template) {
        // Amazon's `editable: false`: a stored value of such a field is never changed by an update.
        const stored = before.extra_attrs?.attributes ?? {};
        const locked = lockedAttrChanges(template.schema.schema, stored, data.extraAttrs);
        if (locked.length) throw badRequest(locked[0]!.message, { field: 'extraAttrs', errors: locked });
      }
      const planned = toWrite(data, before.base_info as BaseInfo);
      skus = {
        next: { sku: planned.sku, parentage: planned.parentage },
        before: { sku: before.sku, parentage: JSON.stringify(before.parentage) },
      };
      await assertSkusFree(trx, actor.tenantId, body.id, data, skus.next, skus.before);
      const { parentage, missingEans, assigned } = await settleEans(
        trx,
        actor.tenantId,
        body.id,
        data.parentageTable,
        before.parentage,
        useEan,
      );
      const w = toWrite({ ...data, parentageTable: parentage }, before.base_info as BaseInfo);
      const row = await updateGoodsVersioned(trx, actor.tenantId, body.id, body.version!, w);
      if (!row) throw staleSave(before.version);
      await audit(trx, actor, {
        action: 'goods.update',
        targetType: 'goods',
        targetId: row.id,
        before: { title: before.title, version: before.version },
        after: { title: row.title, version: row.version, sections: changedSections(before, w) },
      });
      return { id: Number(row.id), version: row.version, missingEans, assigned };
    });
  // A concurrent save that took one of these SKUs first: the same answer as the check above.
  const saved = await refusingSkuRace(write, () =>
    skus ? takenSkus(deps.db, actor.tenantId, body.id ?? null, skus.next, skus.before) : Promise.resolve([]),
  );
  const sensitive = await findSensitiveWords(deps.db, actor.tenantId, textsOf(data));
  const { missingEans, assigned, ...ids } = saved;
  return { ...ids, assignedEans: assigned, warnings: { sensitive, missingAttrs, missingEans } };
}

/** The answer's message: saved, with what the user should look at next. */
export function saveMessage(w: { sensitive: unknown[]; missingEans: number }, assignedEans = 0): string {
  const notes = [
    ...(assignedEans ? [`已分配${assignedEans}个EAN`] : []),
    ...(w.sensitive.length ? [`发现${w.sensitive.length}处敏感词`] : []),
    ...(w.missingEans ? [`${w.missingEans}个变体未分配EAN(EAN库可用码不足,导入后再次保存即可分配)`] : []),
  ];
  return ['保存成功', ...notes].join(',');
}
