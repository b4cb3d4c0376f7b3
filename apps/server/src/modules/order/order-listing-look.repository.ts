import { type CompiledQuery, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { QueryShapes } from '../../db/query-shapes.js';

type Db = Database;

/** A listing of a shop by marketplace and seller SKU. */
export interface ListingKey {
  shop_id: number;
  marketplace: string;
  sku: string;
}

/** What the console knows of a listing's looks: its title and main picture. */
export interface ListingLook extends ListingKey {
  title: string;
  image: string;
  source: 'follow' | 'listing';
}

/**
 * The console's title and picture of listings (issue 29 §1): a follow-sell offer's (its
 * candidate's title and image) first, else the product an own listing was uploaded from
 * (`listings` -> `goods`). Keys the console does not know are left out.
 */
export async function listingLooks(db: Db, tenantId: number, keys: ListingKey[]): Promise<ListingLook[]> {
  if (keys.length === 0) return [];
  return (await db.executeQuery(listingLooksQuery(db, tenantId, keys))).rows;
}

/** One shape: the keys travel as three arrays. */
const lookShapes = new QueryShapes(1);

/**
 * The statement of `listingLooks`: one text for every call, sent as a named prepared statement
 * (parsed and planned once per connection; each key is a few index lookups whatever the values).
 */
export function listingLooksQuery(db: Db, tenantId: number, keys: ListingKey[]): CompiledQuery<ListingLook> {
  return lookShapes.compiled<ListingLook>(
    'looks',
    [keys.map((k) => k.shop_id), keys.map((k) => k.marketplace), keys.map((k) => k.sku), tenantId],
    (slot) => ({
      compile: () =>
        sql<ListingLook>`
    with k as (
      select distinct * from unnest(${slot(0)}::int4[], ${slot(1)}::text[], ${slot(2)}::text[]) as k(shop_id, marketplace, sku)
    )
    select distinct on (k.shop_id, k.marketplace, k.sku)
      k.shop_id, k.marketplace, k.sku, x.title, x.image, x.source
    from k
    join lateral (
      select f.title, f.image, 'follow' as source, 0 as rank
        from follow_offers f
       where f.tenant_id = ${slot(3)} and f.shop_id = k.shop_id and f.marketplace = k.marketplace and f.sku = k.sku
      union all
      select g.title, coalesce(g.images->0->>'url', ''), 'listing', 1
        from listings l join goods g on g.id = l.goods_id and g.tenant_id = ${slot(3)}
       where l.tenant_id = ${slot(3)} and l.shop_id = k.shop_id and l.marketplace = k.marketplace and l.seller_sku = k.sku
    ) x on true
    order by k.shop_id, k.marketplace, k.sku, x.rank
  `.compile(db),
    }),
    { prepare: true },
  );
}
