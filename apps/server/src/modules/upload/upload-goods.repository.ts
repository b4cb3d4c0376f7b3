import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import { createdByAnyOf } from '../goods/goods.repository.js';

type Db = Kysely<DB>;

/** Fixes the edit queue saves into a product: titles by language, prices by country, quantity. */
export interface GoodsFieldFix {
  goods_id: number;
  version: number;
  titles?: Record<string, string> | undefined;
  /** Minor units with the country's currency. */
  prices?: Record<string, { price: number; currency: string }> | undefined;
  quantity?: number | undefined;
}

/**
 * Writes the fixes into the product at the version it was loaded (one statement: JSON merges
 * of `descs`, `prices` and `base_info`, version + 1). `stale` when the version moved on,
 * `missing` when the product is not the tenant's (or outside the caller's data scope).
 */
export async function saveGoodsFields(
  db: Db,
  tenantId: number,
  fix: GoodsFieldFix,
  creators: readonly number[] | null,
): Promise<'ok' | 'stale' | 'missing'> {
  let descs = sql`descs`;
  for (const [lang, title] of Object.entries(fix.titles ?? {})) {
    descs = sql`jsonb_set(${descs}, ${sql.val(`{${lang}}`)}::text[], coalesce(${descs} -> ${lang}, '{"title":"","search_terms":"","bullet_points":[],"product_description":""}'::jsonb) || jsonb_build_object('title', ${title}::text))`;
  }
  const prices = JSON.stringify(fix.prices ?? {});
  const base = JSON.stringify(fix.quantity === undefined ? {} : { quantity: fix.quantity });
  const r = await db
    .updateTable('goods')
    .set({
      descs: descs as unknown as string,
      prices: sql`prices || ${prices}::jsonb` as unknown as string,
      base_info: sql`base_info || ${base}::jsonb` as unknown as string,
      version: sql`version + 1`,
      updated_at: sql`now()`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', fix.goods_id)
    .where('version', '=', fix.version)
    .$if(Boolean(creators), (q) => q.where(createdByAnyOf(creators!)))
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return 'ok';
  const exists = await db
    .selectFrom('goods')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', fix.goods_id)
    .$if(Boolean(creators), (q) => q.where(createdByAnyOf(creators!)))
    .executeTakeFirst();
  return exists ? 'stale' : 'missing';
}
