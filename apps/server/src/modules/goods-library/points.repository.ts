import { type Kysely, sql } from 'kysely';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

const COLUMNS = ['id', 'name', 'points', 'creator_id', 'created_at', 'updated_at', 'version'] as const;

/** One page of the tenant's bullet-point sets, newest first; the keyword searches names and bullets. */
export async function listPoints(
  db: Db,
  tenantId: number,
  f: { page: number; pageSize: number; keyword?: string | undefined },
) {
  let q = db.selectFrom('goods_points').where('tenant_id', '=', tenantId);
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    q = q.where((eb) => eb.or([eb('name', 'ilike', like), eb(sql<string>`points::text`, 'ilike', like)]));
  }
  return pageAndTotal(q, f, (q) => q.select(COLUMNS).orderBy('id', 'desc'));
}

/** One set of the tenant; another tenant's id finds nothing. */
export function findPoints(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('goods_points')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Inserts a set. */
export function insertPoints(
  db: Db,
  row: { tenant_id: number; creator_id: number; name: string; points: Record<string, string[]> },
) {
  return db
    .insertInto('goods_points')
    .values({ ...row, points: JSON.stringify(row.points) })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Updates a set only if it still has `version`; bumps the version. Undefined when stale or missing. */
export function updatePointsVersioned(
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  patch: { name?: string; points?: Record<string, string[]> },
) {
  return db
    .updateTable('goods_points')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.points !== undefined ? { points: JSON.stringify(patch.points) } : {}),
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** The tenant's sets with these ids, locked for the transaction. */
export function lockPoints(db: Db, tenantId: number, ids: number[]) {
  return db
    .selectFrom('goods_points')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
}

/** Deletes the tenant's sets with these ids. */
export async function deletePoints(db: Db, tenantId: number, ids: number[]): Promise<number> {
  const r = await db
    .deleteFrom('goods_points')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
