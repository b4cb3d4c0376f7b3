import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded and copied files live. Keys look like `t12/2026/11/<uuid>.jpg`. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** A stream of the file, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  read(key: string): Promise<Buffer | null>;
}

const SAFE_KEY = /^t\d+\/\d{4}\/\d{2}\/[0-9a-f-]{36}(_w200)?\.(jpg|png|webp|gif)$/;

/** Whether a key has our shape (no traversal, no surprises). */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key);
}

/** Files under DATA_DIR/files. */
export function localStorage(root: string): FileStorage {
  const full = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe file key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = full(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(`${file}.part`, data);
      await fs.rename(`${file}.part`, file);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        await fs.access(full(key));
        return createReadStream(full(key));
      } catch {
        return null;
      }
    },
    async read(key) {
      if (!isSafeKey(key)) return null;
      return fs.readFile(full(key)).catch(() => null);
    },
  };
}
