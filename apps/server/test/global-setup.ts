import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, migrateToLatest } from '../src/db/database.js';
import { type EmbeddedHandle, startEmbeddedPostgres } from '../src/db/embedded.js';
import { ensureJwtSecret } from '../src/db/seed.js';
import { startJobQueue } from '../src/jobs/job-queue.js';
import { syncMenus } from '../src/modules/account/menu.service.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a database on the test server with the right to create databases. */
    pgAdminUrl: string;
    /** Migrated, seeded database that each test file clones. */
    templateDb: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

let embedded: EmbeddedHandle | undefined;
let dataDir = '';
let adminUrl = '';
let templateDb = '';

/**
 * Starts one PostgreSQL for the run (embedded, or TEST_DATABASE_URL), builds a migrated
 * template database, and hands both to the test files.
 */
export async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    adminUrl = process.env.TEST_DATABASE_URL;
  } else {
    // A folder of its own per run, so two runs at once do not share a cluster.
    const base = path.resolve(import.meta.dirname, '../../../.test-data');
    await fs.mkdir(base, { recursive: true });
    dataDir = await fs.mkdtemp(path.join(base, 'server-'));
    embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'postgres' });
    adminUrl = embedded.url('postgres');
  }
  templateDb = `console_tpl_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${templateDb}`);
  await client.end();
  const db = createDatabase(withDatabase(adminUrl, templateDb), { max: 2 });
  await migrateToLatest(db);
  await syncMenus(db);
  await ensureJwtSecret(db);
  // pg-boss installs its own schema on first start: do it once here, not in every test file.
  await (await startJobQueue(db, [], { workers: false })).stop();
  await db.destroy();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('templateDb', templateDb);
}

export async function teardown() {
  if (embedded) {
    await embedded.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    return;
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const rows = await client.query<{ datname: string }>(
    `select datname from pg_database where datname like 'console_t%' and (datname = $1 or datname like $2)`,
    [templateDb, `console_t_${templateDb.slice(-8)}_%`],
  );
  for (const r of rows.rows) await client.query(`drop database if exists ${r.datname} with (force)`);
  await client.end();
}
