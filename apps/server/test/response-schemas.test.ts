import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { buildGoods, buildTenant, TEST_PASSWORD } from './factories.js';
import { call, signIn, useTestApp } from './harness.js';

const t = useTestApp();

describe('response schemas (issue 12 §1: the contract is written once)', () => {
  it('every API route and admin method declares the schema of its answer', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(80);
    const missing = t.app.routeTable.filter((r) => !r.response).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('the OpenAPI document shows the answers, files included', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/PDD/openapi.json' })).json();
    const list = doc.paths['/PDD/amazon-user/productList'].get.responses['200'];
    const data = list.content['application/json'].schema.properties.data;
    expect(Object.keys(data.properties)).toEqual(
      expect.arrayContaining(['list', 'total', 'page', 'pageSize', 'next_cursor', 'counts']),
    );
    expect(Object.keys(data.properties.list.items.properties)).toEqual(
      expect.arrayContaining(['id', 'title', 'sku', 'prices', 'version', 'claimable']),
    );
    // Failures are documented as the envelope too.
    expect(doc.paths['/PDD/amazon-user/productList'].get.responses['4XX']).toBeTruthy();
    // Files: the media types and a binary schema.
    const captcha = doc.paths['/PDD/amazon-user/getLoginCode'].get.responses['200'].content;
    expect(captcha['image/svg+xml'].schema).toMatchObject({ type: 'string', format: 'binary' });
    const zip = doc.paths['/PDD/amazon-user/downZlibImgs'].post.responses['200'].content;
    expect(zip['application/zip'].schema).toMatchObject({ type: 'string', format: 'binary' });
    const exp = doc.paths['/PDD/amazon-user/exportSelectTableData'].post.responses['200'].content;
    expect(Object.keys(exp)).toEqual(
      expect.arrayContaining(['application/json', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']),
    );
    // The admin dispatcher shows its methods' answers.
    const admin = doc.paths['/PDD/v1/admin/'].post.responses['200'].content['application/json'].schema;
    expect(Object.keys(admin.properties.data.properties)).toEqual(['token']);
  });

  it('an answer that does not match its schema is not sent: 500 with the Chinese message, English log line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const app = await buildApp(t.deps, { logger: { level: 'error', stream } });
    try {
      const tenant = await buildTenant(t.db);
      const goods = await buildGoods(t.db, tenant, { baseInfo: { sku: 'BROKEN-1' } });
      // Stored data the presenter passes through as it is (a bad migration, a hand edit).
      await t.db
        .updateTable('goods')
        .set({ prices: JSON.stringify({ us: { price: 'twelve', currency: 'USD' } }) })
        .where('id', '=', goods.id)
        .execute();
      const s = await signIn(app, tenant.account, TEST_PASSWORD);
      const res = await call(app, s, 'GET', '/PDD/amazon-user/productList?page=1&pageSize=20');
      expect(res.http).toBe(500);
      expect(res.status).toBe(500);
      expect(res.msg).toMatch(/^服务器内部错误,请稍后再试 \(请求号 [0-9a-f-]{36}\)$/);
      expect(JSON.stringify(res)).not.toContain('twelve');
      const log = lines
        .map((l) => JSON.parse(l))
        .find((l) => l.msg === 'response does not match its schema (not sent)');
      expect(log).toMatchObject({ url: '/PDD/amazon-user/productList', method: 'GET' });
      expect(JSON.stringify(log.issues)).toContain('price');
    } finally {
      await app.close();
    }
  });
});
