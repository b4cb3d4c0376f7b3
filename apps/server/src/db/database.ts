import { Kysely, type Migration, type MigrationProvider, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { loadMigrations } from './migrations.js';
import { preparedNameOf } from './query-shapes.js';
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
  pool.on('connect', sendPreparedShapesNamed);
  const watch = new WriteWatchPlugin();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [watch] });
  pools.set(db, pool);
  writeWatches.set(db, watch);
  return db;
}

/**
 * Sends the SQL of prepared query shapes (`db/query-shapes.ts`) as named statements: the
 * connection parses and plans each once instead of on every call (about 0.4 ms of
 * PostgreSQL's 1.9 ms per order-list page, docs/benchmarks.md "bench:orders").
 */
function sendPreparedShapesNamed(client: pg.PoolClient): void {
  const query = client.query;
  client.query = function (this: pg.PoolClient, config: unknown, values?: unknown, callback?: unknown) {
    const name = typeof config === 'string' ? preparedNameOf(config) : undefined;
    const args = name ? [{ name, text: config, values }, undefined, callback] : [config, values, callback];
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof client.query;
}

/** The connection settings of a database's pool (for a dedicated connection such as LISTEN). */
export function connectionConfigOf(db: Database): pg.ClientConfig | undefined {
  const pool = pools.get(db);
  return pool ? (pool.options as pg.ClientConfig) : undefined;
}

/** Connections of a database's pool: open, idle, and clients waiting for one (metrics). */
export function poolStatsOf(db: Database): { total: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
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
