import { type Kysely, sql } from 'kysely';

/**
 * The collection plugin (issue 31 §5, docs/plugin.md): one collection token per user, stored
 * as its SHA-256 (`gather_tokens`), and which product a collected page became, one per tenant
 * and normalised page address (`gather_sources`: the primary key makes a parallel double
 * collect of the same page end in one product).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table gather_tokens (
      user_id integer primary key,
      tenant_id integer not null,
      token_hash text not null unique,
      hint text not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    )`.execute(db);
  await sql`
    create table gather_sources (
      tenant_id integer not null,
      url_key text not null,
      goods_id bigint not null references goods (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (tenant_id, url_key)
    )`.execute(db);
  await sql`create index gather_sources_goods on gather_sources (goods_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists gather_sources`.execute(db);
  await sql`drop table if exists gather_tokens`.execute(db);
}
