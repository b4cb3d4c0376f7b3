import { type Kysely, sql } from 'kysely';

/** Per-user price settings, and claims of published products. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table price_settings (
      user_id integer primary key references users(id),
      tenant_id integer not null,
      countries jsonb not null,
      quantity_lo integer not null default 19,
      quantity_hi integer not null default 55,
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`alter table goods add column claimable boolean not null default false`.execute(db);
  await sql`create index goods_claimable_idx on goods (id desc) where claimable and is_delete = 0`.execute(db);
  await sql`
    create table goods_claims (
      source_id bigint not null references goods(id) on delete cascade,
      tenant_id integer not null,
      goods_id bigint not null,
      user_id integer not null,
      created_at timestamptz not null default now(),
      primary key (source_id, tenant_id)
    )`.execute(db);
}
