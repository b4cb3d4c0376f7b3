import { type Kysely, sql } from 'kysely';

/**
 * Logistics (issue 18 §1, §2): channels configured by the operator (book 0) or by a trader
 * using trader express (book = the trader's uid); one parcel per order with its measured
 * weight and size, quote and freight review; waybills with the carrier's tracking number
 * (status '0' not shipped, '2' shipped); the outbox of shipment confirmations to Amazon; each
 * tenant's review rules. Money is integer fen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table logistics_channels (
      id serial primary key,
      book_id integer not null,
      name text not null,
      carrier_code text not null,
      carrier_name text not null default '',
      service text not null default '',
      countries text[] not null,
      currency char(3) not null default 'CNY',
      first_weight_g integer not null check (first_weight_g > 0),
      first_price bigint not null check (first_price >= 0),
      step_weight_g integer not null check (step_weight_g > 0),
      step_price bigint not null check (step_price >= 0),
      registration_fee bigint not null default 0 check (registration_fee >= 0),
      volumetric_divisor integer not null default 0 check (volumetric_divisor >= 0),
      battery_allowed boolean not null default false,
      battery_surcharge bigint not null default 0 check (battery_surcharge >= 0),
      service_fee bigint not null default 0 check (service_fee >= 0),
      min_weight_g integer not null default 0,
      max_weight_g integer not null default 0,
      max_side_mm integer not null default 0,
      enabled boolean not null default true,
      created_by integer not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      unique (book_id, name)
    )`.execute(db);
  await sql`
    create table logistics_parcels (
      id bigserial primary key,
      tenant_id integer not null,
      order_id bigint not null references orders (id),
      channel_id integer not null references logistics_channels (id),
      weight_g integer not null,
      length_mm integer not null,
      width_mm integer not null,
      height_mm integer not null,
      is_electric boolean not null default false,
      country text not null,
      chargeable_g integer not null,
      freight bigint not null,
      service_fee bigint not null,
      estimate bigint,
      margin bigint,
      review_status text not null check (review_status in ('passed', 'held', 'approved', 'cancelled')),
      hold_reasons text[] not null default '{}',
      review_note text not null default '',
      reviewed_by integer,
      reviewed_at timestamptz,
      created_by integer not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      unique (tenant_id, order_id)
    )`.execute(db);
  await sql`create index logistics_parcels_review_idx on logistics_parcels (tenant_id, review_status, id desc)`.execute(
    db,
  );
  await sql`
    create table logistics_waybills (
      id bigserial primary key,
      tenant_id integer not null,
      parcel_id bigint not null references logistics_parcels (id),
      order_id bigint not null references orders (id),
      channel_id integer not null references logistics_channels (id),
      waybill_no text not null unique,
      tracking_no text,
      carrier_code text not null,
      carrier_name text not null default '',
      label jsonb,
      status text not null default '0' check (status in ('0', '2')),
      freight bigint not null,
      service_fee bigint not null,
      currency char(3) not null default 'CNY',
      weight_g integer not null,
      cancelled_at timestamptz,
      cancel_reason text not null default '',
      shipped_at timestamptz,
      shipped_by integer,
      created_by integer not null,
      created_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create unique index logistics_waybills_active_idx on logistics_waybills (order_id) where cancelled_at is null`.execute(
    db,
  );
  await sql`create index logistics_waybills_tenant_idx on logistics_waybills (tenant_id, id desc)`.execute(db);
  await sql`
    create table logistics_confirmations (
      id bigserial primary key,
      tenant_id integer not null,
      waybill_id bigint not null unique references logistics_waybills (id),
      order_id bigint not null references orders (id),
      status text not null default 'pending' check (status in ('pending', 'done', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      lease_until timestamptz,
      last_error text not null default '',
      done_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index logistics_confirmations_due_idx on logistics_confirmations (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
  await sql`
    create table logistics_review_rules (
      tenant_id integer primary key,
      over_estimate_pct integer not null default 30 check (over_estimate_pct between 0 and 1000),
      check_margin boolean not null default true,
      check_balance boolean not null default true,
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
}
