// `npm run restore`: an archive of `npm run backup` into an empty database and file store
// (anything else only with --force), then a check of every table's row count and checksum
// against the manifest (docs/operations.md "Backup and restore").
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { StorageSetting } from '../config.js';
import {
  addForeignKeys,
  connect,
  createBossQueues,
  dropForeignKeys,
  dropUserSchemas,
  hasUserObjects,
  listTables,
  loadTable,
  setUserTriggers,
  tableSums,
  truncateAll,
  writeSequences,
} from '../db/backup-db.js';
import { createDatabase } from '../db/database.js';
import { loadMigrations } from '../db/migrations.js';
import { startJobQueue } from '../jobs/job-queue.js';
import {
  type BackupManifest,
  type OpenArchive,
  openArchive,
  PG_DUMP_ENTRY,
  RefusedError,
  tableEntry,
} from './backup-archive.js';
import { checkS3Objects, isLocalStoreKey, LOCAL_STORE_DIRS, listLocalFiles, sha256File } from './backup-files.js';
import { findPgTool, libpqEnv, runTool } from './backup-pgdump.js';

export interface RestoreOptions {
  archive: string;
  url: string;
  dataDir: string;
  storage: StorageSetting;
  force?: boolean;
  log?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Tables whose count or checksum differs from the manifest after the restore. */
  mismatches: string[];
  files: number;
  fileMismatches: string[];
}

export { RefusedError };

/** Migrations of the archive's schema version only: later ones run when the server starts. */
async function migrateTo(url: string, names: string[]): Promise<void> {
  const all = await loadMigrations();
  const unknown = names.filter((n) => !all[n]);
  if (unknown.length > 0)
    throw new RefusedError(
      `the archive was made by a newer console: its migrations ${unknown.slice(0, 3).join(', ')} are unknown here; update the console first`,
    );
  const provider: MigrationProvider = {
    getMigrations: async () => Object.fromEntries(names.map((n) => [n, all[n] as Migration])),
  };
  const db = createDatabase(url, { max: 2 });
  try {
    const { error } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    // pg-boss installs its schema on its first start, as the server's start would.
    await (await startJobQueue(db, [], { workers: false })).stop();
  } finally {
    await db.destroy();
  }
}

async function restoreBuiltin(url: string, archive: OpenArchive, log: (l: string) => void): Promise<void> {
  const m = archive.manifest;
  for (const t of m.tables)
    if (!archive.has(tableEntry(t.table))) throw new RefusedError(`the archive has no rows of ${t.table}`);
  await migrateTo(url, m.migrations);
  log(`schema: ${m.migrations.length} migrations applied (version ${m.migrations.at(-1)})`);
  const client = await connect(url);
  try {
    await client.query('begin');
    if (m.bossQueues.length > 0) await createBossQueues(client, 'pgboss', m.bossQueues);
    const tables = await listTables(client);
    const present = new Set(tables.map((t) => t.name));
    const missing = m.tables.filter((t) => !present.has(t.table)).map((t) => t.table);
    if (missing.length > 0)
      throw new Error(`tables of the archive missing after the migrations: ${missing.join(', ')}`);
    await setUserTriggers(client, tables, false);
    const keys = await dropForeignKeys(client);
    await truncateAll(client, tables);
    const inArchive = new Set(m.tables.map((t) => t.table));
    for (const t of tables) {
      if (!inArchive.has(t.name)) continue;
      await loadTable(client, t, await archive.stream(tableEntry(t.name)));
    }
    // Deferred keys (pg-boss's) are checked now: a table with pending checks cannot be altered.
    await client.query('set constraints all immediate');
    await addForeignKeys(client, keys);
    await setUserTriggers(client, tables, true);
    await writeSequences(client, m.sequences);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

async function restorePgDump(opts: RestoreOptions, archive: OpenArchive, major: number, log: (l: string) => void) {
  const tool = await findPgTool('pg_restore', Math.max(major, archive.manifest.postgres.major), opts.env);
  if (!tool)
    throw new RefusedError(
      `the archive holds a pg_dump ${archive.manifest.pgDump} dump: it needs pg_restore ${archive.manifest.postgres.major}+ (PG_BIN, PATH, /usr/lib/postgresql)`,
    );
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'console-restore-'));
  try {
    const file = path.join(tmp, 'dump.custom');
    await pipeline(await archive.stream(PG_DUMP_ENTRY), fs.createWriteStream(file));
    const args = [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${opts.url}`,
      file,
    ];
    await runTool(tool.file, args, libpqEnv(opts.url));
    log(`database: pg_restore ${tool.version} (${tool.file})`);
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

/** Counts and checksums of the database's tables against the manifest: one line per table; answers the mismatched ones. */
export async function compareWithManifest(
  url: string,
  m: Pick<BackupManifest, 'tables'>,
  log: (l: string) => void = () => {},
): Promise<string[]> {
  const check = await connect(url);
  const mismatches: string[] = [];
  try {
    const tables = (await listTables(check)).filter((t) => m.tables.some((x) => x.table === t.name));
    const sums = new Map((await tableSums(check, tables)).map((s) => [s.table, s]));
    for (const want of m.tables) {
      const got = sums.get(want.table);
      const ok = got && got.rows === want.rows && got.md5 === want.md5;
      if (!ok) mismatches.push(want.table);
      log(
        `  ${ok ? 'OK      ' : 'MISMATCH'} ${want.table}: ${got?.rows ?? 'missing'} rows${ok ? '' : ` (archive: ${want.rows})`}`,
      );
    }
  } finally {
    await check.end().catch(() => {});
  }
  return mismatches;
}

/** Local files into DATA_DIR, each checked against its sha256. */
async function restoreLocalFiles(opts: RestoreOptions, archive: OpenArchive, log: (l: string) => void) {
  const store = archive.manifest.storage;
  if (store.kind !== 'local') return { files: 0, mismatches: [] as string[] };
  const mismatches: string[] = [];
  for (const f of store.files) {
    if (!isLocalStoreKey(f.key)) throw new Error(`the archive names an unsafe file path ${f.key}`);
    const dest = path.join(opts.dataDir, f.key);
    await fsp.mkdir(path.dirname(dest), { recursive: true });
    await pipeline(await archive.stream(f.key), fs.createWriteStream(dest));
    if ((await sha256File(dest)) !== f.sha256) mismatches.push(f.key);
  }
  log(`files: ${store.files.length} files restored into ${opts.dataDir}, ${mismatches.length} mismatches`);
  return { files: store.files.length, mismatches };
}

export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const log = opts.log ?? (() => {});
  const archive = await openArchive(opts.archive);
  const m = archive.manifest;
  try {
    log(
      `archive: ${opts.archive}, made ${m.createdAt} by console ${m.appVersion} (${m.method}, PostgreSQL ${m.postgres.version})`,
    );
    if (m.storage.kind === 'local' && opts.storage.kind !== 'local')
      throw new RefusedError('the archive holds local files but STORAGE=s3 is set: restore with STORAGE=local');
    if (m.storage.kind === 'local') {
      const existing = await listLocalFiles(opts.dataDir);
      if (existing.length > 0 && !opts.force)
        throw new RefusedError(
          `the file store ${opts.dataDir} (${LOCAL_STORE_DIRS.join('/, ')}/) holds ${existing.length} files: restore into an empty one, or pass --force`,
        );
    }
    const client = await connect(opts.url);
    let major: number;
    try {
      major = Math.floor(Number((await client.query('show server_version_num')).rows[0].server_version_num) / 10000);
      if (await hasUserObjects(client)) {
        if (!opts.force)
          throw new RefusedError(
            'the target database is not empty: restore only into an empty database, or pass --force to drop everything in it first',
          );
        log(`--force: dropped schemas ${(await dropUserSchemas(client)).join(', ')} of the target database`);
      }
    } finally {
      await client.end().catch(() => {});
    }
    if (m.method === 'pg_dump') await restorePgDump(opts, archive, major, log);
    else await restoreBuiltin(opts.url, archive, log);

    const mismatches = await compareWithManifest(opts.url, m, log);
    log(`database: ${m.tables.length - mismatches.length} of ${m.tables.length} tables match the manifest`);
    const files = await restoreLocalFiles(opts, archive, log);
    if (m.storage.kind === 's3') {
      if (opts.storage.kind !== 's3')
        log('files: the archive lists S3 objects; STORAGE is local, so they were not checked');
      else {
        const s3 = await checkS3Objects(opts.storage, m.storage.s3.objects);
        files.mismatches.push(...s3.missing, ...s3.changed);
        log(`files: ${s3.ok} of ${m.storage.s3.objects.length} S3 objects present and unchanged`);
      }
    }
    await restoreSecretKey(opts, archive, log);
    return { manifest: m, mismatches, files: files.files, fileMismatches: files.mismatches };
  } finally {
    archive.close();
  }
}

async function restoreSecretKey(opts: RestoreOptions, archive: OpenArchive, log: (l: string) => void) {
  if (!archive.manifest.secretKey) return;
  const dest = path.join(opts.dataDir, 'secret.key');
  const chunks: Buffer[] = [];
  for await (const c of await archive.stream('secret.key')) chunks.push(c as Buffer);
  const key = Buffer.concat(chunks);
  const existing = await fsp.readFile(dest).catch(() => undefined);
  if (existing?.equals(key)) return;
  if (existing && !opts.force) {
    log(`secret key: ${dest} differs from the archive's and was kept (pass --force to replace it)`);
    return;
  }
  await fsp.mkdir(opts.dataDir, { recursive: true });
  await fsp.writeFile(dest, key, { mode: 0o600 });
  log(`secret key: ${dest} restored`);
}
