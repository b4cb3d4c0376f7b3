import { type Kysely, sql } from 'kysely';

/**
 * One SKU per tenant across products and variations (issue 13 §1, docs/decisions.md):
 * `goods_skus` holds every SKU of every product (the parent SKU and each variation's, keyed
 * trimmed and in lower case) under a primary key (tenant_id, sku_key), so two products of a
 * tenant can never hold the same SKU, whichever statement writes them, also when two saves
 * race (the second waits for the first and fails with a unique violation).
 *
 * Statement-level triggers keep it in the writing transaction, like goods_counts: an insert
 * registers the new products' SKUs; an update that changes a product's SKUs removes the ones
 * it gave up and registers only the ones it did not hold before; a delete removes them.
 * Products in the recycle bin keep their SKUs (a restore could not collide).
 *
 * Older databases may already hold duplicates: this migration never fails on them. The
 * earliest product keeps each SKU; later holders keep their data and are listed in the
 * start-up output. They can be saved as long as they keep that SKU, but no product takes a
 * SKU that another one holds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table goods_skus (
      tenant_id integer not null,
      sku_key text not null,
      sku text not null,
      goods_id bigint not null,
      primary key (tenant_id, sku_key)
    )`.execute(db);
  await sql`create index goods_skus_goods_idx on goods_skus (goods_id)`.execute(db);
  // A product's SKUs: the parent's and every variation's, trimmed, each key once (the parent first).
  await sql`
    create function goods_sku_list(p_sku text, p_parentage jsonb) returns table (sku_key text, sku text)
    language sql immutable as $$
      select distinct on (k) k, s
        from (select lower(btrim(p_sku)) as k, btrim(p_sku) as s, 0 as o
              union all
              select lower(btrim(c->>'sku')), btrim(c->>'sku'), 1
                from jsonb_array_elements(case when jsonb_typeof(p_parentage->'children') = 'array'
                                               then p_parentage->'children' else '[]'::jsonb end) c) x
       where coalesce(k, '') <> ''
       order by k, o
    $$`.execute(db);
  await sql`
    create function goods_skus_inserted() returns trigger language plpgsql as $$
    begin
      insert into goods_skus (tenant_id, sku_key, sku, goods_id)
      select n.tenant_id, k.sku_key, k.sku, n.id from goods_new n cross join lateral goods_sku_list(n.sku, n.parentage) k;
      return null;
    end $$`.execute(db);
  await sql`
    create function goods_skus_updated() returns trigger language plpgsql as $$
    begin
      delete from goods_skus s
       using goods_old o join goods_new n on n.id = o.id
       where s.goods_id = o.id and s.tenant_id = o.tenant_id
         and (o.sku is distinct from n.sku or o.parentage is distinct from n.parentage)
         and not exists (select 1 from goods_sku_list(n.sku, n.parentage) k where k.sku_key = s.sku_key);
      insert into goods_skus (tenant_id, sku_key, sku, goods_id)
      select n.tenant_id, k.sku_key, k.sku, n.id
        from goods_old o join goods_new n on n.id = o.id
       cross join lateral goods_sku_list(n.sku, n.parentage) k
       where (o.sku is distinct from n.sku or o.parentage is distinct from n.parentage)
         and not exists (select 1 from goods_sku_list(o.sku, o.parentage) ok where ok.sku_key = k.sku_key);
      return null;
    end $$`.execute(db);
  await sql`
    create function goods_skus_deleted() returns trigger language plpgsql as $$
    begin
      delete from goods_skus s using goods_old o where s.goods_id = o.id and s.tenant_id = o.tenant_id;
      return null;
    end $$`.execute(db);
  await sql`
    create function goods_skus_truncated() returns trigger language plpgsql as $$
    begin
      delete from goods_skus;
      return null;
    end $$`.execute(db);
  await sql`create trigger goods_skus_ins after insert on goods referencing new table as goods_new
            for each statement execute function goods_skus_inserted()`.execute(db);
  await sql`create trigger goods_skus_upd after update on goods referencing old table as goods_old new table as goods_new
            for each statement execute function goods_skus_updated()`.execute(db);
  await sql`create trigger goods_skus_del after delete on goods referencing old table as goods_old
            for each statement execute function goods_skus_deleted()`.execute(db);
  await sql`create trigger goods_skus_trunc after truncate on goods
            for each statement execute function goods_skus_truncated()`.execute(db);
  // CREATE TRIGGER locked goods against writes: the fill below and the triggers see the same rows.
  await sql`
    insert into goods_skus (tenant_id, sku_key, sku, goods_id)
    select g.tenant_id, k.sku_key, k.sku, g.id
      from goods g cross join lateral goods_sku_list(g.sku, g.parentage) k
     order by g.id
    on conflict do nothing`.execute(db);
  const dupes = await sql<{ tenant_id: number; sku: string; goods_id: string; holder: string }>`
    select g.tenant_id, k.sku, g.id as goods_id, s.goods_id as holder
      from goods g cross join lateral goods_sku_list(g.sku, g.parentage) k
      join goods_skus s on s.tenant_id = g.tenant_id and s.sku_key = k.sku_key
     where s.goods_id <> g.id
     order by g.tenant_id, k.sku_key, g.id`.execute(db);
  if (dupes.rows.length > 0) {
    const lines = dupes.rows
      .slice(0, 50)
      .map((d) => `  tenant ${d.tenant_id}: SKU ${d.sku} of product #${d.goods_id} is held by product #${d.holder}`);
    const more = dupes.rows.length > 50 ? [`  ... and ${dupes.rows.length - 50} more`] : [];
    console.warn(
      [
        `goods_skus: ${dupes.rows.length} duplicate SKU(s) kept as they are (the earliest product holds each);`,
        ...lines,
        ...more,
      ].join('\n'),
    );
  }
}
