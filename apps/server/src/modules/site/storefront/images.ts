import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Config } from '../../../config.js';
import { isSafeKey } from '../../files/file-storage.js';
import { fileStorage } from '../../files/storage.js';
import { IMAGE_WIDTHS } from './catalog-view.js';

/**
 * The storefront's resized pictures (`<base>/img/<width>/<key>`, docs/site.md "Catalog pages"):
 * WebP at one of IMAGE_WIDTHS, made once with `sharp` (on libuv's threads, never on the event
 * loop) and kept on disk under DATA_DIR/site-images keyed by key and width. Which keys a site may
 * show is the caller's check (catalog-routes.ts); this module only makes and finds the files.
 */

/** Largest picture decoded (pixels): a "decompression bomb" (a tiny file claiming a huge canvas) is refused. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Resizes at once; more wait in line, and beyond MAX_WAITING the visitor gets a 503 (retry). */
const MAX_PARALLEL = 2;
const MAX_WAITING = 64;
/** Extensions of stored pictures (a stored PDF is no picture). */
const PICTURE = /\.(jpg|png|webp|gif)$/;

export type ImageOutcome = { ok: true; file: string } | { ok: false; status: 404 | 422 | 503; message: string };

/** Whether the width is one the route serves. */
export const isImageWidth = (w: number) => (IMAGE_WIDTHS as readonly number[]).includes(w);

/** Whether a key may be a storefront picture of the tenant: a stored image key under `t<tenant>/`. */
export const isTenantPictureKey = (tenantId: number, key: string) =>
  isSafeKey(key) && PICTURE.test(key) && key.startsWith(`t${tenantId}/`);

/** Where a resized picture is kept. */
export function cachedImagePath(config: Config, key: string, width: number): string {
  const h = createHash('sha256').update(key).digest('hex').slice(0, 40);
  return path.join(config.dataDir, 'site-images', h.slice(0, 2), `${h}-${width}.webp`);
}

let running = 0;
const waiting: (() => void)[] = [];
const inFlight = new Map<string, Promise<ImageOutcome>>();

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

async function resize(config: Config, key: string, width: number, file: string): Promise<ImageOutcome> {
  const source = await fileStorage(config).read(key);
  if (!source) return { ok: false, status: 404, message: 'image not found' };
  let out: Buffer;
  try {
    out = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
  } catch (err) {
    const tooBig = /pixel limit/i.test(String((err as Error).message));
    return { ok: false, status: 422, message: tooBig ? 'image too large to resize' : 'not a readable image' };
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${randomUUID()}.tmp`;
  await fs.writeFile(tmp, out);
  await fs.rename(tmp, file);
  return { ok: true, file };
}

/**
 * The resized picture's file: from the disk cache, else made now (one resize per key and width
 * at a time, at most MAX_PARALLEL at once). The caller has checked the key and the width.
 */
export async function siteImageFile(config: Config, key: string, width: number): Promise<ImageOutcome> {
  const file = cachedImagePath(config, key, width);
  if (await fs.stat(file).catch(() => null)) return { ok: true, file };
  const id = `${key}@${width}`;
  const pending = inFlight.get(id);
  if (pending) return pending;
  if (waiting.length >= MAX_WAITING) return { ok: false, status: 503, message: 'busy, retry shortly' };
  const job = withSlot(() => resize(config, key, width, file)).finally(() => inFlight.delete(id));
  inFlight.set(id, job);
  return job;
}
