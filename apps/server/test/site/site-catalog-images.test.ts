import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileStorage } from '../../src/modules/files/storage.js';
import { cachedImagePath } from '../../src/modules/site/storefront/images.js';
import { buildTenant } from '../factories.js';
import { useTestApp } from '../harness.js';
import { insertProduct, insertSite, texts } from './site-catalog-support.js';
import { png } from './site-support.js';

// The storefront's image route `<base>/img/<width>/<key>` (docs/site.md "Catalog pages").
const t = useTestApp();
const keyOf = (tenantId: number) => `t${tenantId}/2026/11/${randomUUID()}.png`;
let used = '';
let unused = '';
let draftOnly = '';
let variationPic = '';
let othersKey = '';
let bomb = '';
let logo = '';

/** A PNG whose header claims 30,000 × 30,000 pixels in a few bytes (a decompression bomb). */
function bombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  const tenant = await buildTenant(t.db);
  const other = await buildTenant(t.db);
  const storage = fileStorage(t.deps.config);
  const image = await png();
  used = keyOf(tenant.id);
  unused = keyOf(tenant.id);
  draftOnly = keyOf(tenant.id);
  variationPic = keyOf(tenant.id);
  logo = keyOf(tenant.id);
  othersKey = keyOf(other.id);
  bomb = keyOf(tenant.id);
  for (const k of [used, unused, draftOnly, variationPic, logo, othersKey]) await storage.put(k, image);
  await storage.put(bomb, bombPng());
  const site = await insertSite(t.db, tenant.id, { slug: 'img-shop', logo });
  const otherSite = await insertSite(t.db, other.id, { slug: 'img-other' });
  await insertProduct(t.db, site, {
    slug: 'a',
    texts: texts('A'),
    pictures: [used, bomb],
    variations: [{ sku: 'A-1', options: { c: 'red' }, price: null, picture: variationPic }],
  });
  await insertProduct(t.db, site, { slug: 'b', texts: texts('B'), pictures: [draftOnly], published: false });
  await insertProduct(t.db, otherSite, { slug: 'c', texts: texts('C'), pictures: [othersKey] });
});

describe('storefront images', () => {
  it('serves a published product picture as WebP at an allowed width, kept on disk, with long cache headers', async () => {
    const res = await get(`/s/img-shop/img/400/${used}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    // 64 px wide source: never enlarged.
    expect(meta.width).toBe(64);
    expect(fs.existsSync(cachedImagePath(t.deps.config, used, 400))).toBe(true);
    const again = await get(`/s/img-shop/img/400/${used}`);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    for (const ok of [`160/${variationPic}`, `1200/${logo}`])
      expect((await get(`/s/img-shop/img/${ok}`)).statusCode, ok).toBe(200);
  });

  it("refuses other widths, keys no published product of the site uses, other tenants' keys and bombs", async () => {
    for (const path of [
      `300/${used}`,
      `abc/${used}`,
      `4000/${used}`,
      `400/${unused}`,
      `400/${draftOnly}`,
      `400/${othersKey}`,
      `400/../${used}`,
      `400/${used.replace('.png', '.pdf')}`,
    ]) {
      const res = await get(`/s/img-shop/img/${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).not.toBe('image/webp');
    }
    // The other tenant's own site serves its key.
    expect((await get(`/s/img-other/img/400/${othersKey}`)).statusCode).toBe(200);
    const res = await get(`/s/img-shop/img/800/${bomb}`);
    expect(res.statusCode).toBe(422);
    expect(res.body).toBe('image too large to resize');
    expect(fs.existsSync(cachedImagePath(t.deps.config, bomb, 800))).toBe(false);
  });
});
