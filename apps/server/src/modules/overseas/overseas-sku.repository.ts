import type { SkuFields } from '@console/shared/schemas/overseas-sku';
import type { Kysely } from 'kysely';
import { containsPattern } from '../../db/paging.js';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

const COLUMNS = [
  'id',
  'sku',
  'title',
  'name_en',
  'goods_id',
  'goods_sku',
  'barcode',
  'weight_g',
  'length_mm',
  'width_mm',
  'height_mm',
  'declared_value_minor',
  'declared_currency',
  'hs_code',
  'battery',
  'pictures',
  'reorder_point',
  'updated_at',
  'version',
] as const;

/** The list's and export's filters. */
export interface SkuFilter {
  keyword?: string | undefined;
  has_stock?: boolean | undefined;
}

function filtered(db: Db, tenantId: number, f: SkuFilter) {
  let q = db.selectFrom('stock_products as p').where('p.tenant_id', '=', tenantId);
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    q = q.where((eb) =>
      eb.or([
        eb('p.sku', 'ilike', like),
        eb('p.title', 'ilike', like),
        eb('p.name_en', 'ilike', like),
        eb('p.barcode', 'ilike', like),
      ]),
    );
  }
  if (f.has_stock) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('stock_balances as b')
          .innerJoin('stock_locations as l', 'l.id', 'b.location_id')
          .select('b.stock_id')
          .whereRef('b.stock_id', '=', 'p.id')
          .where('l.kind', '=', 'overseas')
          .where('b.on_hand', '>', 0),
      ),
    );
  }
  return q;
}

/** A page of the tenant's SKUs (SKU order). */
export async function listSkus(db: Db, tenantId: number, f: SkuFilter & { page: number; pageSize: number }) {
  const q = filtered(db, tenantId, f);
  const [rows, total] = await Promise.all([
    q
      .select(COLUMNS.map((c) => `p.${c}` as const))
      .orderBy('p.sku')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Every SKU of the filter, for the export (at most `limit`). */
export function exportSkus(db: Db, tenantId: number, f: SkuFilter, limit: number) {
  return filtered(db, tenantId, f)
    .select(COLUMNS.map((c) => `p.${c}` as const))
    .orderBy('p.sku')
    .limit(limit)
    .execute();
}

/** On hand and reserved of SKUs per overseas warehouse (rows only where a balance exists). */
export function overseasBalances(db: Db, tenantId: number, stockIds: number[]) {
  if (stockIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('stock_balances as b')
    .innerJoin('stock_locations as l', 'l.id', 'b.location_id')
    .innerJoin('overseas_warehouses as w', 'w.id', 'l.warehouse_id')
    .select(['b.stock_id', 'w.id as warehouse_id', 'w.code', 'w.name', 'b.on_hand', 'b.reserved'])
    .where('b.tenant_id', '=', tenantId)
    .where('l.kind', '=', 'overseas')
    .where('b.stock_id', 'in', stockIds)
    .orderBy('w.code')
    .execute();
}

/** One SKU of the tenant (another tenant's id finds nothing). */
export function findSku(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('stock_products')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The tenant's SKUs with these SKU texts (the import matches rows to them). */
export function findSkusByText(db: Db, tenantId: number, skus: string[]) {
  if (skus.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('stock_products')
    .select(['id', 'sku'])
    .where('tenant_id', '=', tenantId)
    .where('sku', 'in', skus)
    .execute();
}

/** What a save writes (the goods link as the library holds it). */
export type SkuRow = Omit<SkuFields, 'goods_id'> & { goods_id: number | null };

export function insertSku(db: Db, row: SkuRow & { tenant_id: number; created_by: number }) {
  return db.insertInto('stock_products').values(row).returning(COLUMNS).executeTakeFirstOrThrow();
}

/** Updates at `version` (undefined when another save came first); `version` null: whatever it is (import). */
export function updateSku(db: Db, tenantId: number, id: number, version: number | null, set: SkuRow) {
  let q = db
    .updateTable('stock_products')
    .set((eb) => ({ ...set, version: eb('version', '+', 1), updated_at: new Date() }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id);
  if (version !== null) q = q.where('version', '=', version);
  return q.returning(COLUMNS).executeTakeFirst();
}

export async function deleteSku(db: Db, tenantId: number, id: number) {
  await db.deleteFrom('stock_products').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Whether a SKU has any movement, at any location (its ledger is kept: it is not deleted). */
export async function skuHasMovements(db: Db, tenantId: number, id: number) {
  const row = await db
    .selectFrom('stock_movements')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('stock_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The tenant's library products (not in the recycle bin) among `ids`. */
export async function liveGoodsIds(db: Db, tenantId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('goods')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('is_delete', '=', 0)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The holders of library SKUs (parent or variation) of the tenant, by the SKU in lower case. */
export async function libraryHolders(db: Db, tenantId: number, skus: string[]): Promise<Map<string, number>> {
  const keys = [...new Set(skus.map((s) => s.trim().toLowerCase()))];
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('goods_skus')
    .select(['sku_key', 'goods_id'])
    .where('tenant_id', '=', tenantId)
    .where('sku_key', 'in', keys)
    .execute();
  return new Map(rows.map((r) => [r.sku_key, Number(r.goods_id)]));
}

/** The tenant's 海关编码 among `codes`. */
export async function knownHsCodes(db: Db, tenantId: number, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .selectFrom('customs_hs_codes')
    .select('hs_code')
    .where('tenant_id', '=', tenantId)
    .where('hs_code', 'in', [...new Set(codes)])
    .execute();
  return new Set(rows.map((r) => r.hs_code));
}
