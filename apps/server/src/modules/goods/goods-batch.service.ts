import { AUDIT_STATUSES, AUDIT_TRANSITIONS, type AuditStatus } from '@console/shared/constants/goods';
import { PRICE_COUNTRIES } from '@console/shared/constants/marketplaces';
import type { batchFieldsSchema } from '@console/shared/schemas/goods-batch';
import { productIdKind } from '@console/shared/validation/product-id';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../context.js';
import type { DB, GoodsRow } from '../../db/types.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { assertOwnCategory } from '../goods-library/category.service.js';
import { releaseEans } from '../goods-library/ean.service.js';
import { audit } from '../system/audit.js';
import { findGoods, goodsStates, insertGoods } from './goods.repository.js';
import {
  batchUpdateGoods,
  countEnTitleMatches,
  deleteRecycledGoods,
  previewEnTitleReplace,
  replaceEnTitles,
  type Selection,
  setGoodsAuditStatus,
  setGoodsRecycled,
} from './goods-batch.repository.js';
import { COPY_SKU_RACE_MSG, copySkus, refusingSkuRace } from './goods-sku.service.js';

type Db = Kysely<DB>;
const CURRENCY = Object.fromEntries(PRICE_COUNTRIES.map((c) => [c.country_code, c.currency]));
/** At most this many ids are copied into one operation-log row. */
const LOGGED_IDS = 200;

/** delGoodsMutl: 1 to the recycle bin, 0 restore from it, 2 delete for good (only what is in the bin). */
export async function deleteGoods(deps: AppDeps, actor: Actor, ids: number[], isDelete: 0 | 1 | 2) {
  return deps.db.transaction().execute(async (trx) => {
    let affected: number[];
    if (isDelete === 2) {
      const rows = await deleteRecycledGoods(trx, actor.tenantId, ids);
      affected = rows.map((r) => Number(r.id));
      // Their EANs go back to the pool.
      for (const r of rows) {
        const codes = (r.parentage.children ?? []).map((c) => c.ean).filter((e): e is string => !!e);
        const own = r.base_info?.product_id?.trim();
        if (productIdKind(own) === 'barcode') codes.push(own!);
        await releaseEans(trx, actor.tenantId, codes, Number(r.id));
      }
    } else {
      const rows = await setGoodsRecycled(trx, actor.tenantId, ids, isDelete);
      affected = rows.map((r) => Number(r.id));
    }
    if (affected.length === 0) throw notFound(isDelete === 2 ? '所选商品不在回收站中' : '没有可操作的商品');
    const action = { 0: 'goods.restore', 1: 'goods.recycle', 2: 'goods.deleteForever' }[isDelete];
    await audit(trx, actor, {
      action,
      targetType: 'goods',
      targetId: affected.length === 1 ? affected[0]! : `${affected.length} items`,
      after: { count: affected.length, ids: affected.slice(0, LOGGED_IDS) },
    });
    return { affected: affected.length, skipped: ids.length - affected.length };
  });
}

/** setGoodsStatus through the audit state machine; illegal moves are reported, legal ones applied. */
export async function setGoodsStatus(deps: AppDeps, actor: Actor, ids: number[], to: AuditStatus) {
  const rows = await goodsStates(deps.db, actor.tenantId, ids);
  if (rows.length === 0) throw notFound('商品不存在');
  const refused: { id: number; reason: string }[] = [];
  const legal: number[] = [];
  for (const r of rows) {
    const from = r.audit_status as AuditStatus;
    if (r.is_delete) refused.push({ id: Number(r.id), reason: '商品在回收站中' });
    else if (from === to) refused.push({ id: Number(r.id), reason: `已是"${AUDIT_STATUSES[to]}"` });
    else if (!AUDIT_TRANSITIONS[from].includes(to)) {
      refused.push({ id: Number(r.id), reason: `不能从"${AUDIT_STATUSES[from]}"变为"${AUDIT_STATUSES[to]}"` });
    } else legal.push(Number(r.id));
  }
  if (legal.length === 0) throw badRequest(refused[0]!.reason, { refused });
  await deps.db.transaction().execute(async (trx) => {
    await setGoodsAuditStatus(trx, actor.tenantId, legal, to);
    await audit(trx, actor, {
      action: 'goods.setStatus',
      targetType: 'goods',
      targetId: legal.length === 1 ? legal[0]! : `${legal.length} items`,
      after: { status: to, ids: legal.slice(0, LOGGED_IDS) },
    });
  });
  return { affected: legal.length, refused };
}

/**
 * Inserts a copy of a product into the actor's tenant, waiting for review; EANs (of the
 * variations, and a 产品ID that is one) are not copied, and SKUs the tenant holds get the
 * first free `-C<n>` suffix (SKUs are unique).
 */
export async function insertCopy(trx: Db, src: GoodsRow, actor: Actor) {
  const own = (src.parentage.children ?? []).map(({ ean: _drop, ...c }) => c);
  const { sku, children } = await copySkus(trx, actor.tenantId, src.sku, own);
  // A 产品ID that is an EAN is the source's code (issue 28 §1): the copy gets its own on its first save.
  const { product_id, ...rest } = src.base_info;
  const base = productIdKind(product_id) === 'barcode' ? rest : src.base_info;
  return insertGoods(trx, actor.tenantId, actor.userId, {
    type: src.type,
    sku,
    category_id: src.tenant_id === actor.tenantId ? src.category_id : null,
    product_template_id: src.product_template_id,
    base_info: JSON.stringify(base.sku === undefined ? base : { ...base, sku }),
    descs: JSON.stringify(src.descs),
    prices: JSON.stringify(src.prices),
    parentage: JSON.stringify({ ...src.parentage, children }),
    images: JSON.stringify(src.images),
    extra_attrs: JSON.stringify(src.extra_attrs),
    tags: src.tags,
    link_url: src.link_url,
    source: src.source,
  });
}

/** copyOneBenRenProduct: a new product from one of the tenant's own. */
export async function copyGoods(deps: AppDeps, actor: Actor, id: number) {
  const src = await findGoods(deps.db, actor.tenantId, id);
  if (!src) throw notFound('商品不存在');
  const write = () =>
    deps.db.transaction().execute(async (trx) => {
      const row = await insertCopy(trx, src, actor);
      await audit(trx, actor, {
        action: 'goods.copy',
        targetType: 'goods',
        targetId: row.id,
        before: { from: Number(src.id) },
      });
      return { id: Number(row.id), version: row.version };
    });
  return refusingSkuRace(write, undefined, COPY_SKU_RACE_MSG);
}

/**
 * Batch copy (the normal tag set only: the route requires `goods.batchCopy`): a copy of each
 * chosen product in one transaction, so a missing id copies nothing.
 */
export async function batchCopyGoods(deps: AppDeps, actor: Actor, ids: number[]) {
  const write = () =>
    deps.db.transaction().execute(async (trx) => {
      const copies: { from: number; id: number; version: number }[] = [];
      for (const id of ids) {
        const src = await findGoods(trx, actor.tenantId, id);
        if (!src) throw notFound(`商品不存在(ID ${id}),未复制任何商品`);
        const row = await insertCopy(trx, src, actor);
        await audit(trx, actor, {
          action: 'goods.copy',
          targetType: 'goods',
          targetId: row.id,
          before: { from: Number(src.id) },
        });
        copies.push({ from: id, id: Number(row.id), version: row.version });
      }
      return { copies };
    });
  return refusingSkuRace(write, undefined, COPY_SKU_RACE_MSG);
}

type BatchFields = z.infer<typeof batchFieldsSchema>;
const BASE_KEYS = [
  'type',
  'category_id',
  'product_template_id',
  'brand_name',
  'vendor',
  'manufactuer_id',
  'quantity',
  'deal_time',
  'cost_price',
  'weight',
  'discount',
  'is_electric',
  'not_vat',
  'remark',
] as const;

/** batchUpdate2: one UPDATE over the selection (ids, or everything the filter matches). */
export async function batchUpdate(deps: AppDeps, actor: Actor, sel: Selection, fields: BatchFields) {
  const base = Object.fromEntries(BASE_KEYS.filter((k) => fields[k] !== undefined).map((k) => [k, fields[k]]));
  const prices = Object.fromEntries(
    (fields.prices ?? []).map((p) => [p.country_code, { price: p.price, currency: CURRENCY[p.country_code] }]),
  );
  return deps.db.transaction().execute(async (trx) => {
    await assertOwnCategory(trx, actor.tenantId, fields.category_id);
    const affected = await batchUpdateGoods(trx, actor.tenantId, sel, {
      base,
      prices,
      columns: {
        ...('type' in base ? { type: base.type as number } : {}),
        ...('category_id' in base ? { category_id: base.category_id as number | null } : {}),
        ...('product_template_id' in base ? { product_template_id: base.product_template_id as number | null } : {}),
      },
      addTags: fields.add_tags ?? [],
      removeTags: fields.remove_tags ?? [],
    });
    await audit(trx, actor, {
      action: 'goods.batchUpdate',
      targetType: 'goods',
      targetId: `${affected} items`,
      after: { fields, count: affected, ...(sel.ids ? { ids: sel.ids.slice(0, LOGGED_IDS) } : { filter: sel.filter }) },
    });
    return { affected };
  });
}

/** batchUpdateEnTitle: find/replace in English titles; with `preview` only counts and shows samples. */
export async function batchReplaceEnTitle(
  deps: AppDeps,
  actor: Actor,
  sel: Selection,
  opts: { find: string; replace: string; match_case: boolean; preview: boolean },
) {
  const r = { find: opts.find, replace: opts.replace, matchCase: opts.match_case };
  if (opts.preview) return previewEnTitleReplace(deps.db, actor.tenantId, sel, r);
  return deps.db.transaction().execute(async (trx) => {
    const matched = await countEnTitleMatches(trx, actor.tenantId, sel, r);
    const affected = await replaceEnTitles(trx, actor.tenantId, sel, r);
    await audit(trx, actor, {
      action: 'goods.batchReplaceEnTitle',
      targetType: 'goods',
      targetId: `${affected} items`,
      after: { find: opts.find, replace: opts.replace, match_case: opts.match_case, count: affected },
    });
    return { matched: affected, skipped: matched - affected };
  });
}
