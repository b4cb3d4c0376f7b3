import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * The schema stays distributable by tenant (issue 32 §6, docs/scale.md): with `tenant_id` as the
 * distribution column (Citus and the like), a unique index must include `tenant_id` (each node
 * checks only its own rows), and a foreign key between two tenant tables must match `tenant_id`
 * to `tenant_id` (a row may only point inside its own tenant, so both rows live on one node).
 * Read from the catalog of a clone of the migrated test template (the self-check's scratch tables are rolled back).
 *
 * A tenant table is a table of schema public with a `tenant_id` column (partitions are checked
 * through their parent). The lists below are the violations that existed when the test was
 * written (2026-11-29), each with its reason; a new table or index must not add any. A key that
 * must be unique over all tenants (a public address looked up before the tenant is known) belongs
 * in a lookup table without `tenant_id`, or in these lists with its reason.
 */

/** Reasons of the lists below (one per entry, by name). */
/** Looked up before the tenant is known (sign-in, OAuth state, a token): stays global, a lookup table by hash. */
const LOOKUP = 'looked up by a secret hash before the tenant is known';
/** A storefront's visitor names the site by its address, before the tenant is known. */
const SITE_ADDRESS = 'a storefront request names the site by its address (preview slug, Host)';
/** Account names are unique across the installation (sign-in names the account, not the tenant). */
const ACCOUNT = 'sign-in by account name, before the tenant is known';
const NUMBER = 'a document number unique installation-wide (sent to carriers and warehouses)';

/** Few rows, read at sign-in by account name before the tenant is known, linked across tenants. */
const REFERENCE =
  'a reference table (copied to every node): read at sign-in before the tenant is known, linked across tenants by account_links and trader_settings';
/** A seller's entry posts to the trader's book accounts, which belong to another tenant. */
const BOOK =
  "a seller's ledger entry posts to the trader's book accounts (another tenant's): its lines name them by id";

/**
 * Tables whose primary key is a global `id` (a serial or identity) without `tenant_id` → reason.
 * Every other tenant table's key includes tenant_id (migration 20261211_100000: `(id, tenant_id)`,
 * id first so lookups by id alone keep their index).
 */
const GLOBAL_ID_KEYS: Record<string, string> = {
  ledger_accounts: BOOK,
  users: REFERENCE,
};

/**
 * Tables without tenant_id whose foreign keys may point at a tenant table: only at a reference
 * table (a global table cannot sit beside rows of every tenant otherwise).
 */
const REFERENCE_TABLES = new Set(['users']);

/**
 * Other unique indexes (keys and constraints included) without `tenant_id`: index name → reason.
 * Keys by a shop, a user or a parent row took `tenant_id` last (migrations 20261208_600000 and
 * 20261210_410000); what is left is global by nature (docs/scale.md, lookup tables).
 */
const UNIQUE_ALLOWED: Record<string, string> = {
  ali1688_auth_states_pkey: LOOKUP, // ali1688_auth_states (state_hash)
  gather_tokens_token_hash_key: LOOKUP, // gather_tokens (token_hash)
  logistics_waybills_waybill_no_key: NUMBER, // logistics_waybills (waybill_no)
  overseas_outbounds_number_key: NUMBER, // overseas_outbounds (number)
  sessions_refresh_uq: LOOKUP, // sessions (refresh_hash)
  shop_auth_states_pkey: LOOKUP, // shop_auth_states (state_hash)
  site_domains_pkey: SITE_ADDRESS, // site_domains (domain)
  sites_slug_key: SITE_ADDRESS, // sites (slug)
  users_account_uq: ACCOUNT, // users (lower(account)) WHERE (deleted_at IS NULL)
};

/**
 * Foreign keys from a tenant table to a tenant table that do not match tenant_id: `table.constraint`
 * → reason. Since migration 20261210_400000_tenant_foreign_keys every other such key is
 * `(tenant_id, x) references parent (tenant_id, id)`; keep it so.
 */
const FOREIGN_KEYS_ALLOWED: Record<string, string> = {
  'ledger_lines.ledger_lines_account_id_fkey': BOOK,
};

interface UniqueRow {
  table: string;
  index: string;
  columns: string;
  primary: boolean;
}
interface ForeignRow {
  table: string;
  constraint: string;
  target: string;
  definition: string;
}

/** Unique indexes (primary keys and unique constraints included) of tenant tables without tenant_id. */
const UNIQUE_SQL = `
  with tenant_tables as (
    select c.oid, c.relname, a.attnum
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
     where c.relkind in ('r', 'p') and not c.relispartition)
  select t.relname as table, ic.relname as index, i.indisprimary as primary,
         pg_get_indexdef(i.indexrelid) as columns
    from tenant_tables t
    join pg_index i on i.indrelid = t.oid and i.indisunique
    join pg_class ic on ic.oid = i.indexrelid
   where not (t.attnum = any (i.indkey::int2[]))
   order by 1, 2`;

/** Foreign keys between two tenant tables that do not pair tenant_id with tenant_id. */
const FOREIGN_SQL = `
  with tenant_tables as (
    select c.oid, c.relname, a.attnum
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
     where c.relkind in ('r', 'p') and not c.relispartition)
  select s.relname as table, k.conname as constraint, d.relname as target,
         pg_get_constraintdef(k.oid) as definition
    from pg_constraint k
    join tenant_tables s on s.oid = k.conrelid
    join tenant_tables d on d.oid = k.confrelid
   where k.contype = 'f' and k.conparentid = 0
     and not exists (select 1 from generate_subscripts(k.conkey, 1) j
                      where k.conkey[j] = s.attnum and k.confkey[j] = d.attnum)
   order by 1, 2`;

/** Foreign keys from a table without tenant_id to a tenant table. */
const FROM_GLOBAL_SQL = `
  with tables as (
    select c.oid, c.relname,
           exists (select 1 from pg_attribute a
                    where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as tenant
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
     where c.relkind in ('r', 'p') and not c.relispartition)
  select s.relname as table, k.conname as constraint, d.relname as target
    from pg_constraint k
    join tables s on s.oid = k.conrelid and not s.tenant
    join tables d on d.oid = k.confrelid and d.tenant
   where k.contype = 'f' and k.conparentid = 0
   order by 1, 2`;

const adminUrl = inject('pgAdminUrl');
const name = `console_t_${inject('templateDb').slice(-8)}_schema_${randomBytes(3).toString('hex')}`;
let client: pg.Client;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDb')}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

/** The violations a catalog holds, as keys of the lists above. */
async function violations(c: pg.Client) {
  const unique = (await c.query<UniqueRow>(UNIQUE_SQL)).rows;
  const foreign = (await c.query<ForeignRow>(FOREIGN_SQL)).rows;
  const fromGlobal = (await c.query<{ table: string; constraint: string; target: string }>(FROM_GLOBAL_SQL)).rows;
  const isGlobalId = (r: UniqueRow) => r.primary && /\(id\)$/.test(r.columns);
  return {
    globalIds: unique.filter(isGlobalId).map((r) => r.table),
    unique: unique.filter((r) => !isGlobalId(r)).map((r) => `${r.index} on ${r.table}: ${r.columns}`),
    uniqueNames: unique.filter((r) => !isGlobalId(r)).map((r) => r.index),
    foreign: foreign.map((r) => `${r.table}.${r.constraint}`),
    foreignText: foreign.map((r) => `${r.table}.${r.constraint}: ${r.definition}`),
    fromGlobal: fromGlobal.filter((r) => !REFERENCE_TABLES.has(r.target)).map((r) => `${r.table}.${r.constraint}`),
  };
}

describe('the schema is distributable by tenant_id', () => {
  it('adds no unique index or key without tenant_id on a tenant table', async () => {
    const v = await violations(client);
    expect
      .soft(
        v.globalIds.filter((t) => !(t in GLOBAL_ID_KEYS)),
        'a new tenant table keyed by a global id: key it (tenant_id, id) or by columns that include tenant_id',
      )
      .toEqual([]);
    expect
      .soft(
        v.unique.filter((_, i) => !(v.uniqueNames[i]! in UNIQUE_ALLOWED)),
        'a unique index of a tenant table without tenant_id: add tenant_id to it',
      )
      .toEqual([]);
  });

  it('adds no foreign key between tenant tables that does not match tenant_id', async () => {
    const v = await violations(client);
    expect
      .soft(
        v.foreignText.filter((_, i) => !(v.foreign[i]! in FOREIGN_KEYS_ALLOWED)),
        'a foreign key between tenant tables: make it (tenant_id, x) references t (tenant_id, id)',
      )
      .toEqual([]);
  });

  it('has no table without tenant_id pointing at a tenant table, but at a reference table', async () => {
    const v = await violations(client);
    expect(v.fromGlobal, "give the table tenant_id (its parent's) and a (tenant_id, x) key").toEqual([]);
  });

  it('keeps the allow-lists to what still exists (a fixed entry leaves the list)', async () => {
    const v = await violations(client);
    expect.soft(Object.keys(GLOBAL_ID_KEYS).filter((t) => !v.globalIds.includes(t))).toEqual([]);
    expect.soft(Object.keys(UNIQUE_ALLOWED).filter((k) => !v.uniqueNames.includes(k))).toEqual([]);
    expect.soft(Object.keys(FOREIGN_KEYS_ALLOWED).filter((k) => !v.foreign.includes(k))).toEqual([]);
  });

  it('finds violations of each kind, and not the correct forms (checked on scratch tables)', async () => {
    await client.query('begin');
    try {
      await client.query(`
        create table zz_parent (id bigserial primary key, tenant_id int not null, code text not null unique,
                                unique (tenant_id, id));
        create table zz_child (id bigint not null, tenant_id int not null, parent_id bigint, other_id bigint,
                               primary key (tenant_id, id), unique (tenant_id, parent_id),
                               foreign key (parent_id) references zz_parent (id),
                               foreign key (tenant_id, other_id) references zz_parent (tenant_id, id));
        create table zz_global (id bigint primary key, parent_id bigint references zz_parent (id));`);
      const v = await violations(client);
      expect(v.globalIds.filter((t) => t.startsWith('zz_'))).toEqual(['zz_parent']);
      expect(v.uniqueNames.filter((n) => n.startsWith('zz_'))).toEqual(['zz_parent_code_key']);
      expect(v.foreign.filter((k) => k.startsWith('zz_'))).toEqual(['zz_child.zz_child_parent_id_fkey']);
      expect(v.fromGlobal.filter((k) => k.startsWith('zz_'))).toEqual(['zz_global.zz_global_parent_id_fkey']);
    } finally {
      await client.query('rollback');
    }
  });
});
