import { type Kysely, sql } from 'kysely';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

const HS_COLUMNS = [
  'id',
  'hs_code',
  'name_cn',
  'name_en',
  'unit',
  'value_rule',
  'value_ratio',
  'value_fixed',
  'value_currency',
  'remark',
  'updated_at',
  'version',
] as const;

/** The fields of an HS code a create or update writes. */
export interface HsCodeFields {
  hs_code: string;
  name_cn: string;
  name_en: string;
  unit: string;
  value_rule: 'order' | 'ratio' | 'fixed';
  value_ratio: number | null;
  value_fixed: number | null;
  value_currency: string | null;
  remark: string;
}

/** One page of the tenant's HS codes, newest first; the keyword searches the code and both names. */
export function listHsCodes(
  db: Db,
  tenantId: number,
  f: { page: number; pageSize: number; keyword?: string | undefined },
) {
  let q = db.selectFrom('customs_hs_codes').where('tenant_id', '=', tenantId);
  if (f.keyword) {
    const like = containsPattern(f.keyword.replace(/[\s.]/g, '') || f.keyword);
    const named = containsPattern(f.keyword);
    q = q.where((eb) =>
      eb.or([eb('hs_code', 'like', like), eb('name_cn', 'ilike', named), eb('name_en', 'ilike', named)]),
    );
  }
  return pageAndTotal(q, f, (q) => q.select(HS_COLUMNS).orderBy('id', 'desc'));
}

/** One HS code of the tenant; another tenant's id finds nothing. */
export function findHsCode(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('customs_hs_codes')
    .select(HS_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The tenant's HS code with this code text (uniqueness check with a clear message). */
export function findHsCodeByCode(db: Db, tenantId: number, code: string) {
  return db
    .selectFrom('customs_hs_codes')
    .select(['id', 'hs_code'])
    .where('tenant_id', '=', tenantId)
    .where('hs_code', '=', code)
    .executeTakeFirst();
}

/** Inserts an HS code. */
export function insertHsCode(db: Db, row: HsCodeFields & { tenant_id: number; creator_id: number }) {
  return db.insertInto('customs_hs_codes').values(row).returning(HS_COLUMNS).executeTakeFirstOrThrow();
}

/** Updates an HS code only if it still has `version`; bumps the version. Undefined when stale or missing. */
export function updateHsCodeVersioned(db: Db, tenantId: number, id: number, version: number, patch: HsCodeFields) {
  return db
    .updateTable('customs_hs_codes')
    .set({ ...patch, updated_at: sql`now()`, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(HS_COLUMNS)
    .executeTakeFirst();
}

/** The tenant's HS codes with these ids, locked for the transaction. */
export function lockHsCodes(db: Db, tenantId: number, ids: number[]) {
  return db
    .selectFrom('customs_hs_codes')
    .select(['id', 'hs_code', 'name_cn'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
}

/** Deletes the tenant's HS codes with these ids (their links go with them). */
export async function deleteHsCodes(db: Db, tenantId: number, ids: number[]): Promise<number> {
  const r = await db
    .deleteFrom('customs_hs_codes')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The links of these HS codes with the category's name or the product's title (else SKU). */
export function linksOf(db: Db, tenantId: number, hsIds: number[]) {
  if (hsIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('customs_hs_links as l')
    .leftJoin('goods_categories as c', (j) => j.onRef('c.id', '=', 'l.category_id').on('c.tenant_id', '=', tenantId))
    .leftJoin('goods as g', (j) => j.onRef('g.id', '=', 'l.goods_id').on('g.tenant_id', '=', tenantId))
    .select([
      'l.hs_code_id',
      'l.category_id',
      'l.goods_id',
      sql<string>`coalesce(c.name, nullif(g.title, ''), g.sku, '')`.as('name'),
    ])
    .where('l.tenant_id', '=', tenantId)
    .where('l.hs_code_id', 'in', hsIds)
    .orderBy('l.id')
    .execute();
}

/** Which of these ids are the tenant's categories. */
export async function tenantCategoryIds(db: Db, tenantId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('goods_categories')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Which of these ids are the tenant's products. */
export async function tenantGoodsIds(db: Db, tenantId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('goods')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Links of these categories or products to HS codes other than `hsId` (a category or product has one HS code). */
export function linksElsewhere(db: Db, tenantId: number, hsId: number, categoryIds: number[], goodsIds: number[]) {
  if (categoryIds.length === 0 && goodsIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('customs_hs_links as l')
    .innerJoin('customs_hs_codes as h', 'h.id', 'l.hs_code_id')
    .select(['l.category_id', 'l.goods_id', 'h.hs_code'])
    .where('l.tenant_id', '=', tenantId)
    .where('l.hs_code_id', '<>', hsId)
    .where((eb) =>
      eb.or([
        ...(categoryIds.length ? [eb('l.category_id', 'in', categoryIds)] : []),
        ...(goodsIds.length ? [eb('l.goods_id', 'in', goodsIds)] : []),
      ]),
    )
    .execute();
}

/** Replaces the links of one HS code. */
export async function replaceLinks(
  db: Db,
  tenantId: number,
  hsId: number,
  categoryIds: number[],
  goodsIds: number[],
): Promise<void> {
  await db.deleteFrom('customs_hs_links').where('tenant_id', '=', tenantId).where('hs_code_id', '=', hsId).execute();
  const rows = [
    ...categoryIds.map((id) => ({ tenant_id: tenantId, hs_code_id: hsId, category_id: id, goods_id: null })),
    ...goodsIds.map((id) => ({ tenant_id: tenantId, hs_code_id: hsId, category_id: null, goods_id: id })),
  ];
  if (rows.length) await db.insertInto('customs_hs_links').values(rows).execute();
}

/**
 * The HS code a product is declared under: its own link, else the nearest linked category
 * on the way up from its category to the root. Undefined when neither has one.
 */
export async function hsCodeOfGoods(db: Db, tenantId: number, goodsId: number) {
  const r = await sql<{ id: number }>`
    with recursive chain (id, parent_id, depth) as (
      select c.id, c.parent_id, 1 from goods_categories c
        join goods g on g.category_id = c.id and g.tenant_id = ${tenantId} and g.id = ${goodsId}
        where c.tenant_id = ${tenantId}
      union all
      select c.id, c.parent_id, chain.depth + 1 from goods_categories c
        join chain on c.id = chain.parent_id
        where c.tenant_id = ${tenantId} and chain.depth < 50
    )
    select id from (
      select l.hs_code_id as id, 0 as depth from customs_hs_links l
        where l.tenant_id = ${tenantId} and l.goods_id = ${goodsId}
      union all
      select l.hs_code_id, ch.depth from chain ch
        join customs_hs_links l on l.category_id = ch.id and l.tenant_id = ${tenantId}
    ) found order by depth
    limit 1`.execute(db);
  const id = r.rows[0]?.id;
  return id === undefined ? undefined : findHsCode(db, tenantId, Number(id));
}

// ---------------------------------------------------------------- production and sales units

const UNIT_COLUMNS = [
  'id',
  'name',
  'credit_code',
  'address',
  'contact_name',
  'contact_phone',
  'is_default',
  'remark',
  'updated_at',
  'version',
] as const;

/** The fields of a unit record a create or update writes. */
export interface UnitFields {
  name: string;
  credit_code: string;
  address: string;
  contact_name: string;
  contact_phone: string;
  is_default: boolean;
  remark: string;
}

/** One page of the tenant's unit records, the default first; the keyword searches name, code and contact. */
export function listUnits(
  db: Db,
  tenantId: number,
  f: { page: number; pageSize: number; keyword?: string | undefined },
) {
  let q = db.selectFrom('customs_units').where('tenant_id', '=', tenantId);
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    q = q.where((eb) =>
      eb.or([eb('name', 'ilike', like), eb('credit_code', 'ilike', like), eb('contact_name', 'ilike', like)]),
    );
  }
  return pageAndTotal(q, f, (q) => q.select(UNIT_COLUMNS).orderBy('is_default', 'desc').orderBy('id', 'desc'));
}

/** One record of the tenant; another tenant's id finds nothing. */
export function findUnit(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('customs_units')
    .select(UNIT_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The tenant's default record (what a declaration uses unless told otherwise). */
export function findDefaultUnit(db: Db, tenantId: number) {
  return db
    .selectFrom('customs_units')
    .select(UNIT_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('is_default', '=', true)
    .executeTakeFirst();
}

/** Clears the default flag of the tenant's other records (before one becomes the default). */
export async function clearDefaultUnit(db: Db, tenantId: number, exceptId: number | null): Promise<void> {
  let q = db
    .updateTable('customs_units')
    .set({ is_default: false, updated_at: sql`now()`, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('is_default', '=', true);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  await q.execute();
}

/** Inserts a record. */
export function insertUnit(db: Db, row: UnitFields & { tenant_id: number; creator_id: number }) {
  return db.insertInto('customs_units').values(row).returning(UNIT_COLUMNS).executeTakeFirstOrThrow();
}

/** Updates a record only if it still has `version`; bumps the version. Undefined when stale or missing. */
export function updateUnitVersioned(db: Db, tenantId: number, id: number, version: number, patch: UnitFields) {
  return db
    .updateTable('customs_units')
    .set({ ...patch, updated_at: sql`now()`, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(UNIT_COLUMNS)
    .executeTakeFirst();
}

/** The tenant's records with these ids, locked for the transaction. */
export function lockUnits(db: Db, tenantId: number, ids: number[]) {
  return db
    .selectFrom('customs_units')
    .select(['id', 'name', 'credit_code'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
}

/** Deletes the tenant's records with these ids. */
export async function deleteUnits(db: Db, tenantId: number, ids: number[]): Promise<number> {
  const r = await db
    .deleteFrom('customs_units')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---------------------------------------------------------------- the operator's IOSS number (platform, not tenant data)

/** The platform's IOSS row, if it was ever set. */
export function findIossSetting(db: Db) {
  return db
    .selectFrom('customs_ioss_settings')
    .select(['ioss_number', 'updated_at', 'version'])
    .where('id', '=', 1)
    .executeTakeFirst();
}

/**
 * Writes the IOSS number if the row still has `version` (0: never set, the row is created).
 * Undefined when someone saved in between.
 */
export async function saveIossSetting(db: Db, iossNumber: string | null, userId: number, version: number) {
  if (version === 0) {
    return db
      .insertInto('customs_ioss_settings')
      .values({ id: 1, ioss_number: iossNumber, updated_by: userId })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning(['ioss_number', 'updated_at', 'version'])
      .executeTakeFirst();
  }
  return db
    .updateTable('customs_ioss_settings')
    .set({ ioss_number: iossNumber, updated_by: userId, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', 1)
    .where('version', '=', version)
    .returning(['ioss_number', 'updated_at', 'version'])
    .executeTakeFirst();
}
