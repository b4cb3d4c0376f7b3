import { type Kysely, sql } from 'kysely';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

const COLUMNS = ['id', 'country', 'name', 'terms', 'creator_id', 'created_at', 'updated_at', 'version'] as const;

/** One page of the tenant's search-terms entries, newest first. */
export async function listSearchTerms(
  db: Db,
  tenantId: number,
  f: { page: number; pageSize: number; keyword?: string | undefined; country?: string | undefined },
) {
  let q = db.selectFrom('goods_search_terms').where('tenant_id', '=', tenantId);
  if (f.country) q = q.where('country', '=', f.country);
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    q = q.where((eb) => eb.or([eb('name', 'ilike', like), eb('terms', 'ilike', like)]));
  }
  return pageAndTotal(q, f, (q) => q.select(COLUMNS).orderBy('id', 'desc'));
}

/** One entry of the tenant; another tenant's id finds nothing. */
export function findSearchTerms(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('goods_search_terms')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Inserts an entry. */
export function insertSearchTerms(
  db: Db,
  row: { tenant_id: number; creator_id: number; country: string; name: string; terms: string },
) {
  return db.insertInto('goods_search_terms').values(row).returning(COLUMNS).executeTakeFirstOrThrow();
}

/** Updates an entry only if it still has `version`; bumps the version. Undefined when stale or missing. */
export function updateSearchTermsVersioned(
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  patch: { country?: string; name?: string; terms?: string },
) {
  return db
    .updateTable('goods_search_terms')
    .set({ ...patch, updated_at: sql`now()`, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** The tenant's entries with these ids, locked for the transaction. */
export function lockSearchTerms(db: Db, tenantId: number, ids: number[]) {
  return db
    .selectFrom('goods_search_terms')
    .select(['id', 'country', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
}

/** Deletes the tenant's entries with these ids. */
export async function deleteSearchTerms(db: Db, tenantId: number, ids: number[]): Promise<number> {
  const r = await db
    .deleteFrom('goods_search_terms')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
