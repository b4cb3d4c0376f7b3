import { type Kysely, sql } from 'kysely';

/**
 * Orders of the own site's checkout (issue 33 §2, docs/site.md "Cart and checkout"): the buyer,
 * the lines priced from the database at checkout, the amounts in minor units of the site's
 * currency and the payment at the provider. `submit_key` is the checkout form's one-time key:
 * the same form sent twice (a double click, two tabs racing) makes one order. A payment id
 * belongs to one order (a replayed notification finds the same order).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table site_orders (
      tenant_id integer not null,
      id bigserial not null,
      site_id bigint not null,
      order_no text not null,
      status text not null default 'pending' check (status in ('pending', 'paid', 'cancelled')),
      lang text not null,
      currency text not null,
      total_minor bigint not null,
      item_count integer not null,
      lines jsonb not null,
      buyer jsonb not null,
      submit_key text not null,
      payment_provider text,
      payment_id text,
      payment_url text,
      paid_at timestamptz,
      cancelled_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      primary key (tenant_id, id),
      foreign key (tenant_id, site_id) references sites (tenant_id, id) on delete cascade,
      unique (tenant_id, order_no),
      unique (tenant_id, site_id, submit_key)
    )`.execute(db);
  await sql`create unique index site_orders_payment_idx on site_orders (tenant_id, payment_provider, payment_id) where payment_id is not null`.execute(
    db,
  );
  await sql`create index site_orders_list_idx on site_orders (tenant_id, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists site_orders`.execute(db);
}
