import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type BackupManifest, openArchive } from '../src/cli/backup-archive.js';
import { findPgTool } from '../src/cli/backup-pgdump.js';
import { compareWithManifest, RefusedError, restoreBackup } from '../src/cli/restore.js';
import { connect, listTables, tableSums } from '../src/db/backup-db.js';
import { createDatabase } from '../src/db/database.js';
import { ensureJwtSecret } from '../src/db/seed.js';
import type { UserRow } from '../src/db/types.js';
import { fillRemainingTables } from './backup-rows.js';
import { buildTenant, buildTenantRows, TEST_PASSWORD } from './factories.js';
import { call, signIn, useTestApp } from './harness.js';
import { siteBody } from './site/site-support.js';

// The backup drill (issue 32 §1): every table holds rows, `npm run backup` writes one archive,
// a restore into a fresh database matches every table's count and checksum, and the app
// starts on the restored database and signs in.
// No job workers: their sweep deletes a job lease without an active job (fillRemainingTables writes
// one) and they would run the drill's queued pg-boss messages while the test reads the tables.
const t = useTestApp({ workers: false });
const run = promisify(execFile);
const CLI = (name: string) => path.resolve(import.meta.dirname, `../src/cli/${name}-cli.ts`);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'console-backup-test-'));
const archive = path.join(tmp, 'drill.zip');
const adminUrl = inject('pgAdminUrl');
const restoredName = `console_t_${inject('templateDb').slice(-8)}_r${randomBytes(4).toString('hex')}`;
const withDb = (url: string, db: string) => Object.assign(new URL(url), { pathname: `/${db}` }).toString();
const restoredUrl = withDb(adminUrl, restoredName);

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(sql);
  await c.end();
}

async function cli(name: string, args: string[], env: Record<string, string>) {
  try {
    const r = await run(process.execPath, ['--import', 'tsx', CLI(name), ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let tenant: UserRow;
let restored: { dataDir: string; manifest: BackupManifest } | undefined;
const image = `files/t1/2026/11/${randomUUID()}.jpg`;
beforeAll(async () => {
  tenant = await buildTenant(t.db);
  const rows = await buildTenantRows(t.db, tenant, 'bk');
  await fillRemainingTables(t.db, tenant, rows, 'bk');
  // Rows written through the API: a session, an opera-log line.
  const s = await signIn(t.app, tenant.account, TEST_PASSWORD);
  await call(t.app, s, 'POST', '/PDD/goods/category/create', { parent_id: 0, name: '备份分类' });
  // The own site (made with its category, product and a landing page by buildTenantRows), saved
  // with a domain through the API (sites, site_domains).
  const current = await call(t.app, s, 'GET', '/PDD/site/basic/get');
  const site = await call(
    t.app,
    s,
    'POST',
    '/PDD/site/basic/save',
    siteBody({
      version: (current.data as { version: number }).version,
      slug: 'backup-drill',
      domains: ['shop.backup-drill.example'],
    }),
  );
  expect(site.status, site.msg).toBe(200);
  const siteId = Number((site.data as { id: number }).id);
  // A checkout's order (site_orders), as the storefront records it.
  await t.db
    .insertInto('site_orders')
    .values({
      tenant_id: tenant.id,
      site_id: siteId,
      order_no: 'S261129BACKUP',
      lang: 'en',
      currency: 'EUR',
      total_minor: 1990,
      item_count: 1,
      lines: JSON.stringify([
        { product_id: 1, sku: '', title: 'Storage box', qty: 1, unit_minor: 1990, line_minor: 1990 },
      ]),
      buyer: JSON.stringify({
        name: 'B',
        email: 'b@example.com',
        phone: '',
        address1: 'A 1',
        address2: '',
        city: 'C',
        postcode: '1',
        country: 'DE',
        note: '',
      }),
      submit_key: 'backup-drill-submit-key',
      payment_provider: null,
      payment_id: null,
      payment_url: null,
    })
    .execute();
  const dataDir = t.deps.config.dataDir;
  fs.mkdirSync(path.dirname(path.join(dataDir, image)), { recursive: true });
  fs.writeFileSync(path.join(dataDir, image), randomBytes(3000));
  // pg-boss's own tables: a message in every queue's partition, one archived, one subscription.
  const c = await connect(t.url);
  await c.query(`insert into pgboss.job (name, data) select name, '{"drill":1}' from pgboss.queue`);
  await c.query(`insert into pgboss.archive select j.*, now() from pgboss.job j limit 1`);
  await c.query(`insert into pgboss.subscription (event, name) select 'drill', name from pgboss.queue limit 1`);
  await c.query(`insert into pgboss.schedule (name, cron) select name, '0 * * * *' from pgboss.queue limit 1`);
  await c.end();
  await admin(`create database ${restoredName}`);
});
afterAll(async () => {
  await admin(`drop database if exists ${restoredName} with (force)`);
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('backup and restore drill', () => {
  it('every table holds rows before the backup (a new table needs factory data here)', async () => {
    const c = await connect(t.url);
    const sums = await tableSums(c, await listTables(c));
    await c.end();
    expect(sums.length).toBeGreaterThan(50);
    const empty = sums.filter((s) => s.rows === 0).map((s) => s.table);
    expect(empty, 'tables without factory data (buildTenantRows, fillRemainingTables)').toEqual([]);
  });

  it('npm run backup writes one archive with a manifest of every table and file', async () => {
    const r = await cli('backup', ['--out', archive], { DATABASE_URL: t.url, DATA_DIR: t.deps.config.dataDir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/wrote .*drill\.zip/);
    const a = await openArchive(archive);
    a.close();
    // pg_dump where one fits the server (Debian's PostgreSQL as TEST_DATABASE_URL), else the built-in dump.
    const tool = await findPgTool('pg_dump', a.manifest.postgres.major);
    expect(a.manifest.method).toBe(tool ? 'pg_dump' : 'builtin');
    expect(r.stdout).toContain(tool ? `database: pg_dump ${tool.version}` : 'database: built-in dump');
    expect(a.manifest.tables.length).toBeGreaterThan(50);
    expect(a.manifest.migrations.length).toBeGreaterThan(50);
    expect(a.manifest.storage).toMatchObject({
      kind: 'local',
      files: [expect.objectContaining({ key: image, size: 3000 })],
    });
  });

  it('restores into a fresh database and file store: every count and checksum matches', async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
    const lines: string[] = [];
    const r = await restoreBackup({
      archive,
      url: restoredUrl,
      dataDir,
      storage: { kind: 'local' },
      log: (l) => lines.push(l),
    });
    expect(r.mismatches).toEqual([]);
    expect(r.fileMismatches).toEqual([]);
    expect(lines.filter((l) => l.includes('OK ')).length).toBe(r.manifest.tables.length);
    expect(fs.readFileSync(path.join(dataDir, image))).toEqual(
      fs.readFileSync(path.join(t.deps.config.dataDir, image)),
    );
    restored = { dataDir, manifest: r.manifest };
  });

  // Before the app runs on it (a sign-in writes sessions, login attempts, the opera log).
  it("the restore's check catches a changed value and a missing row", async () => {
    const c = await connect(restoredUrl);
    await c.query(`update goods_categories set name = name || 'x' where tenant_id = $1`, [tenant.id]);
    await c.query('delete from sessions where ctid = (select min(ctid) from sessions)');
    await c.end();
    const changed = await compareWithManifest(restoredUrl, restored!.manifest);
    expect(changed.sort()).toEqual(['public.goods_categories', 'public.sessions']);
  });

  it('the app starts on the restored database and signs in', async () => {
    const { dataDir } = restored!;
    const db = createDatabase(restoredUrl, { max: 4 });
    const app = await buildApp({ db, config: { ...t.deps.config, dataDir }, jwtSecret: await ensureJwtSecret(db) });
    try {
      const s = await signIn(app, tenant.account, TEST_PASSWORD);
      const list = await call(app, s, 'GET', '/PDD/goods/category/tree');
      expect(JSON.stringify(list.data)).toContain('备份分类');
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('refuses a non-empty database or file store without --force (nothing changed); --force restores', async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
    const opts = { archive, url: restoredUrl, dataDir, storage: { kind: 'local' as const } };
    await expect(restoreBackup(opts)).rejects.toThrow(
      /the target database is not empty: restore only into an empty database, or pass --force/,
    );
    fs.mkdirSync(path.join(dataDir, 'exports'));
    fs.writeFileSync(path.join(dataDir, 'exports', 'old.xlsx'), 'x');
    await expect(restoreBackup(opts)).rejects.toThrow(RefusedError);
    await expect(restoreBackup(opts)).rejects.toThrow(/holds 1 files: restore into an empty one, or pass --force/);
    const lines: string[] = [];
    const again = await restoreBackup({ ...opts, force: true, log: (l) => lines.push(l) });
    expect(again.mismatches).toEqual([]);
    expect(again.fileMismatches).toEqual([]);
    expect(lines.join('\n')).toMatch(/--force: dropped schemas pgboss, public of the target database/);
  });

  it('a damaged archive is refused with a clear message', async () => {
    const bad = path.join(tmp, 'bad.zip');
    fs.writeFileSync(bad, fs.readFileSync(archive).subarray(0, 2000));
    await expect(
      restoreBackup({ archive: bad, url: restoredUrl, dataDir: tmp, storage: { kind: 'local' } }),
    ).rejects.toThrow(/bad\.zip is not a usable backup archive: not a zip file or damaged/);
    await expect(
      restoreBackup({
        archive: path.join(tmp, 'none.zip'),
        url: restoredUrl,
        dataDir: tmp,
        storage: { kind: 'local' },
      }),
    ).rejects.toThrow(/none\.zip does not exist/);
  });
});
