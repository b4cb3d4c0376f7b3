// `npm run backup`: one archive with the database (pg_dump of a fitting major version, else
// the built-in dump), the local file store or a manifest of the S3 objects, and a manifest
// with per-table row counts and checksums (docs/operations.md "Backup and restore").
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { StorageSetting } from '../config.js';
import {
  appliedMigrations,
  beginSnapshot,
  connect,
  dumpTable,
  listTables,
  readSequences,
  serverVersion,
  tableSums,
} from '../db/backup-db.js';
import { type BackupManifest, FORMAT, PG_DUMP_ENTRY, tableEntry, writeArchive } from './backup-archive.js';
import { listLocalFiles, s3Manifest } from './backup-files.js';
import { findPgTool, libpqEnv, runTool } from './backup-pgdump.js';
import { appVersion } from './backup-target.js';

export type DumpMethod = 'auto' | 'builtin' | 'pg_dump';

export interface BackupOptions {
  url: string;
  dataDir: string;
  storage: StorageSetting;
  /** The archive to write. */
  out: string;
  method?: DumpMethod;
  /** SECRET_KEY is set: DATA_DIR/secret.key is not the key and is not copied. */
  secretKeyFromEnv?: boolean;
  log?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
}

export interface BackupResult {
  manifest: BackupManifest;
  file: string;
  bytes: number;
}

/** The pg-boss queues of a database (their job partitions must exist before a built-in restore loads rows). */
async function bossQueues(client: Awaited<ReturnType<typeof connect>>): Promise<string[]> {
  const exists = await client.query(`select to_regclass('pgboss.queue') as t`);
  if (!exists.rows[0].t) return [];
  const r = await client.query<{ name: string }>('select name from pgboss.queue order by name');
  return r.rows.map((x) => x.name);
}

export async function createBackup(opts: BackupOptions): Promise<BackupResult> {
  const log = opts.log ?? (() => {});
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'console-backup-'));
  const client = await connect(opts.url);
  try {
    // One snapshot for the catalogue, the checksums and the rows (and pg_dump, which joins it).
    await beginSnapshot(client);
    const snapshot = (await client.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0]!.s;
    const pgv = await serverVersion(client);
    const method = opts.method ?? 'auto';
    const tool = method === 'builtin' ? undefined : await findPgTool('pg_dump', pgv.major, opts.env);
    if (method === 'pg_dump' && !tool)
      throw new Error(`no pg_dump of major version ${pgv.major} or newer found (PG_BIN, PATH, /usr/lib/postgresql)`);
    const migrations = await appliedMigrations(client);
    if (migrations.length === 0)
      throw new Error('the database has no applied migrations: nothing of the console to back up');
    const tables = await listTables(client);
    const sums = await tableSums(client, tables);
    const entries: { name: string; file?: string; data?: Buffer }[] = [];
    let sequences: BackupManifest['sequences'] = [];
    if (tool) {
      log(`database: pg_dump ${tool.version} (${tool.file}) of PostgreSQL ${pgv.text}`);
      const file = path.join(tmp, 'pg_dump.custom');
      const args = ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`];
      await runTool(tool.file, args, libpqEnv(opts.url));
      entries.push({ name: PG_DUMP_ENTRY, file });
    } else {
      log(`database: built-in dump of PostgreSQL ${pgv.text} (no pg_dump ${pgv.major}+ found)`);
      sequences = await readSequences(client);
      for (const t of tables) {
        const file = path.join(tmp, `${t.name}.jsonl`);
        await dumpTable(client, t, file);
        entries.push({ name: tableEntry(t.name), file });
      }
    }
    const queues = await bossQueues(client);
    await client.query('commit');
    const rows = sums.reduce((n, s) => n + s.rows, 0);
    log(`database: ${tables.length} tables, ${rows} rows, schema version ${migrations.at(-1)}`);

    let storage: BackupManifest['storage'];
    if (opts.storage.kind === 's3') {
      const s3 = await s3Manifest(opts.storage);
      storage = { kind: 's3', s3 };
      log(
        `files: manifest of ${s3.objects.length} objects in s3://${s3.bucket}/${s3.prefix} (objects stay in the bucket)`,
      );
    } else {
      const files = await listLocalFiles(opts.dataDir);
      for (const f of files) entries.push({ name: f.key, file: path.join(opts.dataDir, f.key) });
      storage = { kind: 'local', files };
      const bytes = files.reduce((n, f) => n + f.size, 0);
      log(`files: ${files.length} files (${bytes} bytes) of ${opts.dataDir}`);
    }
    const keyFile = path.join(opts.dataDir, 'secret.key');
    const secretKey = !opts.secretKeyFromEnv && fs.existsSync(keyFile);
    if (secretKey) {
      entries.push({ name: 'secret.key', file: keyFile });
      log('secret key: DATA_DIR/secret.key is in the archive (it decrypts shop credentials: keep the archive safe)');
    }
    const manifest: BackupManifest = {
      format: FORMAT,
      formatVersion: 1,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      method: tool ? 'pg_dump' : 'builtin',
      ...(tool ? { pgDump: tool.version } : {}),
      postgres: { version: pgv.text, major: pgv.major },
      migrations,
      tables: sums,
      sequences,
      bossQueues: queues,
      storage,
      secretKey,
    };
    entries.unshift({ name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest, null, 1)) });
    await fsp.mkdir(path.dirname(path.resolve(opts.out)), { recursive: true });
    await writeArchive(opts.out, entries);
    const bytes = (await fsp.stat(opts.out)).size;
    log(`wrote ${opts.out} (${bytes} bytes)`);
    return { manifest, file: opts.out, bytes };
  } finally {
    await client.end().catch(() => {});
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}
