import { type Kysely, sql } from 'kysely';

/**
 * Logistics on day one (issue 29 §2): the sample channels a new installation ships with are
 * marked (`is_sample`), and seeded once per database (`logistics_seed_marks`, so a sample the
 * operator disabled or changed is never re-created); a parcel keeps the last failure of an
 * action on it (创建运单 refused: balance, carrier) until it succeeds or is dismissed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table logistics_channels add column is_sample boolean not null default false`.execute(db);
  await sql`create table logistics_seed_marks (name text primary key, done_at timestamptz not null default now())`.execute(
    db,
  );
  await sql`alter table logistics_parcels add column last_error text, add column last_error_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table logistics_parcels drop column last_error, drop column last_error_at`.execute(db);
  await sql`drop table logistics_seed_marks`.execute(db);
  await sql`alter table logistics_channels drop column is_sample`.execute(db);
}
