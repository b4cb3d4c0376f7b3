import type { GoodsFilter } from '@console/shared/schemas/goods';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import { escapeRegExp } from '../../lib/regexp.js';
import { createdByAnyOf, filteredGoods } from './goods.repository.js';

type Db = Kysely<DB>;

/** A batch call's selection: chosen ids, or everything the filter matches (tenant-scoped either way). */
export interface Selection {
  ids?: number[];
  filter?: GoodsFilter;
  /**
   * The caller's data scope (issue 13 §5): only products of these creators are selected;
   * null or absent for the whole tenant. Set by the server from the session.
   */
  creators?: readonly number[] | null;
}

/** The ids of the tenant's products in a selection (within its data scope), as a subquery. */
export function selectedIds(db: Db, tenantId: number, sel: Selection) {
  if (sel.ids) {
    return db
      .selectFrom('goods')
      .select('goods.id')
      .where('goods.tenant_id', '=', tenantId)
      .where('goods.id', 'in', sel.ids)
      .$if(Boolean(sel.creators), (q) => q.where(createdByAnyOf(sel.creators!)));
  }
  return filteredGoods(db, tenantId, { ...sel.filter!, creators: sel.creators }).select('goods.id');
}

/**
 * Deletes for good the tenant's products among `ids` that are in the recycle bin; returns them.
 * Other tenants' claims (认领) of them go too: a claim names its source without a key across
 * tenants (migration 20261211_100000), so this is that key's former `on delete cascade`.
 */
export async function deleteRecycledGoods(db: Db, tenantId: number, ids: number[]) {
  const rows = await db
    .deleteFrom('goods')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_delete', '=', 1)
    .returning(['id', 'parentage', 'base_info'])
    .execute();
  if (rows.length) {
    await db
      .deleteFrom('goods_claims')
      .where(
        'source_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
  }
  return rows;
}

/** Moves the tenant's products among `ids` into (1) or out of (0) the recycle bin; returns the ids moved. */
export function setGoodsRecycled(db: Db, tenantId: number, ids: number[], isDelete: 0 | 1) {
  return db
    .updateTable('goods')
    .set({ is_delete: isDelete, version: sql`version + 1`, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_delete', '=', isDelete === 1 ? 0 : 1)
    .returning('id')
    .execute();
}

/** Sets the audit status of the tenant's products among `ids`. */
export async function setGoodsAuditStatus(db: Db, tenantId: number, ids: number[], status: string) {
  await db
    .updateTable('goods')
    .set({ audit_status: status, version: sql`version + 1`, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

/** What batchUpdate2 changes: base-info keys and prices merged in, columns set, tags added and removed. */
export interface BatchPatch {
  base: Record<string, unknown>;
  prices: Record<string, { price: number; currency: string | undefined }>;
  columns: { type?: number; category_id?: number | null; product_template_id?: number | null };
  addTags: string[];
  removeTags: string[];
}

/** One UPDATE over the tenant's selected products (not in the recycle bin); returns how many changed. */
export async function batchUpdateGoods(db: Db, tenantId: number, sel: Selection, p: BatchPatch): Promise<number> {
  const result = await db
    .updateTable('goods')
    .set({
      base_info: sql`base_info || ${JSON.stringify(p.base)}::jsonb`,
      prices: sql`prices || ${JSON.stringify(p.prices)}::jsonb`,
      ...p.columns,
      ...(p.addTags.length || p.removeTags.length
        ? {
            tags: sql<
              string[]
            >`(select coalesce(array_agg(distinct t order by t), '{}') from unnest(tags || ${p.addTags}::text[]) t where t <> all(${p.removeTags}::text[]))`,
          }
        : {}),
      version: sql`version + 1`,
      updated_at: sql`now()`,
    })
    .where('tenant_id', '=', tenantId)
    .where('is_delete', '=', 0)
    .where('id', 'in', selectedIds(db, tenantId, sel))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A find/replace over English titles: which rows match, and the title after replacing. */
export interface EnTitleReplace {
  find: string;
  replace: string;
  matchCase: boolean;
}

function enTitleSql(r: EnTitleReplace): {
  en: RawBuilder<string>;
  matches: RawBuilder<boolean>;
  replaced: RawBuilder<string>;
} {
  const pattern = escapeRegExp(r.find);
  const en = sql<string>`coalesce(descs->'en'->>'title', '')`;
  const matches = r.matchCase ? sql<boolean>`strpos(${en}, ${r.find}) > 0` : sql<boolean>`${en} ~* ${pattern}`;
  const replaced = sql<string>`regexp_replace(${en}, ${pattern}, ${r.replace.replace(/\\/g, '\\\\')}, ${r.matchCase ? 'g' : 'gi'})`;
  return { en, matches, replaced };
}

function enTitleScope(db: Db, tenantId: number, sel: Selection, matches: RawBuilder<boolean>) {
  return db
    .selectFrom('goods')
    .where('tenant_id', '=', tenantId)
    .where('is_delete', '=', 0)
    .where('id', 'in', selectedIds(db, tenantId, sel))
    .where(matches);
}

/** How many of the tenant's selected products match, and up to 5 samples (id, title before, after). */
export async function previewEnTitleReplace(db: Db, tenantId: number, sel: Selection, r: EnTitleReplace) {
  const { en, matches, replaced } = enTitleSql(r);
  const [count, samples] = await Promise.all([
    enTitleScope(db, tenantId, sel, matches)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    enTitleScope(db, tenantId, sel, matches)
      .select(['id', en.as('before'), replaced.as('after')])
      .orderBy('id', 'desc')
      .limit(5)
      .execute(),
  ]);
  return { matched: Number(count.n), samples: samples.map((s) => ({ ...s, id: Number(s.id) })) };
}

/**
 * Whether a product still meets a draft's minimum (a title in some language or a SKU, issue 13
 * §1) once its English title becomes `title`.
 */
const keepsDraftMinimum = (title: RawBuilder<string>) => sql<boolean>`(btrim(${title}) <> '' or btrim(sku) <> ''
  or exists (select 1 from jsonb_each(descs) d where d.key <> 'en' and btrim(coalesce(d.value->>'title', '')) <> ''))`;

/** How many of the tenant's selected products match the find text. */
export async function countEnTitleMatches(db: Db, tenantId: number, sel: Selection, r: EnTitleReplace) {
  const { matches } = enTitleSql(r);
  const row = await enTitleScope(db, tenantId, sel, matches)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Replaces in the English titles of the tenant's selected products that match; returns how
 * many changed. A product the replacement would leave without any title and without a SKU is
 * left as it is (a draft's minimum).
 */
export async function replaceEnTitles(db: Db, tenantId: number, sel: Selection, r: EnTitleReplace): Promise<number> {
  const { matches, replaced } = enTitleSql(r);
  const res = await db
    .updateTable('goods')
    .set({
      descs: sql`jsonb_set(descs, '{en,title}', to_jsonb(${replaced}))`,
      version: sql`version + 1`,
      updated_at: sql`now()`,
    })
    .where('tenant_id', '=', tenantId)
    .where('is_delete', '=', 0)
    .where('id', 'in', selectedIds(db, tenantId, sel))
    .where(matches)
    .where(keepsDraftMinimum(replaced))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
