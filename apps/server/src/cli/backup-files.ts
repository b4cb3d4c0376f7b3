// The file store's part of a backup: the local folders' files (copied into the archive) or a
// manifest of the S3 objects (keys, ETags, sizes; the objects stay in the bucket).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { S3Setting } from '../config.js';
import { s3Client } from '../modules/files/s3-storage.js';

/** A file of the local store: its key (path under DATA_DIR, `/`-separated), size and sha256. */
export interface StoredFile {
  key: string;
  size: number;
  sha256: string;
}

export interface S3Object {
  key: string;
  etag: string;
  size: number;
}

export interface S3Manifest {
  bucket: string;
  prefix: string;
  endpoint: string | undefined;
  objects: S3Object[];
}

/** The folders of DATA_DIR that hold the local store: images (`files/`) and export workbooks (`exports/`). */
export const LOCAL_STORE_DIRS = ['files', 'exports'] as const;

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

async function walk(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(full)));
    else if (e.isFile()) out.push(full);
  }
  return out;
}

/** Every file of the local store, sorted by key. */
export async function listLocalFiles(dataDir: string): Promise<StoredFile[]> {
  const out: StoredFile[] = [];
  for (const dir of LOCAL_STORE_DIRS) {
    for (const file of await walk(path.join(dataDir, dir))) {
      const stat = await fsp.stat(file);
      const key = path.relative(dataDir, file).split(path.sep).join('/');
      out.push({ key, size: stat.size, sha256: await sha256File(file) });
    }
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** Whether a key of a manifest stays inside the local store's folders (no `..`, no absolute path). */
export function isLocalStoreKey(key: string): boolean {
  const parts = key.split('/');
  return (
    (LOCAL_STORE_DIRS as readonly string[]).includes(parts[0]!) &&
    parts.length > 1 &&
    parts.every((p) => p !== '' && p !== '.' && p !== '..' && !p.includes('\\'))
  );
}

/** Lists every object under the prefix (ListObjectsV2, page by page). */
export async function s3Manifest(setting: S3Setting): Promise<S3Manifest> {
  const client = s3Client(setting);
  const objects: S3Object[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({
        Bucket: setting.bucket,
        Prefix: setting.prefix || undefined,
        ContinuationToken: token,
      }),
    );
    for (const o of page.Contents ?? [])
      if (o.Key) objects.push({ key: o.Key, etag: o.ETag ?? '', size: Number(o.Size ?? 0) });
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  client.destroy();
  return { bucket: setting.bucket, prefix: setting.prefix, endpoint: setting.endpoint, objects };
}

/** Checks that the bucket still holds each object of a manifest with the same size and ETag. */
export async function checkS3Objects(
  setting: S3Setting,
  objects: S3Object[],
): Promise<{ ok: number; missing: string[]; changed: string[] }> {
  const client = s3Client(setting);
  const missing: string[] = [];
  const changed: string[] = [];
  let ok = 0;
  for (const o of objects) {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: setting.bucket, Key: o.key }));
      if (Number(head.ContentLength ?? -1) !== o.size || (head.ETag && head.ETag !== o.etag)) changed.push(o.key);
      else ok++;
    } catch {
      missing.push(o.key);
    }
  }
  client.destroy();
  return { ok, missing, changed };
}
