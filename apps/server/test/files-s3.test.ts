import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Simulator } from '../src/modules/files/s3.simulator.js';
import { buildGoods, buildTenant, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';

// The real upload -> thumbnail -> serve path, zip, remote copy and export job with STORAGE=s3,
// against the loopback S3 simulator (which checks every request's signature).
const sim = await startS3Simulator({ buckets: ['console-files'] });
afterAll(() => sim.close());
const t = useTestApp({
  fetchAllowLoopback: true,
  storage: {
    kind: 's3',
    endpoint: sim.url,
    region: sim.region,
    bucket: 'console-files',
    accessKeyId: sim.accessKeyId,
    secretAccessKey: sim.secretAccessKey,
    forcePathStyle: true,
    prefix: 'console/',
  },
});

const png = (w = 300, h = 200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();

async function upload(s: Session, data: Buffer) {
  const boundary = '----s3test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
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
  return { http: res.statusCode, ...res.json() };
}

/** The entries of a zip (central directory -> local header -> deflated data). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString();
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    entries.set(name, method === 8 ? inflateRawSync(data) : data);
    at += 46 + skip;
  }
  return entries;
}

const objectOf = (url: string) => sim.objects.get(`console-files/console/${url.replace('/PDD/files/', '')}`);

describe('images with STORAGE=s3', () => {
  it('upload stores the image and its thumbnail in the bucket; they are served through our route, to the tenant only', async () => {
    await buildTenant(t.db);
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const data = await png();
    const up = await upload(s, data);
    expect(up).toMatchObject({ status: 200, data: { width: 300, height: 200, size: data.length } });
    expect(up.data.url).toMatch(new RegExp(`^/PDD/files/t${main.id}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.png$`));
    expect(objectOf(up.data.url)).toMatchObject({ contentType: 'image/png', body: data });
    expect(objectOf(up.data.thumb)?.contentType).toBe('image/jpeg');
    // Nothing went to the local folder.
    expect(fs.existsSync(path.join(t.deps.config.dataDir, 'files'))).toBe(false);

    const file = await t.app.inject({ method: 'GET', url: up.data.url, cookies: s.cookies });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, data)).toBe(0);
    const thumb = await t.app.inject({ method: 'GET', url: up.data.thumb, cookies: s.cookies });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(200);

    const other = await buildTenant(t.db);
    const so = await signIn(t.app, other.account, TEST_PASSWORD);
    const before = sim.requests.length;
    expect((await t.app.inject({ method: 'GET', url: up.data.url, cookies: so.cookies })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: up.data.url })).statusCode).toBe(401);
    // Refused before the bucket is asked.
    expect(sim.requests.length).toBe(before);
  });

  it('a file missing from the bucket is 404; a failing bucket is a 503 with a Chinese message', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const up = await upload(s, await png(120, 80));
    sim.objects.delete(`console-files/console/${up.data.url.replace('/PDD/files/', '')}`);
    expect(await call(t.app, s, 'GET', up.data.url)).toMatchObject({ http: 404, msg: '文件不存在' });

    sim.faults.push(...Array.from({ length: 3 }, () => ({ status: 503 as const, code: 'SlowDown' as const })));
    expect(await call(t.app, s, 'GET', up.data.thumb)).toMatchObject({
      http: 503,
      msg: '文件存储暂时不可用,请稍后再试',
    });

    // One SlowDown is absorbed by the SDK's retry: the upload succeeds.
    sim.faults.push({ status: 503, code: 'SlowDown', method: 'PUT' });
    expect((await upload(s, await png(50, 50))).status).toBe(200);
    // Three in a row: the upload fails cleanly.
    sim.faults.push(...Array.from({ length: 3 }, () => ({ status: 500 as const, code: 'InternalError' as const })));
    expect(await upload(s, await png(50, 50))).toMatchObject({ http: 503, msg: '文件存储暂时不可用,请稍后再试' });
  });

  it('downZlibImgs zips images read from the bucket', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const a = (await upload(s, await png())).data.url;
    const b = (await upload(s, await png(100, 100))).data.url;
    const gone = (await upload(s, await png(10, 10))).data.url;
    sim.objects.delete(`console-files/console/${gone.replace('/PDD/files/', '')}`);
    const g = await buildGoods(t.db, main, {
      baseInfo: { sku: 'S3-ZIP' },
      images: [{ url: a }, { url: 'https://m.media-amazon.com/images/I/x.jpg' }, { url: gone }],
      parentageTable: { theme: 'c', attrs: ['c'], children: [{ sku: 'c1', values: { c: 'r' }, images: [b, a] }] },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/PDD/amazon-user/downZlibImgs',
      cookies: s.cookies,
      headers: s.headers,
      payload: { id: Number(g.id) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = unzip(res.rawPayload);
    expect([...entries.keys()]).toEqual(['01.png', '02.png', '未打包的外部图片链接.txt']);
    expect(entries.get('01.png')).toEqual(objectOf(a)!.body);
    expect(entries.get('02.png')).toEqual(objectOf(b)!.body);
    // The external link and the image no longer in the bucket are listed, not packed.
    expect(entries.get('未打包的外部图片链接.txt')!.toString()).toBe(
      `https://m.media-amazon.com/images/I/x.jpg\n${gone}\n`,
    );

    // The bucket fails while the zip is being written: the download is cut off (no hang, no half zip passed as whole).
    sim.faults.push(
      ...Array.from({ length: 3 }, () => ({ status: 503 as const, code: 'SlowDown' as const, method: 'GET' })),
    );
    const cut = await t.app
      .inject({
        method: 'POST',
        url: '/PDD/amazon-user/downZlibImgs',
        cookies: s.cookies,
        headers: s.headers,
        payload: { id: Number(g.id) },
      })
      .then(
        (r) => ({ complete: r.rawPayload.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06])) }),
        (err: Error) => ({ complete: false, error: err.message }),
      );
    expect(cut.complete).toBe(false);
    expect(sim.faults).toEqual([]);
  });
});

describe('batchCopyOssObject with STORAGE=s3', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    const image = await png(64, 64);
    server = http.createServer((req, res) => {
      if (req.url === '/img.png') res.writeHead(200, { 'content-type': 'image/png' }).end(image);
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('copies into the bucket; a bucket failure is reported per item in Chinese', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const ok = await call(t.app, s, 'POST', '/PDD/goods/batchCopyOssObject', { urls: [`${base}/img.png`] });
    expect(ok.msg).toBe('已复制1张,失败0张');
    expect(objectOf(ok.data[0].url)?.contentType).toBe('image/png');
    expect((await t.app.inject({ method: 'GET', url: ok.data[0].url, cookies: s.cookies })).statusCode).toBe(200);

    sim.faults.push(...Array.from({ length: 3 }, () => ({ status: 503 as const, code: 'SlowDown' as const })));
    const failed = await call(t.app, s, 'POST', '/PDD/goods/batchCopyOssObject', { urls: [`${base}/img.png`] });
    expect(failed.data).toEqual([{ from: `${base}/img.png`, error: '文件存储暂时不可用,请稍后再试' }]);
  });
});

describe('export job with STORAGE=s3', () => {
  it('the finished workbook goes to the bucket and downloads from there', async () => {
    const main = await buildTenant(t.db);
    await sql`
      insert into goods (tenant_id, creator_id, sku, descs)
      select ${main.id}, ${main.id}, 'S3X-' || g, jsonb_build_object('en', jsonb_build_object('title', 'S3 ' || g))
      from generate_series(1, 1003) g`.execute(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const started = await call(t.app, s, 'POST', '/PDD/amazon-user/exportSelectTableData', { filter: {} });
    const id = started.data.job_id;
    let job = (await call(t.app, s, 'GET', `/PDD/amazon-user/exportJob?id=${id}`)).data;
    const until = Date.now() + 30_000;
    while (job.status !== 'done' && job.status !== 'failed' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 300));
      job = (await call(t.app, s, 'GET', `/PDD/amazon-user/exportJob?id=${id}`)).data;
    }
    expect(job).toMatchObject({ status: 'done', progress: 1003 });
    const stored = sim.objects.get(`console-files/console/exports/${id}.xlsx`);
    expect(stored?.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // The local working copy is gone.
    expect(fs.readdirSync(path.join(t.deps.config.dataDir, 'exports'))).toEqual([]);

    const file = await t.app.inject({
      method: 'GET',
      url: `/PDD/amazon-user/exportJob/download?id=${id}`,
      cookies: s.cookies,
    });
    expect(Buffer.compare(file.rawPayload, stored!.body)).toBe(0);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(1004);
    // The export route never serves through /PDD/files/, even to its owner.
    expect((await call(t.app, s, 'GET', `/PDD/files/exports/${id}.xlsx`)).http).toBe(404);

    sim.objects.delete(`console-files/console/exports/${id}.xlsx`);
    expect(await call(t.app, s, 'GET', `/PDD/amazon-user/exportJob/download?id=${id}`)).toMatchObject({
      http: 404,
      msg: '导出文件已不存在,请重新导出',
    });
  }, 60_000);
});

describe('npm start with STORAGE=s3', () => {
  const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
  const s3env = {
    STORAGE: 's3',
    S3_ENDPOINT: sim.url,
    S3_BUCKET: 'console-files',
    S3_ACCESS_KEY_ID: sim.accessKeyId,
    S3_SECRET_ACCESS_KEY: sim.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
  /** Runs `npm start`'s main until it prints its address (then SIGTERM) or exits. */
  function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: { ...process.env, LOG_LEVEL: 'info', PORT: '0', DATABASE_URL: t.url, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (d: Buffer) => {
      output += d;
      if (output.includes('console: http://')) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    return new Promise((resolve) =>
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      }),
    );
  }

  it('starts with a good bucket and says where files go', async () => {
    const ok = await start(s3env);
    expect(ok.output).toContain(`file storage: s3://console-files/ at ${sim.url} (path-style)`);
    expect(ok.code).toBe(0);
  }, 60_000);

  it('refuses to start on a wrong secret or a missing variable, with one clear line', async () => {
    const wrong = await start({ ...s3env, S3_SECRET_ACCESS_KEY: 'typo' });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain(
      'STORAGE=s3: storage check of s3://console-files/ failed: ' +
        `${sim.url} rejected the request signature: S3_SECRET_ACCESS_KEY does not belong to S3_ACCESS_KEY_ID (SignatureDoesNotMatch)`,
    );
    expect(wrong.output).not.toContain('console: http://');
    const missing = await start({ ...s3env, S3_BUCKET: '' });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('STORAGE=s3 needs S3_BUCKET (see docs/storage.md)');
  }, 60_000);
});
