import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';
import { type FileStorage, localStorage } from './file-storage.js';
import { checkS3Storage, type S3StorageOptions, s3Storage } from './s3-storage.js';

const made = new WeakMap<Config, FileStorage>();

/**
 * The storage the configuration asks for (STORAGE=local|s3), one per configuration object, so
 * routes and background jobs of one app share it.
 */
export function fileStorage(config: Config, opts: S3StorageOptions = {}): FileStorage {
  let storage = made.get(config);
  if (!storage) {
    storage = config.storage.kind === 's3' ? s3Storage(config.storage, opts) : localStorage(config.dataDir);
    made.set(config, storage);
  }
  return storage;
}

/**
 * Start-up check (`npm start` runs it before anything else): DATA_DIR must be writable, or the
 * bucket reachable, readable and writable with the configured credentials. Throws an Error with
 * an English message naming what to fix; the server then does not start.
 */
export async function checkFileStorage(config: Config, opts: S3StorageOptions = {}): Promise<void> {
  if (config.storage.kind === 's3') return checkS3Storage(config.storage, opts);
  // Nothing is created here: the nearest existing folder on the way to DATA_DIR/files must be writable.
  let dir = path.join(config.dataDir, 'files');
  while (!(await fs.stat(dir).catch(() => null)) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  try {
    await fs.access(dir, fs.constants.W_OK);
  } catch (err) {
    throw new Error(
      `STORAGE=local: cannot write to ${dir} (${(err as NodeJS.ErrnoException).code ?? err}); check DATA_DIR`,
    );
  }
}

/** One line for the start-up log: where files go. */
export function describeStorage(config: Config): string {
  const s = config.storage;
  if (s.kind === 'local') return `local folder ${path.join(config.dataDir, 'files')}`;
  return `s3://${s.bucket}/${s.prefix} at ${s.endpoint ?? `AWS ${s.region}`}${s.forcePathStyle ? ' (path-style)' : ''}`;
}
