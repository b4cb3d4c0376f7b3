import { randomBytes } from 'node:crypto';
import { type Kysely, type Migration, Migrator } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDatabase } from '../../src/db/database.js';
import { loadMigrations } from '../../src/db/migrations.js';
import type { DB } from '../../src/db/types.js';

/**
 * A database of its own for a migration test: created before the file's (or describe's) tests
 * and migrated with the migrations named up to `last` (inclusive), as a database deployed before
 * the migration under test; dropped after. `migrateRest()` runs every later migration, as an
 * upgrade would.
 */
export function useDatabaseMigratedTo(last: string) {
  const adminUrl = inject('pgAdminUrl');
  const name = `console_mig_${randomBytes(4).toString('hex')}`;
  let db: Kysely<DB> | undefined;
  let url = '';
  const migrate = async (keep: (n: string) => boolean) => {
    const all = await loadMigrations();
    const some: Record<string, Migration> = Object.fromEntries(Object.entries(all).filter(([n]) => keep(n)));
    return new Migrator({ db: db!, provider: { getMigrations: async () => some } }).migrateToLatest();
  };
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    db = createDatabase(url, { max: 2 });
    const { error } = await migrate((n) => n <= last);
    if (error) throw error;
  });

  afterAll(async () => {
    await db?.destroy();
    await admin(`drop database if exists ${name} with (force)`);
  });

  return {
    get db(): Kysely<DB> {
      if (!db) throw new Error('the database is created in beforeAll');
      return db;
    },
    get url(): string {
      return url;
    },
    /** Runs the migrations after `last` (the upgrade); answers the migrator's result. */
    migrateRest: () => migrate(() => true),
  };
}
