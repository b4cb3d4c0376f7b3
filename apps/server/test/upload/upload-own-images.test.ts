import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { buildTenant, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { bindSandboxShop } from '../support/sandbox-shop.js';
import { homeGoods, runUntilDone, saveGoods } from './upload-support.js';

// The default configuration of `npm start`: no PUBLIC_URL, no FETCH_ALLOW_LOOPBACK (only the
// simulator's clock runs faster, so feeds finish in test time).
const t = useTestApp({ workers: false, spapi: { ...loadConfig({}).spapi, timeScale: 20 } });

const U = '/PDD/upload/';

/** Uploads an image into the console's file store as the editor does, and answers its `/PDD/files/...` URL. */
async function uploadImage(s: Session): Promise<string> {
  const data = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
  const boundary = '----owntest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="vase.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/PDD/files/upload',
    cookies: s.cookies,
    headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const body = res.json();
  expect(body.status, body.msg).toBe(200);
  return body.data.url as string;
}

describe("the sandbox reads the console's own images from its file store (issue 28 §5)", () => {
  it('a product whose image was uploaded to the console goes live with the default settings; forged and unknown own links are refused with 18027', async () => {
    expect(t.deps.config.fetchAllowLoopback).toBe(false);
    expect(t.deps.config.publicUrl).toBeUndefined();
    const tenant = await buildTenant(t.db);
    await t.db.updateTable('users').set({ is_not_use_ean: 1 }).where('id', '=', tenant.id).execute();
    const s = await signIn(t.app, tenant.account, TEST_PASSWORD);
    const shop = await bindSandboxShop(t.app, s, `图片店${tenant.id}`);
    // The shop page knows PUBLIC_URL is not set (it warns when a real shop is bound).
    const shops = await call(t.app, s, 'POST', '/PDD/amazon-user/authShopList', { page: 1, pageSize: 20 });
    expect(shops.data).toMatchObject({ public_url_set: false, list: [expect.objectContaining({ sandbox: true })] });

    const url = await uploadImage(s);
    const key = /^\/PDD\/files\/(.+)$/.exec(url)![1]!;
    const own = { ...homeGoods('OWN-IMG', ''), images: [{ url }] };
    // The signed link of the right file on the console's own address, with a signature that is not the file's.
    const forgedUrl = `http://127.0.0.1:${t.deps.config.port}/PDD/public-files/${'A'.repeat(32)}/${key}`;
    const forged = { ...homeGoods('FORGED-IMG', ''), images: [{ url: forgedUrl }] };
    // A console file URL of no stored file (validly signed when sent, but nothing behind it).
    const unknownUrl = `/PDD/files/t${tenant.id}/2026/11/${randomUUID()}.png`;
    const unknown = { ...homeGoods('UNKNOWN-IMG', ''), images: [{ url: unknownUrl }] };
    const ids = [
      (await saveGoods(t.app, s, own)).id,
      (await saveGoods(t.app, s, forged)).id,
      (await saveGoods(t.app, s, unknown)).id,
    ];

    const created = await call(t.app, s, 'POST', `${U}create`, {
      shop_id: shop.id,
      marketplaces: ['de'],
      upload_type: 'good',
      ids: ids.join(','),
    });
    expect(created.status, created.msg).toBe(200);
    await runUntilDone(t.deps, created.data.queue_id);
    const list = (await call(t.app, s, 'GET', `${U}queueItems?queue_id=${created.data.queue_id}&pageSize=50`)).data
      .list as { goods_id: number; status: string }[];
    const statusOf = (id: number) => list.find((i) => i.goods_id === id)?.status;
    expect(statusOf(ids[0]!)).toBe('live');
    for (const id of ids.slice(1)) {
      expect(statusOf(id), String(id)).toBe('rejected');
      const feed = await call(t.app, s, 'GET', `${U}errorFeed?queue_id=${created.data.queue_id}&goods_id=${id}`);
      expect(feed.data.items[0].issues.map((i: { code: string }) => i.code)).toContain('18027');
    }
  });
});
