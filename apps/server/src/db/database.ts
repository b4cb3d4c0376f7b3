import { Kysely, type Migration, type MigrationProvider, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { loadMigrations } from './migrations.js';
import type { DB } from './types.js';
import { WriteWatchPlugin } from './write-watch.js';

// int8 (bigserial ids, counts) as JS numbers: our ids stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export type Database = Kysely<DB>;

const pools = new WeakMap<Database, pg.Pool>();
const writeWatches = new WeakMap<Database, WriteWatchPlugin>();

/** Opens a connection pool on a PostgreSQL URL. */
export function createDatabase(url: string, opts: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 20 });
  // A pool error (server restarted) must not crash the process.
  pool.on('error', () => {});
  const watch = new WriteWatchPlugin();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [watch] });
  pools.set(db, pool);
  writeWatches.set(db, watch);
  return db;
}

/** The connection settings of a database's pool (for a dedicated connection such as LISTEN). */
export function connectionConfigOf(db: Database): pg.ClientConfig | undefined {
  const pool = pools.get(db);
  return pool ? (pool.options as pg.ClientConfig) : undefined;
}

/** The write watch of a database: listeners called after UPDATE/DELETE statements on a table. */
export function writeWatchOf(db: Database): WriteWatchPlugin | undefined {
  return writeWatches.get(db);
}

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return loadMigrations();
  }
}

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  // Unordered: a branch's migration may carry an earlier timestamp than one already applied.
  const migrator = new Migrator({ db, provider: new StaticProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
