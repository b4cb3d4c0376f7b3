import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import type { BaseInfo, GoodsData, InsertGoodsBody } from '@console/shared/schemas/goods';
import { draftMinimumProblem } from '@console/shared/validation/goods-save';
import { missingEanNote, PRODUCT_ID_FORMAT_MSG, productIdKind } from '@console/shared/validation/product-id';
import type { Kysely } from 'kysely';
import type { Actor, AppDeps } from '../../context.js';
import type { DB, GoodsRow, UserRow } from '../../db/types.js';
import { AppError, badRequest, conflict, notFound, staleSave } from '../../lib/app-error.js';
import { findMarketplace, type SchemaNode } from '../../marketplace/product-type.catalog.js';
import { assertOwnCategory } from '../goods-library/category.service.js';
import { setEanSku } from '../goods-library/ean.repository.js';
import { assignEans, releaseEans } from '../goods-library/ean.service.js';
import { lockedAttrChanges } from '../goods-library/extra-attrs.locked.js';
import { checkExtraAttrs } from '../goods-library/extra-attrs.validator.js';
import { findSensitiveWords } from '../goods-library/sensitive.service.js';
import { type TemplateSchema, templateSchema } from '../goods-library/template-source.js';
import { audit } from '../system/audit.js';
import { type MapGoods, mapGoods } from '../upload/listing-mapper.js';
import type { StoredParentage } from './goods.presenter.js';
import {
  findGoods,
  insertGoods,
  setGoodsEans,
  setGoodsProductIdVersioned,
  updateGoodsVersioned,
} from './goods.repository.js';
import { changedSections, newBaseInfo, toWrite } from './goods.service.js';
import { takenSkus } from './goods-sku.repository.js';
import { assertSkusFree, refusingSkuRace } from './goods-sku.service.js';
import { quantityRangeOf } from './price-settings.service.js';

/** One holder of an EAN in a product: a variation (by its SKU), or the product itself (its SKU). */
interface EanSlot {
  sku: string;
  ean: string;
}

/** What a product holds as EANs: each variation's code and, for a barcode, its 产品ID. */
function heldSlots(p: StoredParentage | undefined, productId: string | undefined, sku: string): EanSlot[] {
  const children = (p?.children ?? []).filter((c) => c.ean).map((c) => ({ sku: c.sku, ean: c.ean! }));
  const own = productId?.trim() ?? '';
  return productIdKind(own) === 'barcode' ? [...children, { sku, ean: own }] : children;
}

/** The stored product as `settleEans` compares against it. */
interface EansBefore {
  parentage: StoredParentage | undefined;
  productId: string | undefined;
  sku: string;
}

/**
 * The codes a save names for its variations and, on a product without variations, as its
 * 产品ID: only codes the product already holds (kept, also when moved to another of its
 * variations or between its variations and its 产品ID), each once. Any other code (a free one
 * of the pool, another product's, another tenant's, one in no pool) is refused: codes come
 * only from the pool through `assignEans` (issue 27 §4, issue 28 §1), so two saves can never
 * claim the same code and the pool never shows a held code as free. A 产品ID that is neither a
 * barcode nor an ASIN is refused when it changes (stored values of older saves stay).
 */
function assertHeldEans(children: { ean?: string | undefined }[], productId: string, before: EansBefore | undefined) {
  const held = new Set(heldSlots(before?.parentage, before?.productId, before?.sku ?? '').map((s) => s.ean));
  const seen = new Set<string>();
  const named = [
    ...children.map((c) => ({ ean: c.ean, field: 'parentageTable.children.ean' })),
    ...(productIdKind(productId) === 'barcode' ? [{ ean: productId, field: 'baseInfo.product_id' }] : []),
  ];
  for (const { ean, field } of named) {
    if (!ean) continue;
    if (!held.has(ean)) throw badRequest(`EAN码由系统从EAN库分配,不能指定: ${ean}`, { field, ean });
    if (seen.has(ean)) throw badRequest(`EAN码重复: ${ean}`, { field, ean });
    seen.add(ean);
  }
  if (productIdKind(productId) === 'other' && productId !== (before?.productId ?? '').trim())
    throw badRequest(`${PRODUCT_ID_FORMAT_MSG}: ${productId}`, { field: 'baseInfo.product_id' });
}

/** What `settleEans` decided: the variations and 产品ID to store, and what to tell the user. */
interface SettledEans {
  parentage: StoredParentage;
  productId: string;
  /** Listings left without a code (variations, or 1 for the product itself). */
  missingEans: number;
  /** The product without variations was left without a 产品ID (the pool ran dry). */
  missingProductId: boolean;
  assigned: { sku: string; ean: string; field?: 'baseInfo.product_id' }[];
}

/**
 * Gives every variation without an EAN, and a product without variations whose 产品ID is
 * empty, a free code of the tenant's pool (unless the user is exempt), as far as the pool
 * reaches, and returns codes the product no longer uses to the pool. `missingEans` counts the
 * listings still without a code (a later save fills them); `assigned` lists the codes this
 * save gave out, by variation SKU (the product's own code by its SKU, with `field`). A code
 * the request names must be one the product holds (`assertHeldEans`); a kept code whose
 * holder changed has its SKU updated in the pool. A 产品ID that is an ASIN is kept as it is
 * (the listing names the ASIN; no code is taken).
 */
async function settleEans(
  trx: Kysely<DB>,
  tenantId: number,
  goodsId: number,
  next: { parentage: StoredParentage; productId: string | undefined; sku: string },
  before: EansBefore | undefined,
  useEan: boolean,
): Promise<SettledEans> {
  let productId = next.productId?.trim() ?? '';
  assertHeldEans(next.parentage.children, productId, before);
  const children = next.parentage.children.map((c) => ({ ...c }));
  const single = children.length === 0;
  const slotsBefore = heldSlots(before?.parentage, before?.productId, before?.sku ?? '');
  const skuBefore = new Map(slotsBefore.map((s) => [s.ean, s.sku]));
  const kept = heldSlots({ ...next.parentage, children }, productId, next.sku);
  for (const s of kept) if (skuBefore.get(s.ean) !== s.sku) await setEanSku(trx, tenantId, goodsId, s.ean, s.sku);
  const assigned: SettledEans['assigned'] = [];
  const needing = children.filter((c) => !c.ean);
  const productNeeds = single && productId === '';
  if (useEan && needing.length + (productNeeds ? 1 : 0) > 0) {
    const codes = await assignEans(trx, tenantId, needing.length + (productNeeds ? 1 : 0), { goodsId });
    if (productNeeds && codes[0]) {
      productId = codes.shift()!;
      await setEanSku(trx, tenantId, goodsId, productId, next.sku);
      assigned.push({ sku: next.sku, ean: productId, field: 'baseInfo.product_id' });
    }
    needing.forEach((c, i) => {
      if (codes[i]) c.ean = codes[i];
    });
    // The pool shows which variation uses each code.
    for (const c of needing.filter((n) => n.ean)) {
      await setEanSku(trx, tenantId, goodsId, c.ean!, c.sku);
      assigned.push({ sku: c.sku, ean: c.ean! });
    }
  }
  const keptCodes = new Set(heldSlots({ ...next.parentage, children }, productId, next.sku).map((s) => s.ean));
  const released = slotsBefore.map((s) => s.ean).filter((e) => !keptCodes.has(e));
  if (released.length) await releaseEans(trx, tenantId, released, goodsId);
  const missingProductId = useEan && single && productId === '';
  const missingEans = useEan ? children.filter((c) => !c.ean).length + (missingProductId ? 1 : 0) : 0;
  return { parentage: { ...next.parentage, children }, productId, missingEans, missingProductId, assigned };
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
        const eans = await settleEans(
          trx,
          actor.tenantId,
          Number(row.id),
          { parentage: data.parentageTable, productId: data.baseInfo.product_id, sku: w.sku },
          undefined,
          useEan,
        );
        const baseInfo = {
          ...(JSON.parse(w.base_info) as BaseInfo),
          ...(eans.productId ? { product_id: eans.productId } : {}),
        };
        await setGoodsEans(trx, actor.tenantId, Number(row.id), JSON.stringify(eans.parentage), baseInfo);
        await audit(trx, actor, {
          action: 'goods.create',
          targetType: 'goods',
          targetId: row.id,
          after: { title: row.title, sku: row.sku },
        });
        return { id: Number(row.id), version: row.version, eans };
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
      const storedBase = before.base_info as BaseInfo;
      const eans = await settleEans(
        trx,
        actor.tenantId,
        body.id,
        {
          parentage: data.parentageTable,
          // 产品ID not sent keeps the stored one, as every baseInfo field does.
          productId: data.baseInfo.product_id ?? storedBase.product_id,
          sku: planned.sku,
        },
        { parentage: before.parentage, productId: storedBase.product_id, sku: before.sku },
        useEan,
      );
      const w = toWrite(
        {
          ...data,
          baseInfo: {
            ...data.baseInfo,
            ...(eans.productId || data.baseInfo.product_id !== undefined ? { product_id: eans.productId } : {}),
          },
          parentageTable: eans.parentage,
        },
        storedBase,
      );
      const row = await updateGoodsVersioned(trx, actor.tenantId, body.id, body.version!, w);
      if (!row) throw staleSave(before.version);
      await audit(trx, actor, {
        action: 'goods.update',
        targetType: 'goods',
        targetId: row.id,
        before: { title: before.title, version: before.version },
        after: { title: row.title, version: row.version, sections: changedSections(before, w) },
      });
      return { id: Number(row.id), version: row.version, eans };
    });
  // A concurrent save that took one of these SKUs first: the same answer as the check above.
  const saved = await refusingSkuRace(write, () =>
    skus ? takenSkus(deps.db, actor.tenantId, body.id ?? null, skus.next, skus.before) : Promise.resolve([]),
  );
  const sensitive = await findSensitiveWords(deps.db, actor.tenantId, textsOf(data));
  if (template && missingAttrs.length) {
    // What the listing fills from the product (title, brand, bullets, its EAN...) is not missing.
    const stored = await findGoods(deps.db, actor.tenantId, saved.id);
    if (stored) missingAttrs = notFilledByListing(missingAttrs, stored, user, template);
  }
  const { eans, ...ids } = saved;
  const { missingEans, missingProductId } = eans;
  return {
    ...ids,
    product_id: eans.productId,
    assignedEans: eans.assigned,
    warnings: { sensitive, missingAttrs, missingEans, missingProductId },
  };
}

/** The answer's message: saved, with what the user should look at next. */
export function saveMessage(
  w: { sensitive: unknown[]; missingEans: number; missingProductId?: boolean },
  assignedEans = 0,
): string {
  const missing = missingEanNote(w);
  const notes = [
    ...(assignedEans ? [`已分配${assignedEans}个EAN`] : []),
    ...(w.sensitive.length ? [`发现${w.sensitive.length}处敏感词`] : []),
    ...(missing ? [missing] : []),
  ];
  return ['保存成功', ...notes].join(',');
}

/**
 * 从EAN池分配 (issue 28 §1): gives a saved product without variations a free code of the
 * tenant's pool as its 产品ID at once, over the version the editor loaded (version + 1; the
 * editor goes on from the answered version). Refused for an exempt account (no codes, as on
 * save), a product with variations (their codes come with the save), one that already holds a
 * barcode as 产品ID, and when the pool has no free code (nothing changes). An ASIN or other
 * 产品ID is replaced: the person asked for a code.
 */
export async function assignProductEan(
  deps: AppDeps,
  actor: Actor,
  user: UserRow,
  body: { id: number; version: number },
) {
  if (user.is_not_use_ean) throw badRequest('当前账号设置为不使用EAN(EAN豁免),不从EAN库分配');
  return deps.db.transaction().execute(async (trx) => {
    const before = await findGoods(trx, actor.tenantId, body.id);
    if (!before) throw notFound('商品不存在');
    if (before.is_delete) throw conflict('商品已在回收站中,请先恢复');
    if (before.version !== body.version) throw staleSave(before.version);
    if ((before.parentage?.children ?? []).length > 0)
      throw badRequest('有变体的商品在保存时为每个变体分配EAN,产品ID无需分配', { field: 'baseInfo.product_id' });
    const own = (before.base_info as BaseInfo).product_id?.trim() ?? '';
    if (productIdKind(own) === 'barcode')
      throw conflict(`商品已有EAN: ${own}`, { field: 'baseInfo.product_id', ean: own });
    const [code] = await assignEans(trx, actor.tenantId, 1, { goodsId: body.id, sku: before.sku });
    if (!code) throw conflict('EAN库没有可用的码,请先在EAN库导入EAN', { field: 'baseInfo.product_id' });
    const row = await setGoodsProductIdVersioned(trx, actor.tenantId, body.id, body.version, code);
    if (!row) throw staleSave(before.version);
    await audit(trx, actor, {
      action: 'goods.update',
      targetType: 'goods',
      targetId: row.id,
      before: { title: before.title, version: before.version, product_id: own },
      after: { title: row.title, version: row.version, sections: ['baseInfo'], product_id: code },
    });
    return { id: Number(row.id), version: row.version, product_id: code };
  });
}

/**
 * The required attributes still missing once the product is mapped as the upload maps it
 * (listing-mapper.ts): the product's own fields, the account's brand and EU fields, its EAN
 * and the mapper's defaults fill some of them, so only what no listing of the product would
 * carry is reported (the same words as the check before sending).
 */
function notFilledByListing(
  missing: { name: string; label: string }[],
  stored: GoodsRow,
  user: UserRow,
  template: { marketplace: { code: string }; schema: TemplateSchema },
): { name: string; label: string }[] {
  const marketplace = marketplaceByCode(template.marketplace.code);
  if (!marketplace) return missing;
  const items = mapGoods({
    goods: { ...stored, id: Number(stored.id) } as unknown as MapGoods,
    account: user,
    marketplace,
    schema: template.schema.schema as SchemaNode,
    type: 'good',
    sellerSkus: new Map(),
    imageUrl: (url) => url,
  }).filter((i) => i.role !== 'parent' && 'operation' in i.payload);
  if (items.length === 0) return missing;
  const sent = items.map((i) => (i.payload.operation === 'UPDATE' ? i.payload.attributes : {}));
  return missing.filter((m) => sent.some((attrs) => attrs[m.name] === undefined));
}
