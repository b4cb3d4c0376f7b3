import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** A SKU that another product of the tenant holds. */
export interface TakenSku {
  sku: string;
  goods_id: number;
  title: string;
}

/**
 * The SKUs (as their holder spells them) among a product's new ones (`sku` and the variations of `parentage`) that another
 * product of the tenant holds, leaving out SKUs the product held before (`before`): the same
 * comparison as the `goods_skus` triggers, done in SQL so both agree on the key.
 */
export async function takenSkus(
  db: Db,
  tenantId: number,
  goodsId: number | null,
  next: { sku: string; parentage: string },
  before?: { sku: string; parentage: string },
): Promise<TakenSku[]> {
  const prev = before ?? { sku: '', parentage: '{}' };
  const r = await sql<{ sku: string; goods_id: string; title: string }>`
    select s.sku, s.goods_id, g.title
      from goods_sku_list(${next.sku}, ${next.parentage}::jsonb) k
      join goods_skus s on s.tenant_id = ${tenantId} and s.sku_key = k.sku_key
      join goods g on g.id = s.goods_id and g.tenant_id = ${tenantId}
     where s.goods_id is distinct from ${goodsId}::bigint
       and not exists (select 1 from goods_sku_list(${prev.sku}, ${prev.parentage}::jsonb) p where p.sku_key = k.sku_key)
     order by k.sku_key
     limit 20`.execute(db);
  return r.rows.map((x) => ({ sku: x.sku, goods_id: Number(x.goods_id), title: x.title }));
}

/** Which of `skuKeys` the tenant's products hold (for picking free SKUs for a copy). */
export async function heldSkuKeys(db: Db, tenantId: number, skuKeys: string[]): Promise<Set<string>> {
  if (skuKeys.length === 0) return new Set();
  const rows = await db
    .selectFrom('goods_skus')
    .select('sku_key')
    .where('tenant_id', '=', tenantId)
    .where('sku_key', 'in', skuKeys)
    .execute();
  return new Set(rows.map((r) => r.sku_key));
}
