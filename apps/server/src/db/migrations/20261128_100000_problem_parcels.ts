import { type Kysely, sql } from 'kysely';

/**
 * Problem parcels 问题件 (issue 18 §4): one row per (waybill, problem) with its exception type
 * (spec section 4) and open/closed state, the compensation of a lost parcel and the new
 * waybill of a re-dispatch or reshipment; the history of every step (who, when, from -> to).
 * A waybill made for a problem parcel names it (`problem_id`): an order then has its first
 * waybill and at most one active follow-up waybill per problem parcel.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table logistics_problems (
      id bigserial primary key,
      tenant_id integer not null,
      waybill_id bigint not null references logistics_waybills (id),
      order_id bigint not null references orders (id),
      book_id integer not null,
      type smallint not null check (type between 1 and 10),
      status text not null default 'open' check (status in ('open', 'closed')),
      compensation bigint check (compensation > 0),
      currency char(3) not null default 'CNY',
      new_waybill_id bigint references logistics_waybills (id),
      note text not null default '',
      created_by integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      closed_at timestamptz,
      version integer not null default 1
    )`.execute(db);
  await sql`create unique index logistics_problems_open_idx on logistics_problems (waybill_id) where status = 'open'`.execute(
    db,
  );
  await sql`create index logistics_problems_tenant_idx on logistics_problems (tenant_id, id desc)`.execute(db);
  await sql`create index logistics_problems_book_idx on logistics_problems (book_id, id desc)`.execute(db);
  await sql`
    create table logistics_problem_events (
      id bigserial primary key,
      tenant_id integer not null,
      problem_id bigint not null references logistics_problems (id),
      action text not null check (action in ('report', 'step', 'compensate', 'close', 'system')),
      from_type smallint,
      to_type smallint,
      note text not null default '',
      amount bigint,
      waybill_id bigint references logistics_waybills (id),
      user_id integer,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index logistics_problem_events_problem_idx on logistics_problem_events (problem_id, id)`.execute(db);

  await sql`alter table logistics_waybills add column problem_id bigint references logistics_problems (id)`.execute(db);
  await sql`drop index logistics_waybills_active_idx`.execute(db);
  await sql`create unique index logistics_waybills_active_idx on logistics_waybills (order_id) where cancelled_at is null and problem_id is null`.execute(
    db,
  );
  await sql`create unique index logistics_waybills_problem_idx on logistics_waybills (problem_id) where cancelled_at is null and problem_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index logistics_waybills_problem_idx`.execute(db);
  await sql`drop index logistics_waybills_active_idx`.execute(db);
  await sql`alter table logistics_waybills drop column problem_id`.execute(db);
  await sql`create unique index logistics_waybills_active_idx on logistics_waybills (order_id) where cancelled_at is null`.execute(
    db,
  );
  await sql`drop table logistics_problem_events`.execute(db);
  await sql`drop table logistics_problems`.execute(db);
}
