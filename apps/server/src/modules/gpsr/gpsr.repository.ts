import { type Kysely, sql } from 'kysely';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';
import { createdByAnyOf } from '../goods/goods.repository.js';
import { type Selection, selectedIds } from '../goods/goods-batch.repository.js';

type Db = Kysely<DB>;

const COLUMNS = [
  'id',
  'name',
  'manufacturer_name',
  'manufacturer_address',
  'manufacturer_email',
  'rp_name',
  'rp_address',
  'rp_email',
  'safety_attestation',
  'warnings',
  'documents',
  'remark',
  'missing',
  'updated_at',
  'version',
] as const;

/** The fields a create or update writes (JSON columns as text). */
export interface ProfileFields {
  name: string;
  manufacturer_name: string;
  manufacturer_address: string;
  manufacturer_email: string;
  rp_name: string;
  rp_address: string;
  rp_email: string;
  safety_attestation: boolean;
  warnings: string;
  documents: string;
  remark: string;
  missing: string[];
}

/** Product x marketplace pairs using a profile, counted. */
const usedCount = (db: Db) =>
  db
    .selectFrom('gpsr_links as l')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(sql<boolean>`l.profile_id = gpsr_profiles.id`)
    .as('used');

/** One page of the tenant's profiles, newest first; the keyword searches names and e-mails. */
export function listProfiles(db: Db, tenantId: number, f: { page: number; pageSize: number; keyword?: string }) {
  let q = db.selectFrom('gpsr_profiles').where('tenant_id', '=', tenantId);
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    q = q.where((eb) =>
      eb.or([
        eb('name', 'ilike', like),
        eb('manufacturer_name', 'ilike', like),
        eb('rp_name', 'ilike', like),
        eb('manufacturer_email', 'ilike', like),
        eb('rp_email', 'ilike', like),
      ]),
    );
  }
  return pageAndTotal(q, f, (q) => q.select(COLUMNS).select(usedCount(db)).orderBy('id', 'desc'));
}

/** One profile of the tenant (another tenant's id finds nothing). */
export function findProfile(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('gpsr_profiles')
    .select(COLUMNS)
    .select(usedCount(db))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Inserts a profile. */
export function insertProfile(db: Db, row: ProfileFields & { tenant_id: number; creator_id: number }) {
  return db.insertInto('gpsr_profiles').values(row).returning('id').executeTakeFirstOrThrow();
}

/** Updates a profile only at `version`; undefined when stale or missing. */
export function updateProfileVersioned(db: Db, tenantId: number, id: number, version: number, patch: ProfileFields) {
  return db
    .updateTable('gpsr_profiles')
    .set({ ...patch, updated_at: sql`now()`, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
}

/** The tenant's profiles with these ids and how many pairs use each, locked for the transaction. */
export function lockProfiles(db: Db, tenantId: number, ids: number[]) {
  return db
    .selectFrom('gpsr_profiles')
    .select(['id', 'name', 'missing'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
}

/** How many product x marketplace pairs use each of these profiles (only used ones are listed). */
export function profileUse(db: Db, tenantId: number, ids: number[]) {
  return db
    .selectFrom('gpsr_links')
    .select(['profile_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('profile_id', 'in', ids)
    .groupBy('profile_id')
    .execute();
}

/** Deletes the tenant's profiles with these ids. */
export async function deleteProfiles(db: Db, tenantId: number, ids: number[]): Promise<number> {
  const r = await db
    .deleteFrom('gpsr_profiles')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The selection's products (the tenant's, in scope, not in the recycle bin), as a subquery. */
const selection = (db: Db, tenantId: number, sel: Selection) =>
  selectedIds(db, tenantId, sel).where('goods.is_delete', '=', 0);

/** The ids of a selection, at most `limit` (the caller refuses more). */
export async function selectionIds(db: Db, tenantId: number, sel: Selection, limit: number): Promise<number[]> {
  const rows = await selection(db, tenantId, sel).orderBy('goods.id').limit(limit).execute();
  return rows.map((r) => Number(r.id));
}

/** The ids among `ids` that are the tenant's products (any creator, recycle bin included). */
export async function tenantGoodsIds(db: Db, tenantId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('goods')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Links every product of `goodsIds` to the profile in each marketplace (replacing the profile they had). */
export async function upsertLinks(
  db: Db,
  link: { tenantId: number; userId: number; profileId: number; marketplaces: string[]; goodsIds: number[] },
): Promise<number> {
  const r = await sql`
    insert into gpsr_links (tenant_id, goods_id, marketplace, profile_id, updated_by)
    select ${link.tenantId}, g.id, m.code, ${link.profileId}, ${link.userId}
    from unnest(${link.goodsIds}::bigint[]) as g(id) cross join unnest(${link.marketplaces}::text[]) as m(code)
    on conflict (goods_id, marketplace, tenant_id)
    do update set profile_id = excluded.profile_id, updated_by = excluded.updated_by, updated_at = now()`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** Removes the links of `goodsIds` in each marketplace (移除资料); answers how many were removed. */
export async function deleteLinks(
  db: Db,
  f: { tenantId: number; marketplaces: string[]; goodsIds: number[] },
): Promise<number> {
  const r = await db
    .deleteFrom('gpsr_links')
    .where('tenant_id', '=', f.tenantId)
    .where('goods_id', 'in', f.goodsIds)
    .where('marketplace', 'in', f.marketplaces)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The products of the check: the tenant's, in the caller's scope, not in the recycle bin. */
function checkedGoods(db: Db, tenantId: number, creators: readonly number[] | null, keyword?: string) {
  return db
    .selectFrom('goods')
    .where('goods.tenant_id', '=', tenantId)
    .where('goods.is_delete', '=', 0)
    .$if(Boolean(creators), (q) => q.where(createdByAnyOf(creators!)))
    .$if(Boolean(keyword), (q) => q.where('goods.search_text', 'like', containsPattern(keyword!.toLowerCase())));
}

/** A page of the products a marketplace would refuse: no profile there, or one that lacks something. */
export function refusedPage(
  db: Db,
  f: {
    tenantId: number;
    creators: readonly number[] | null;
    marketplace: string;
    keyword?: string;
    page: number;
    pageSize: number;
  },
) {
  const q = checkedGoods(db, f.tenantId, f.creators, f.keyword)
    .leftJoin('gpsr_links as l', (j) =>
      j.onRef('l.goods_id', '=', 'goods.id').on('l.marketplace', '=', f.marketplace).on('l.tenant_id', '=', f.tenantId),
    )
    .leftJoin('gpsr_profiles as p', 'p.id', 'l.profile_id')
    .where(sql<boolean>`(l.goods_id is null or cardinality(p.missing) > 0)`);
  return pageAndTotal(q, f, (q) =>
    q
      .select([
        'goods.id',
        'goods.sku',
        'goods.title',
        sql<string>`coalesce(goods.images->0->>'url', '')`.as('image'),
        'l.profile_id',
        'p.name as profile_name',
        'p.missing',
      ])
      .orderBy('goods.id', 'desc'),
  );
}

/** Per marketplace, how many products it would refuse. */
export function refusedCounts(db: Db, tenantId: number, creators: readonly number[] | null, marketplaces: string[]) {
  return checkedGoods(db, tenantId, creators)
    .innerJoin(sql<{ m: string }>`unnest(${marketplaces}::text[])`.as('m'), (j) => j.onTrue())
    .leftJoin('gpsr_links as l', (j) =>
      j.onRef('l.goods_id', '=', 'goods.id').on(sql<boolean>`l.marketplace = m.m`).on('l.tenant_id', '=', tenantId),
    )
    .leftJoin('gpsr_profiles as p', 'p.id', 'l.profile_id')
    .where(sql<boolean>`(l.goods_id is null or cardinality(p.missing) > 0)`)
    .select([sql<string>`m.m`.as('code'), (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy(sql`m.m`)
    .execute();
}

/** The profiles of products in marketplaces, for the upload's mapping. */
export function profilesForGoods(db: Db, tenantId: number, goodsIds: readonly number[], marketplaces: string[]) {
  if (goodsIds.length === 0 || marketplaces.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('gpsr_links as l')
    .innerJoin('gpsr_profiles as p', 'p.id', 'l.profile_id')
    .select([
      'l.goods_id',
      'l.marketplace',
      'p.manufacturer_name',
      'p.manufacturer_email',
      'p.rp_email',
      'p.safety_attestation',
      'p.warnings',
      'p.documents',
    ])
    .where('l.tenant_id', '=', tenantId)
    .where('l.goods_id', 'in', [...goodsIds])
    .where('l.marketplace', 'in', marketplaces)
    .execute();
}
