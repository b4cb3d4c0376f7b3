import type {
  OverseasSku,
  SkuFields,
  SkuListData,
  skuListBody,
  skuSaveBody,
} from '@console/shared/schemas/overseas-sku';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../context.js';
import type { DB } from '../../db/types.js';
import { badRequest, isUniqueViolation, notFound, staleSave } from '../../lib/app-error.js';
import { audit, diff } from '../system/audit.js';
import {
  deleteSku,
  findSku,
  insertSku,
  knownHsCodes,
  libraryHolders,
  listSkus,
  liveGoodsIds,
  overseasBalances,
  type SkuRow,
  skuHasMovements,
  updateSku,
} from './overseas-sku.repository.js';

export const SKU_NOT_FOUND = 'SKU不存在';
type Row = NonNullable<Awaited<ReturnType<typeof findSku>>>;
type Balance = Awaited<ReturnType<typeof overseasBalances>>[number];

/** A SKU with its stock per overseas warehouse and the sums. */
export function presentSku(r: Row, balances: Balance[]): OverseasSku {
  const stock = balances
    .filter((b) => b.stock_id === Number(r.id))
    .map((b) => ({
      warehouse_id: b.warehouse_id,
      code: b.code,
      name: b.name,
      on_hand: b.on_hand,
      reserved: b.reserved,
      available: b.on_hand - b.reserved,
    }));
  return {
    id: Number(r.id),
    sku: r.sku,
    title: r.title,
    name_en: r.name_en,
    goods_id: r.goods_id,
    goods_sku: r.goods_sku,
    barcode: r.barcode,
    weight_g: r.weight_g,
    length_mm: r.length_mm,
    width_mm: r.width_mm,
    height_mm: r.height_mm,
    declared_value_minor: r.declared_value_minor === null ? null : Number(r.declared_value_minor),
    declared_currency: r.declared_currency,
    hs_code: r.hs_code,
    battery: r.battery,
    pictures: r.pictures,
    reorder_point: r.reorder_point,
    stock,
    on_hand: stock.reduce((s, b) => s + b.on_hand, 0),
    available: stock.reduce((s, b) => s + b.available, 0),
    updated_at: Math.floor(r.updated_at.getTime() / 1000),
    version: r.version,
  };
}

/** SKU列表: a page of SKUs with their overseas stock. */
export async function skuList(deps: AppDeps, tenantId: number, f: z.output<typeof skuListBody>): Promise<SkuListData> {
  const r = await listSkus(deps.db, tenantId, f);
  const balances = await overseasBalances(
    deps.db,
    tenantId,
    r.rows.map((x) => Number(x.id)),
  );
  return { list: r.rows.map((x) => presentSku(x, balances)), total: r.total, page: f.page, pageSize: f.pageSize };
}

/** One SKU (the editor's `?id=`). */
export async function skuGet(deps: AppDeps, tenantId: number, id: number) {
  const row = await findSku(deps.db, tenantId, id);
  if (!row) throw notFound(SKU_NOT_FOUND);
  return presentSku(row, await overseasBalances(deps.db, tenantId, [id]));
}

/** What is wrong with the links of SKUs (library product and variation, HS code), per index. */
export async function linkProblems(
  db: Kysely<DB>,
  tenantId: number,
  rows: Pick<SkuFields, 'goods_id' | 'goods_sku' | 'hs_code'>[],
): Promise<Map<number, string>> {
  const goods = await liveGoodsIds(
    db,
    tenantId,
    rows.flatMap((r) => (r.goods_id === null ? [] : [r.goods_id])),
  );
  const holders = await libraryHolders(
    db,
    tenantId,
    rows.flatMap((r) => (r.goods_sku ? [r.goods_sku] : [])),
  );
  const hs = await knownHsCodes(
    db,
    tenantId,
    rows.flatMap((r) => (r.hs_code ? [r.hs_code] : [])),
  );
  const problems = new Map<number, string>();
  rows.forEach((r, i) => {
    if (r.goods_id !== null && !goods.has(r.goods_id)) problems.set(i, '关联商品不存在');
    else if (r.goods_sku && r.goods_id === null) problems.set(i, '请先选择商品SKU所属的商品');
    else if (r.goods_sku && holders.get(r.goods_sku.trim().toLowerCase()) !== r.goods_id)
      problems.set(i, `商品SKU ${r.goods_sku} 不是该商品或其变体的SKU`);
    else if (r.hs_code && !hs.has(r.hs_code)) problems.set(i, `海关编码 ${r.hs_code} 不存在,请先在海关编码中添加`);
  });
  return problems;
}

const logged = (f: SkuRow) => ({ ...f, pictures: f.pictures.length });

/** Creates or updates a SKU's warehouse facts (never its stock: that moves only through documents). */
export async function saveSku(deps: AppDeps, actor: Actor, body: z.output<typeof skuSaveBody>) {
  const { id, version, ...fields } = body;
  const problem = (await linkProblems(deps.db, actor.tenantId, [fields])).get(0);
  if (problem === '关联商品不存在') throw notFound('商品不存在');
  if (problem) throw badRequest(problem);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (id === undefined) {
        const row = await insertSku(trx, { ...fields, tenant_id: actor.tenantId, created_by: actor.userId });
        await audit(trx, actor, {
          action: 'overseas.sku.create',
          targetType: 'stock',
          targetId: row.id,
          after: { sku: row.sku, title: row.title },
        });
        return presentSku(row, []);
      }
      if (version === undefined) throw badRequest('请提供版本');
      const before = await findSku(trx, actor.tenantId, id);
      if (!before) throw notFound(SKU_NOT_FOUND);
      const row = await updateSku(trx, actor.tenantId, id, version, fields);
      if (!row) throw staleSave(before.version);
      const {
        stock: _s,
        on_hand: _o,
        available: _a,
        id: _i,
        updated_at: _u,
        version: _v,
        ...was
      } = presentSku(before, []);
      await audit(trx, actor, {
        action: 'overseas.sku.update',
        targetType: 'stock',
        targetId: row.id,
        ...diff(logged(was as SkuRow), logged(fields)),
      });
      return presentSku(row, await overseasBalances(trx, actor.tenantId, [id]));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(`SKU ${body.sku} 已存在`);
    throw err;
  }
}

/** Deletes a SKU that never moved (a SKU with a ledger, at any location, is kept). */
export async function removeSku(deps: AppDeps, actor: Actor, id: number) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await findSku(trx, actor.tenantId, id);
    if (!row) throw notFound(SKU_NOT_FOUND);
    if (await skuHasMovements(trx, actor.tenantId, id)) throw badRequest('该SKU已有库存流水,不能删除');
    try {
      await deleteSku(trx, actor.tenantId, id);
    } catch (err) {
      // A document (inbound or outbound order) still names it.
      if ((err as { code?: string }).code === '23503') throw badRequest('该SKU已用于入库单或出库单,不能删除');
      throw err;
    }
    await audit(trx, actor, {
      action: 'overseas.sku.delete',
      targetType: 'stock',
      targetId: id,
      before: { sku: row.sku, title: row.title },
    });
    return { deleted: 1 };
  });
}
