import { type Kysely, sql } from 'kysely';

/**
 * Follow-selling (issue 15 §1-§2): the candidate pool (`follow_candidates`, one row per tenant,
 * marketplace and ASIN with what the last lookup found), the tenant's follow price rule
 * (`follow_price_rules`) and the follow offers (`follow_offers`: a queue item until Amazon
 * accepted it, then a follow-sale product). Money is minor units of the marketplace's currency.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table follow_candidates (
      id bigserial primary key,
      tenant_id integer not null,
      marketplace text not null,
      asin text not null,
      status text not null default 'pending' check (status in ('pending', 'ready', 'failed')),
      title text not null default '',
      image text not null default '',
      brand text not null default '',
      product_type text not null default '',
      currency text not null,
      offer_count integer,
      fba_offers integer,
      fbm_offers integer,
      buybox_price bigint,
      buybox_seller text not null default '',
      amazon_sells boolean not null default false,
      restriction text not null default 'none',
      restriction_message text not null default '',
      risk_flags text[] not null default '{}',
      cost bigint,
      error text not null default '',
      looked_up_at timestamptz,
      created_by integer not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index follow_candidates_asin_idx on follow_candidates (tenant_id, marketplace, asin)`.execute(
    db,
  );
  await sql`create index follow_candidates_tenant_idx on follow_candidates (tenant_id, id desc)`.execute(db);
  await sql`
    create table follow_price_rules (
      tenant_id integer primary key,
      mode text not null check (mode in ('amount', 'percent')),
      value integer not null,
      min_margin_bp integer not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table follow_offers (
      id bigserial primary key,
      tenant_id integer not null,
      shop_id integer not null,
      candidate_id bigint,
      marketplace text not null,
      asin text not null,
      sku text not null,
      title text not null default '',
      image text not null default '',
      product_type text not null,
      currency text not null,
      price bigint not null,
      quantity integer not null,
      fulfillment text not null check (fulfillment in ('FBM', 'FBA')),
      status text not null default 'queued'
        check (status in ('queued', 'submitting', 'failed', 'active', 'paused', 'deleted')),
      issues jsonb not null default '[]',
      error text not null default '',
      buybox_price bigint,
      buybox_seller text not null default '',
      holds_buybox boolean not null default false,
      seller_count integer,
      reprice_enabled boolean not null default false,
      reprice_min bigint,
      reprice_max bigint,
      checked_at timestamptz,
      created_by integer not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create index follow_offers_tenant_idx on follow_offers (tenant_id, id desc)`.execute(db);
  // One live offer per shop, marketplace and ASIN: pushing it again is skipped, not doubled.
  await sql`create unique index follow_offers_live_idx on follow_offers (tenant_id, shop_id, marketplace, asin)
    where status <> 'deleted'`.execute(db);
}
