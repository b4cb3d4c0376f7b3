import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGoods, buildTenant, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, type TestContext, useTestApp } from './harness.js';

const t = useTestApp({ maxUploadBytes: 1024 * 1024 });
const permissive = useTestApp({ fetchAllowLoopback: true });

const png = (w = 300, h = 200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();

function multipart(filename: string, type: string, data: Buffer) {
  const boundary = '----consoletest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(ctx: TestContext, s: Session, filename: string, type: string, data: Buffer) {
  const body = multipart(filename, type, data);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/PDD/files/upload',
    cookies: s.cookies,
    headers: { ...s.headers, ...body.headers },
    payload: body.payload,
  });
  return { http: res.statusCode, ...res.json() };
}

describe('image upload and serving', () => {
  it('stores an image and a 200 px thumbnail, served to its own tenant only', async () => {
    // uid 1 is the platform operator, whose images every tenant may see; the uploader here is an ordinary tenant.
    await buildTenant(t.db);
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const data = await png();
    const up = await upload(t, s, 'red.png', 'image/png', data);
    expect(up).toMatchObject({ status: 200, data: { width: 300, height: 200, size: data.length } });
    expect(up.data.url).toMatch(new RegExp(`^/PDD/files/t${main.id}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.png$`));
    const file = await t.app.inject({ method: 'GET', url: up.data.url, cookies: s.cookies });
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, data)).toBe(0);
    const thumb = await t.app.inject({ method: 'GET', url: up.data.thumb, cookies: s.cookies });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(200);

    const other = await buildTenant(t.db);
    const so = await signIn(t.app, other.account, TEST_PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: up.data.url, cookies: so.cookies })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: up.data.url })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/PDD/files/../../etc/passwd', cookies: s.cookies })).statusCode,
    ).toBe(404);
  });

  it('refuses what is not an image (whatever its name says), too large files and non-multipart bodies', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    expect((await upload(t, s, 'fake.png', 'image/png', Buffer.from('hello'))).msg).toBe(
      '只支持 JPG、PNG、WEBP、GIF 格式的图片',
    );
    const big = await sharp({ create: { width: 1500, height: 1500, channels: 3, background: '#123' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect((await upload(t, s, 'big.png', 'image/png', big)).msg).toBe('文件不能超过 1MB');
    expect((await call(t.app, s, 'POST', '/PDD/files/upload', { file: 'x' })).msg).toBe(
      '请以 multipart/form-data 上传文件',
    );
  });

  it('downZlibImgs streams a zip of the product images, listing outside links', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const a = (await upload(t, s, 'a.png', 'image/png', await png())).data.url;
    const b = (await upload(t, s, 'b.png', 'image/png', await png(100, 100))).data.url;
    const g = await buildGoods(t.db, main, {
      baseInfo: { sku: 'ZIP-1' },
      images: [{ url: a }, { url: 'https://m.media-amazon.com/images/I/x.jpg' }],
      parentageTable: { theme: 'c', attrs: ['c'], children: [{ sku: 'c1', values: { c: 'r' }, images: [b, a] }] },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/PDD/amazon-user/downZlibImgs',
      cookies: s.cookies,
      headers: s.headers,
      payload: { id: Number(g.id) },
    });
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('ZIP-1-images.zip');
    const body = res.rawPayload;
    expect(body.subarray(0, 2).toString()).toBe('PK');
    const text = body.toString('latin1');
    expect(text).toContain('01.png');
    expect(text).toContain('02.png');
    expect(text).not.toContain('03.png');
    const other = await buildTenant(t.db);
    const so = await signIn(t.app, other.account, TEST_PASSWORD);
    expect((await call(t.app, so, 'POST', '/PDD/amazon-user/downZlibImgs', { id: Number(g.id) })).http).toBe(404);
  });
});

describe('batchCopyOssObject', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    const image = await png(50, 50);
    server = http.createServer((req, res) => {
      if (req.url === '/img.png') res.writeHead(200, { 'content-type': 'image/png' }).end(image);
      else if (req.url === '/text') res.writeHead(200).end('not an image');
      else if (req.url === '/to-private') res.writeHead(302, { location: 'http://10.1.2.3/x.png' }).end();
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('refuses loopback and private addresses', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const r = await call(t.app, s, 'POST', '/PDD/goods/batchCopyOssObject', {
      urls: [
        `${base}/img.png`,
        'http://10.0.0.5/a.png',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/a.png',
        'ftp://x/y.png',
      ],
    });
    expect(r.data.map((x: { error?: string }) => x.error)).toEqual([
      '不允许访问内网或本机地址',
      '不允许访问内网或本机地址',
      '不允许访问内网或本机地址',
      '不允许访问内网或本机地址',
      '只支持 http 或 https 地址',
    ]);
  });

  it('copies a reachable image into storage; other answers fail per item', async () => {
    const main = await buildTenant(permissive.db);
    const s = await signIn(permissive.app, main.account, TEST_PASSWORD);
    const r = await call(permissive.app, s, 'POST', '/PDD/goods/batchCopyOssObject', {
      urls: [`${base}/img.png`, `${base}/text`, `${base}/missing`, `${base}/to-private`],
    });
    expect(r.data[0].url).toMatch(/^\/PDD\/files\/t\d+\/.+\.png$/);
    expect(r.data.slice(1).map((x: { error?: string }) => x.error)).toEqual([
      '只支持 JPG、PNG、WEBP、GIF 格式的图片',
      '下载失败 (HTTP 404)',
      '不允许访问内网或本机地址',
    ]);
    expect(r.msg).toBe('已复制1张,失败3张');
    const file = await permissive.app.inject({ method: 'GET', url: r.data[0].url, cookies: s.cookies });
    expect(file.statusCode).toBe(200);
  });
});
