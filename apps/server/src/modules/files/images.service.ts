import { randomUUID } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { badRequest } from '../../lib/app-error.js';
import type { FileStorage } from './file-storage.js';

/** Image formats we accept, detected from the bytes (never from the file name or the client's type). */
const FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' };
export const IMAGE_TYPES_MSG = '只支持 JPG、PNG、WEBP、GIF 格式的图片';
/** Largest side we accept (Amazon asks for at most 10,000 px). */
const MAX_SIDE = 10_000;
export const THUMB_WIDTH = 200;

export interface StoredImage {
  url: string;
  thumb: string;
  width: number;
  height: number;
  size: number;
}

/** URL path under which a stored key is served. */
export const fileUrl = (key: string) => `/PDD/files/${key}`;

/** Checks that the bytes are an image we accept, stores it and its 200 px thumbnail. */
export async function storeImage(storage: FileStorage, tenantId: number, data: Buffer): Promise<StoredImage> {
  let meta: Metadata;
  try {
    meta = await sharp(data).metadata();
  } catch {
    throw badRequest(IMAGE_TYPES_MSG);
  }
  const ext = meta.format ? FORMATS[meta.format] : undefined;
  if (!ext || !meta.width || !meta.height) throw badRequest(IMAGE_TYPES_MSG);
  if (meta.width > MAX_SIDE || meta.height > MAX_SIDE)
    throw badRequest(`图片尺寸不能超过 ${MAX_SIDE}×${MAX_SIDE} 像素`);
  const now = new Date();
  const dir = `t${tenantId}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const id = randomUUID();
  const key = `${dir}/${id}.${ext}`;
  const thumbKey = `${dir}/${id}_w200.jpg`;
  const thumb = await sharp(data, { animated: false })
    .rotate()
    .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer();
  await storage.put(key, data);
  await storage.put(thumbKey, thumb);
  return { url: fileUrl(key), thumb: fileUrl(thumbKey), width: meta.width, height: meta.height, size: data.length };
}
