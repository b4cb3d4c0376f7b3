import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error.js';

/**
 * Where uploaded and copied images and finished export files live: DATA_DIR (`localStorage`)
 * or an S3-compatible bucket (`s3Storage`); `fileStorage(config)` picks one (docs/storage.md).
 * Image keys look like `t12/2026/11/<uuid>.jpg`, export keys like `exports/<uuid>.xlsx`.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores bytes under a key; the content type follows from the key's extension. */
  put(key: string, data: Buffer): Promise<void>;
  /** Moves a finished local file (e.g. an export written by a job) into the storage; the file is gone afterwards. */
  putFile(key: string, file: string): Promise<void>;
  /** A stream of the file, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes a file; a missing one is no error (the job retention removes expired exports). */
  remove(key: string): Promise<void>;
}

/** Images and thumbnails; `pdf` is a GPSR document (modules/gpsr/gpsr-document.ts). */
const IMAGE_KEY = /^t\d+\/\d{4}\/\d{2}\/[0-9a-f-]{36}(_w200)?\.(jpg|png|webp|gif|pdf)$/;
const EXPORT_KEY = /^exports\/[0-9a-f-]{36}\.xlsx$/;

/** Whether a key has the shape of an image key (no traversal, no surprises); only these are served by `/PDD/files/*`. */
export function isSafeKey(key: string): boolean {
  return IMAGE_KEY.test(key);
}

/** Whether a key may be stored at all: an image key or an export key. */
export function isStorageKey(key: string): boolean {
  return IMAGE_KEY.test(key) || EXPORT_KEY.test(key);
}

/** Storage key of an export job's workbook. */
export const exportKey = (jobId: string) => `exports/${jobId}.xlsx`;

/** MIME type per stored file extension. */
export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** MIME type of a stored key, from its extension (the extension itself comes from the sniffed bytes). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

export const STORAGE_MSG = '文件存储暂时不可用,请稍后再试';

/**
 * The storage failed (S3 down, throttling after retries, credentials revoked ...). Users get a
 * 503 with a Chinese message; `detail` (English) and `cause` go to the log.
 */
export class StorageError extends AppError {
  constructor(
    public readonly detail: string,
    cause?: unknown,
  ) {
    super(503, STORAGE_MSG);
    this.name = 'StorageError';
    if (cause !== undefined) this.cause = cause;
  }
}

/** Files under DATA_DIR: images in `files/`, exports in `exports/` (where they were before storage was pluggable). */
export function localStorage(dataDir: string): FileStorage {
  const full = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`unsafe file key ${key}`);
    return EXPORT_KEY.test(key) ? path.join(dataDir, key) : path.join(dataDir, 'files', key);
  };
  const fail = (op: string, key: string, err: unknown) => new StorageError(`local ${op} of ${key} failed`, err);
  /** A missing file is null; anything else (permissions, I/O) is a storage failure. */
  const orNull =
    (op: string, key: string) =>
    (err: NodeJS.ErrnoException): null => {
      if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return null;
      throw fail(op, key, err);
    };
  return {
    kind: 'local',
    async put(key, data) {
      const file = full(key);
      try {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(`${file}.part`, data);
        await fs.rename(`${file}.part`, file);
      } catch (err) {
        throw fail('write', key, err);
      }
    },
    async putFile(key, source) {
      const file = full(key);
      try {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.rename(source, file).catch(async (err: NodeJS.ErrnoException) => {
          if (err.code !== 'EXDEV') throw err;
          await fs.copyFile(source, `${file}.part`);
          await fs.rename(`${file}.part`, file);
          await fs.rm(source, { force: true });
        });
      } catch (err) {
        throw fail('move', key, err);
      }
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      // Opened before answering, so a missing file is a clean null (never a stream that fails later).
      const handle = await fs.open(full(key), 'r').catch(orNull('open', key));
      return handle ? handle.createReadStream() : null;
    },
    async read(key) {
      if (!isStorageKey(key)) return null;
      return fs.readFile(full(key)).catch(orNull('read', key));
    },
    async exists(key) {
      if (!isStorageKey(key)) return false;
      const stat = await fs.stat(full(key)).catch(orNull('stat', key));
      return stat?.isFile() ?? false;
    },
    async remove(key) {
      const file = full(key);
      try {
        await fs.rm(file, { force: true });
      } catch (err) {
        throw fail('delete', key, err);
      }
    },
  };
}
