import { type Kysely, sql } from 'kysely';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';
import type { ValidEan } from './ean-codes.js';

type Db = Kysely<DB>;

const COLUMNS = ['id', 'code', 'kind', 'status', 'goods_id', 'sku', 'used_at', 'created_at'] as const;

/** Inserts codes not yet in the tenant's pool; returns the GTINs that were added. */
export async function insertEans(db: Db, tenantId: number, creatorId: number, codes: ValidEan[]): Promise<Set<string>> {
  const added = new Set<string>();
  for (let i = 0; i < codes.length; i += 1000) {
    const rows = await db
      .insertInto('goods_eans')
      .values(
        codes
          .slice(i, i + 1000)
          .map((c) => ({ tenant_id: tenantId, creator_id: creatorId, code: c.code, kind: c.kind, gtin: c.gtin })),
      )
      .onConflict((oc) => oc.columns(['tenant_id', 'gtin']).doNothing())
      .returning('gtin')
      .execute();
    for (const r of rows) added.add(r.gtin);
  }
  return added;
}

/** One page of the tenant's pool, newest first, with counts per status. */
export async function listEans(
  db: Db,
  tenantId: number,
  f: { page: number; pageSize: number; status?: string | undefined; keyword?: string | undefined },
) {
  let q = db.selectFrom('goods_eans').where('tenant_id', '=', tenantId);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.keyword) q = q.where('code', 'like', containsPattern(f.keyword));
  const [{ rows, total }, counts] = await Promise.all([
    pageAndTotal(q, f, (q) => q.select(COLUMNS).orderBy('id', 'desc')),
    db
      .selectFrom('goods_eans')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .groupBy('status')
      .execute(),
  ]);
  const byStatus = Object.fromEntries(counts.map((c) => [c.status, Number(c.n)]));
  return { rows, total, free: byStatus.free ?? 0, used: byStatus.used ?? 0 };
}

/** Locks the tenant's codes with these ids for the rest of the transaction. */
export function lockEansById(db: Db, tenantId: number, ids: number[]) {
  return db
    .selectFrom('goods_eans')
    .select(['id', 'code', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
}

/** Deletes the tenant's codes with these ids. */
export async function deleteEansById(db: Db, tenantId: number, ids: number[]): Promise<number> {
  const r = await db
    .deleteFrom('goods_eans')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * Marks up to `count` free codes as used by a product, oldest first. Rows another
 * transaction holds are skipped, never waited for, so concurrent callers get different codes.
 */
export async function takeFreeEans(
  db: Db,
  tenantId: number,
  count: number,
  ref: { goodsId: number; sku?: string | undefined },
): Promise<{ id: number; code: string }[]> {
  const r = await sql<{ id: number; code: string }>`
    update goods_eans e
       set status = 'used', goods_id = ${ref.goodsId}, sku = ${ref.sku ?? null}, used_at = now()
      from (select id from goods_eans
             where tenant_id = ${tenantId} and status = 'free'
             order by id
             limit ${count}
             for update skip locked) picked
     where e.id = picked.id
    returning e.id, e.code`.execute(db);
  return r.rows.sort((a, b) => a.id - b.id);
}

/** Frees used codes of the tenant (optionally only those of one product); returns how many. */
export async function freeEans(
  db: Db,
  tenantId: number,
  where: { ids?: number[]; codes?: string[]; goodsId?: number },
) {
  let q = db
    .updateTable('goods_eans')
    .set({ status: 'free', goods_id: null, sku: null, used_at: null })
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'used');
  if (where.ids) q = q.where('id', 'in', where.ids);
  if (where.codes) q = q.where('code', 'in', where.codes);
  if (where.goodsId !== undefined) q = q.where('goods_id', '=', where.goodsId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Records which variation (SKU) of the product using a code of the tenant's pool uses it. */
export async function setEanSku(db: Db, tenantId: number, goodsId: number, code: string, sku: string): Promise<void> {
  await db
    .updateTable('goods_eans')
    .set({ sku })
    .where('tenant_id', '=', tenantId)
    .where('goods_id', '=', goodsId)
    .where('code', '=', code)
    .execute();
}
