// Database side of `npm run backup` / `npm run restore` (docs/operations.md "Backup and restore"):
// catalogue reads, per-table checksums and the built-in logical dump (JSON lines per table).
// Plain `pg` clients: a dump reads through a cursor inside one REPEATABLE READ snapshot.
import { once } from 'node:events';
import fs from 'node:fs';
import readline from 'node:readline';
import pg from 'pg';

/** One ordinary (leaf) table: schema-qualified name and the columns a load writes (no generated ones). */
export interface TableInfo {
  /** `schema.table`, as written in the manifest. */
  name: string;
  schema: string;
  table: string;
  columns: string[];
}

/** Row count and checksum (md5 of the rows' text, sorted bytewise, one per line). */
export interface TableSum {
  table: string;
  rows: number;
  md5: string;
}

export interface SequenceValue {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export const quoteIdent = (s: string) => `"${s.replaceAll('"', '""')}"`;
const qualified = (t: { schema: string; table: string }) => `${quoteIdent(t.schema)}.${quoteIdent(t.table)}`;

/** Schemas of the system and of extensions' own bookkeeping, never dumped. */
const SYSTEM_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

/** Opens a client whose text output (time zone, dates) is the same on every server. */
export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  await client.query(`set time zone 'UTC'; set datestyle = 'ISO, YMD'; set extra_float_digits = 1`);
  return client;
}

/** Starts a read-only snapshot: every read of a backup sees one consistent state while the server writes on. */
export async function beginSnapshot(client: pg.Client): Promise<void> {
  await client.query('begin isolation level repeatable read read only');
}

export async function serverVersion(client: pg.Client): Promise<{ text: string; major: number }> {
  const r = await client.query<{ v: string; n: string }>(
    `select current_setting('server_version') as v, current_setting('server_version_num') as n`,
  );
  return { text: r.rows[0]!.v, major: Math.floor(Number(r.rows[0]!.n) / 10000) };
}

/** Names of the applied migrations (empty when the database was never migrated). */
export async function appliedMigrations(client: pg.Client): Promise<string[]> {
  const exists = await client.query(`select to_regclass('public.kysely_migration') as t`);
  if (!exists.rows[0].t) return [];
  const r = await client.query<{ name: string }>('select name from public.kysely_migration order by name');
  return r.rows.map((x) => x.name);
}

/** Whether the database holds any table, view or sequence outside the system schemas. */
export async function hasUserObjects(client: pg.Client): Promise<boolean> {
  const r = await client.query(
    `select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where ${SYSTEM_SCHEMAS} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') limit 1`,
  );
  return (r.rowCount ?? 0) > 0;
}

/** Drops every non-system schema and recreates an empty `public` (restore --force). */
export async function dropUserSchemas(client: pg.Client): Promise<string[]> {
  const r = await client.query<{ s: string }>(
    `select n.nspname as s from pg_namespace n where ${SYSTEM_SCHEMAS} order by 1`,
  );
  for (const { s } of r.rows) await client.query(`drop schema ${quoteIdent(s)} cascade`);
  await client.query('create schema if not exists public');
  return r.rows.map((x) => x.s);
}

/**
 * Every ordinary table with data of its own (partitions, not their partitioned parents),
 * ordered so that a table comes after the tables its foreign keys point at.
 */
export async function listTables(client: pg.Client): Promise<TableInfo[]> {
  const tables = await client.query<{ oid: number; schema: string; table: string }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as table
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and ${SYSTEM_SCHEMAS}
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
      order by 2, 3`,
  );
  const cols = await client.query<{ oid: number; name: string }>(
    `select attrelid::int as oid, attname as name from pg_attribute
      where attrelid = any($1::oid[]) and attnum > 0 and not attisdropped and attgenerated = ''
      order by attrelid, attnum`,
    [tables.rows.map((t) => t.oid)],
  );
  // A key pointing at a partitioned table points at each of its leaf partitions.
  const edges = await client.query<{ from: number; to: number }>(
    `select c.conrelid::int as from, coalesce(leaf.relid, c.confrelid)::int as to
       from pg_constraint c
       left join lateral (select relid from pg_partition_tree(c.confrelid) where isleaf) leaf on true
      where c.contype = 'f' and not c.condeferrable`,
  );
  const byOid = new Map(
    tables.rows.map((t) => [
      t.oid,
      { name: `${t.schema}.${t.table}`, schema: t.schema, table: t.table, columns: [] as string[] },
    ]),
  );
  for (const c of cols.rows) byOid.get(c.oid)?.columns.push(c.name);
  const needs = new Map<number, Set<number>>(tables.rows.map((t) => [t.oid, new Set<number>()]));
  for (const e of edges.rows) if (e.from !== e.to && byOid.has(e.to)) needs.get(e.from)?.add(e.to);
  const ordered: TableInfo[] = [];
  const done = new Set<number>();
  while (done.size < byOid.size) {
    const ready = [...byOid.keys()].filter((oid) => !done.has(oid) && [...needs.get(oid)!].every((d) => done.has(d)));
    // Tables on a cycle of keys come in name order: a load drops the keys first anyway (dropForeignKeys).
    if (ready.length === 0) ready.push([...byOid.keys()].find((oid) => !done.has(oid))!);
    for (const oid of ready) {
      done.add(oid);
      ordered.push(byOid.get(oid)!);
    }
  }
  return ordered;
}

/** Row count and checksum of every table (the same query on both sides of a backup). */
export async function tableSums(client: pg.Client, tables: TableInfo[]): Promise<TableSum[]> {
  const out: TableSum[] = [];
  for (const t of tables) {
    const r = await client.query<{ n: string; md5: string }>(
      `select count(*) as n, md5(coalesce(string_agg(x::text, E'\\n' order by x::text collate "C"), '')) as md5
         from ${qualified(t)} x`,
    );
    out.push({ table: t.name, rows: Number(r.rows[0]!.n), md5: r.rows[0]!.md5 });
  }
  return out;
}

export async function readSequences(client: pg.Client): Promise<SequenceValue[]> {
  const seqs = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and ${SYSTEM_SCHEMAS} order by 1, 2`,
  );
  const out: SequenceValue[] = [];
  for (const s of seqs.rows) {
    const r = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${qualified({ schema: s.schema, table: s.name })}`,
    );
    out.push({ name: `${s.schema}.${s.name}`, lastValue: r.rows[0]!.last_value, isCalled: r.rows[0]!.is_called });
  }
  return out;
}

/** Writes a table's rows as JSON lines (`row_to_json`), read through a cursor in batches. */
export async function dumpTable(client: pg.Client, t: TableInfo, file: string): Promise<number> {
  const out = fs.createWriteStream(file);
  let rows = 0;
  try {
    await client.query(
      `declare backup_rows no scroll cursor for select row_to_json(x)::text as j from ${qualified(t)} x`,
    );
    for (;;) {
      const r = await client.query<{ j: string }>('fetch 2000 from backup_rows');
      if (r.rows.length === 0) break;
      rows += r.rows.length;
      if (!out.write(`${r.rows.map((x) => x.j).join('\n')}\n`)) await once(out, 'drain');
    }
    await client.query('close backup_rows');
  } finally {
    out.end();
    await once(out, 'close');
  }
  return rows;
}

/**
 * Loads JSON lines into a table (inside the caller's transaction, user triggers disabled):
 * `json_populate_recordset` turns each field back through the column type's input function.
 */
export async function loadTable(client: pg.Client, t: TableInfo, lines: NodeJS.ReadableStream): Promise<number> {
  const cols = t.columns.map(quoteIdent).join(', ');
  const insert = `insert into ${qualified(t)} (${cols}) overriding system value
    select ${cols} from json_populate_recordset(null::${qualified(t)}, $1::json)`;
  let batch: string[] = [];
  let bytes = 0;
  let rows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(insert, [`[${batch.join(',')}]`]);
    rows += batch.length;
    batch = [];
    bytes = 0;
  };
  for await (const line of readline.createInterface({ input: lines, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (!line) continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= 1000 || bytes > 4_000_000) await flush();
  }
  await flush();
  return rows;
}

/** A foreign key as the catalogue defines it, to be added again after a load. */
export interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/**
 * Drops the non-deferrable foreign keys (the schema has cycles of them, so no load order
 * satisfies them all); `addForeignKeys` puts them back, which checks every loaded row.
 */
export async function dropForeignKeys(client: pg.Client): Promise<ForeignKey[]> {
  const r = await client.query<{ schema: string; table: string; name: string; definition: string }>(
    `select n.nspname as schema, c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and not k.condeferrable and k.conparentid = 0 and ${SYSTEM_SCHEMAS}
      order by 1, 2, 3`,
  );
  const keys = r.rows.map((k) => ({ table: qualified(k), name: k.name, definition: k.definition }));
  for (const k of keys) await client.query(`alter table ${k.table} drop constraint ${quoteIdent(k.name)}`);
  return keys;
}

export async function addForeignKeys(client: pg.Client, keys: ForeignKey[]): Promise<void> {
  for (const k of keys)
    await client.query(`alter table ${k.table} add constraint ${quoteIdent(k.name)} ${k.definition}`);
}

/** Disables (or enables again) the user triggers of the tables: derived rows come from the dump, not from triggers. */
export async function setUserTriggers(client: pg.Client, tables: TableInfo[], enabled: boolean): Promise<void> {
  for (const t of tables)
    await client.query(`alter table ${qualified(t)} ${enabled ? 'enable' : 'disable'} trigger user`);
}

export async function truncateAll(client: pg.Client, tables: TableInfo[]): Promise<void> {
  if (tables.length > 0) await client.query(`truncate table ${tables.map(qualified).join(', ')}`);
}

export async function writeSequences(client: pg.Client, seqs: SequenceValue[]): Promise<void> {
  for (const s of seqs) {
    const [schema, name] = [s.name.slice(0, s.name.indexOf('.')), s.name.slice(s.name.indexOf('.') + 1)];
    await client.query('select setval($1::regclass, $2::bigint, $3)', [
      qualified({ schema: schema!, table: name! }),
      s.lastValue,
      s.isCalled,
    ]);
  }
}

/** pg-boss's per-queue job partitions: created in the target before rows are loaded into them. */
export async function createBossQueues(client: pg.Client, schema: string, queues: string[]): Promise<void> {
  for (const q of queues)
    await client.query(`select ${quoteIdent(schema)}.create_queue($1, json_build_object('policy', 'standard'))`, [q]);
}
