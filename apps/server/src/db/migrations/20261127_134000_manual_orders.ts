import { type Kysely, sql } from 'kysely';

/**
 * Manual orders (手工单, issue 17 §2): orders entered by hand with the statuses of spec section 4
 * (-2 voided ... 7 failed), their history, and the 1688 purchase channel of an order item's
 * purchase (`channel` 'manual' or '1688', the supplier's order id to read its logistics).
 * Money is CNY fen; the payment itself lives in the finance ledger (reference `service`,
 * `manual-<id>`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table manual_orders (
      id bigserial primary key,
      tenant_id integer not null,
      status smallint not null check (status in (-2, -1, 1, 2, 3, 4, 5, 6, 7)),
      shop_id integer,
      marketplace text,
      asin text not null default '',
      seller_sku text not null default '',
      title text not null default '',
      quantity integer not null default 1,
      amount_minor bigint check (amount_minor is null or amount_minor > 0),
      buyer_name text not null default '',
      buyer_phone text not null default '',
      buyer_address text not null default '',
      note text not null default '',
      created_by integer not null,
      created_at timestamptz not null default now(),
      paid_at timestamptz,
      completed_at timestamptz,
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create index manual_orders_tenant_idx on manual_orders (tenant_id, status, id desc)`.execute(db);

  await sql`
    create table manual_order_events (
      id bigserial primary key,
      tenant_id integer not null,
      manual_order_id bigint not null references manual_orders (id) on delete cascade,
      from_status smallint,
      to_status smallint not null,
      text text not null default '',
      user_id integer,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index manual_order_events_order_idx on manual_order_events (manual_order_id, id)`.execute(db);

  await sql`alter table order_purchases add column channel text not null default 'manual' check (channel in ('manual', '1688'))`.execute(
    db,
  );
  await sql`alter table order_purchases add column external_order_id text`.execute(db);
}
