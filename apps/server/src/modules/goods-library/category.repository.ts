import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

const COLUMNS = ['id', 'parent_id', 'name', 'sort', 'version'] as const;

/** Every category of the tenant, in display order; with `lock`, locked for the transaction (serialises moves). */
export function listCategories(db: Db, tenantId: number, lock = false) {
  const q = db
    .selectFrom('goods_categories')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .orderBy('parent_id')
    .orderBy('sort')
    .orderBy('id');
  return lock ? q.forUpdate().execute() : q.execute();
}

/** Inserts a category. */
export function insertCategory(db: Db, row: { tenant_id: number; parent_id: number; name: string; sort: number }) {
  return db.insertInto('goods_categories').values(row).returning(COLUMNS).executeTakeFirstOrThrow();
}

/**
 * Inserts a category unless its parent has one of that name (any case): undefined then, without
 * a unique-violation error in PostgreSQL's log (a concurrent create of the same name included).
 */
export function insertCategoryIfFree(
  db: Db,
  row: { tenant_id: number; parent_id: number; name: string; sort: number },
) {
  return db
    .insertInto('goods_categories')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** Updates a category of the tenant and bumps its version (only at `version` when given). */
export function updateCategory(
  db: Db,
  tenantId: number,
  id: number,
  version: number | undefined,
  patch: { name?: string; parent_id?: number; sort?: number },
) {
  let q = db
    .updateTable('goods_categories')
    .set({ ...patch, updated_at: sql`now()`, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id);
  if (version !== undefined) q = q.where('version', '=', version);
  return q.returning(COLUMNS).executeTakeFirst();
}

/** Deletes a category of the tenant. */
export async function deleteCategory(db: Db, tenantId: number, id: number): Promise<number> {
  const r = await db
    .deleteFrom('goods_categories')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** How many products of the tenant (also in the recycle bin) are filed under a category. */
export async function countGoodsInCategory(db: Db, tenantId: number, categoryId: number): Promise<number> {
  const r = await db
    .selectFrom('goods')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Whether the tenant has this category, locked FOR SHARE until the transaction ends: a
 * concurrent delete (which locks the tenant's categories FOR UPDATE and then counts products)
 * waits, so it never removes a category a product is being filed under.
 */
export async function lockOwnCategory(db: Db, tenantId: number, id: number): Promise<boolean> {
  const r = await db
    .selectFrom('goods_categories')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forShare()
    .executeTakeFirst();
  return r !== undefined;
}
