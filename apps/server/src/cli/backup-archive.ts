// The backup archive: one zip file (yazl to write, yauzl to read) holding `manifest.json`,
// the database dump (`db/<schema>.<table>.jsonl` or `db/pg_dump.custom`), the local store's
// files under `files/` and `exports/`, and `secret.key` when the console generated its key.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { S3Manifest, StoredFile } from './backup-files.js';

export const MANIFEST = 'manifest.json';
export const FORMAT = 'store-group-console-backup';

export interface BackupManifest {
  format: typeof FORMAT;
  formatVersion: 1;
  appVersion: string;
  createdAt: string;
  /** `builtin`: JSON lines per table, schema by the migrations; `pg_dump`: a custom-format dump. */
  method: 'builtin' | 'pg_dump';
  /** The pg_dump that wrote the dump (`pg_dump` method). */
  pgDump?: string;
  postgres: { version: string; major: number };
  /** Applied migrations (names, sorted); the last one is the schema version. */
  migrations: string[];
  tables: { table: string; rows: number; md5: string }[];
  /** Sequence values (`builtin`; pg_dump carries its own). */
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  /** pg-boss queue names, whose job partitions a built-in restore creates before loading. */
  bossQueues: string[];
  storage: { kind: 'local'; files: StoredFile[] } | { kind: 's3'; s3: S3Manifest };
  secretKey: boolean;
}

export const tableEntry = (table: string) => `db/${table}.jsonl`;
export const PG_DUMP_ENTRY = 'db/pg_dump.custom';

/** Writes the archive: each entry from a file on disk or from a buffer; the file appears only when complete. */
export async function writeArchive(
  out: string,
  entries: { name: string; file?: string; data?: Buffer }[],
): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    if (e.file !== undefined) zip.addFile(e.file, e.name);
    else zip.addBuffer(e.data ?? Buffer.alloc(0), e.name);
  }
  zip.end();
  const tmp = `${out}.partial`;
  await pipeline(zip.outputStream as Readable, fs.createWriteStream(tmp, { mode: 0o600 }));
  await fsp.rename(tmp, out);
}

/** A clear message when a file is not a readable backup archive. */
export class ArchiveError extends Error {}

/** A restore that must not go on (target not empty or in use, archive of a newer console ...): exit 2, nothing changed. */
export class RefusedError extends Error {}

export interface OpenArchive {
  manifest: BackupManifest;
  has(name: string): boolean;
  stream(name: string): Promise<Readable>;
  close(): void;
}

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, zip) => (err ? reject(err) : resolve(zip))),
  );

/** Opens an archive and reads its manifest; anything unreadable is an ArchiveError naming the file. */
export async function openArchive(file: string): Promise<OpenArchive> {
  const bad = (why: string) => new ArchiveError(`${file} is not a usable backup archive: ${why}`);
  if (!fs.existsSync(file)) throw new ArchiveError(`${file} does not exist`);
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch (err) {
    throw bad(`not a zip file or damaged (${(err as Error).message})`);
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (e: yauzl.Entry) => {
        entries.set(e.fileName, e);
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', reject);
      zip.readEntry();
    });
  } catch (err) {
    zip.close();
    throw bad(`damaged (${(err as Error).message})`);
  }
  const stream = (name: string) =>
    new Promise<Readable>((resolve, reject) => {
      const entry = entries.get(name);
      if (!entry) return reject(bad(`entry ${name} is missing`));
      zip.openReadStream(entry, (err, s) =>
        err ? reject(bad(`entry ${name} is damaged (${err.message})`)) : resolve(s),
      );
    });
  let manifest: BackupManifest;
  try {
    const chunks: Buffer[] = [];
    for await (const c of await stream(MANIFEST)) chunks.push(c as Buffer);
    manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
  } catch (err) {
    zip.close();
    throw err instanceof ArchiveError ? err : bad(`${MANIFEST} is damaged (${(err as Error).message})`);
  }
  if (manifest?.format !== FORMAT || manifest.formatVersion !== 1) {
    zip.close();
    throw bad(`${MANIFEST} is not a manifest of this console's backups (format ${String(manifest?.format)})`);
  }
  return { manifest, has: (name) => entries.has(name), stream, close: () => zip.close() };
}

/** Reads a whole entry (a damaged one fails its CRC check here). */
export async function readEntry(archive: OpenArchive, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await archive.stream(name)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
