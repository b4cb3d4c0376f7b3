import { MIN_MAIN_IMAGE_SIDE } from '@console/shared/validation/goods-save';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import { createdByAnyOf, LACKING_EAN_PATH, SMALL_MAIN_IMAGE } from './goods.repository.js';

type Db = Kysely<DB>;
/** The caller's data scope: the creators whose products count (null or absent: the whole tenant). */
type Creators = readonly number[] | null | undefined;

/** Products per recycle flag and audit status (one index-only pass over the tenant's rows). */
export async function countByDeleteAndStatus(db: Db, tenantId: number, creators?: Creators) {
  const r = await db
    .selectFrom('goods')
    .select(['is_delete', 'audit_status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .$if(Boolean(creators), (q) => q.where(createdByAnyOf(creators!)))
    .groupBy(['is_delete', 'audit_status'])
    .execute();
  return r.map((x) => ({ is_delete: x.is_delete, audit_status: x.audit_status, n: Number(x.n) }));
}

/** Products outside the recycle bin per type. */
export async function countByType(db: Db, tenantId: number, creators?: Creators) {
  const r = await db
    .selectFrom('goods')
    .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .$if(Boolean(creators), (q) => q.where(createdByAnyOf(creators!)))
    .where('is_delete', '=', 0)
    .groupBy('type')
    .orderBy('type')
    .execute();
  return r.map((x) => ({ type: x.type, n: Number(x.n) }));
}

/**
 * Products outside the recycle bin created per calendar day in `timeZone` since `since` (days
 * without any are absent): the same products as 商品总数 and the list's 全部, by creation day.
 */
export async function createdPerDay(db: Db, tenantId: number, since: Date, timeZone: string, creators?: Creators) {
  const day = sql<string>`to_char(goods.created_at at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const r = await db
    .selectFrom('goods')
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .$if(Boolean(creators), (q) => q.where(createdByAnyOf(creators!)))
    .where('is_delete', '=', 0)
    .where('created_at', '>=', since)
    // By position: the time zone is a bound value, so a repeated expression would not match.
    .groupBy(sql`1`)
    .execute();
  return r.map((x) => ({ day: x.day, n: Number(x.n) }));
}

/**
 * Products outside the recycle bin that still lack something before upload: no image, no
 * price, no English title, variations without an EAN, a main image below 500 px (one pass over the tenant's rows).
 */
export async function countIncomplete(db: Db, tenantId: number, creators?: Creators) {
  const r = await db
    .selectFrom('goods')
    .select([
      sql<number>`count(*) filter (where jsonb_array_length(images) = 0)`.as('no_image'),
      sql<number>`count(*) filter (where prices = '{}'::jsonb)`.as('no_price'),
      sql<number>`count(*) filter (where coalesce(descs->'en'->>'title', '') = '')`.as('no_en_title'),
      sql<number>`count(*) filter (where jsonb_path_exists(parentage, ${LACKING_EAN_PATH}::jsonpath))`.as(
        'variation_without_ean',
      ),
      sql<number>`count(*) filter (where ${SMALL_MAIN_IMAGE} < ${MIN_MAIN_IMAGE_SIDE}::int)`.as('small_main_image'),
    ])
    .where('tenant_id', '=', tenantId)
    .$if(Boolean(creators), (q) => q.where(createdByAnyOf(creators!)))
    .where('is_delete', '=', 0)
    .executeTakeFirstOrThrow();
  return {
    no_image: Number(r.no_image),
    no_price: Number(r.no_price),
    no_en_title: Number(r.no_en_title),
    variation_without_ean: Number(r.variation_without_ean),
    small_main_image: Number(r.small_main_image),
  };
}

/** EAN codes of the tenant's pool per status (free, used). */
export async function countEans(db: Db, tenantId: number) {
  const r = await db
    .selectFrom('goods_eans')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(r.map((x) => [x.status, Number(x.n)])) as Record<string, number>;
}
