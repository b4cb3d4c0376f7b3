import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { useTestApp } from './harness.js';

// Issue 29 §6: page addresses typed without the `#` (`/login`, `/order/shop`) lead to the
// console's hash route; API addresses and missing files keep the JSON 404.

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'console-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const t = useTestApp({ webDist });
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const NOT_FOUND = { status: 404, msg: '接口不存在', data: null };

const page = (url: string, accept = HTML, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: { accept } });

describe('page addresses without the #', () => {
  it('a page request for an app route is redirected to the hash route, query kept', async () => {
    for (const [url, to] of [
      ['/login', '/#/login'],
      ['/order/shop', '/#/order/shop'],
      ['/goods/admin/list?status=1&keyword=a%20b', '/#/goods/admin/list?status=1&keyword=a%20b'],
      ['/no/such/page/', '/#/no/such/page/'],
    ]) {
      const res = await page(url!);
      expect([url, res.statusCode, res.headers.location]).toEqual([url, 302, to]);
    }
    const head = await page('/login', HTML, 'HEAD');
    expect([head.statusCode, head.headers.location]).toEqual([302, '/#/login']);
  });

  it('a protocol-relative looking path stays on this host', async () => {
    // The static files refuse it (403); whatever answers, never a redirect to another host.
    for (const url of ['//evil.example/x', '/\\evil.example/x', '/%2F%2Fevil.example/x']) {
      const res = await page(url);
      const location = res.headers.location;
      expect([url, location === undefined || String(location).startsWith('/#/')]).toEqual([url, true]);
    }
  });

  it('the app itself and its files are served as before', async () => {
    const root = await page('/');
    expect([root.statusCode, root.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(root.body).toContain('<div id="root">');
    const js = await page('/assets/app.js', '*/*');
    expect([js.statusCode, js.body]).toEqual([200, 'console.log(1)']);
  });

  it('API addresses stay JSON, also for a browser asking for HTML', async () => {
    for (const url of ['/PDD/nope', '/PDD/order/shop', '/PDD', '/PDD/']) {
      const res = await page(url);
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, NOT_FOUND]);
    }
  });

  it('requests that are not page loads keep the JSON 404', async () => {
    // A missing script or image (no text/html in Accept), an API client, a POST.
    expect((await page('/assets/missing.js', '*/*')).json()).toEqual(NOT_FOUND);
    expect((await page('/login', 'application/json')).json()).toEqual(NOT_FOUND);
    const noAccept = await t.app.inject({ method: 'GET', url: '/login' });
    expect([noAccept.statusCode, noAccept.json()]).toEqual([404, NOT_FOUND]);
    const post = await t.app.inject({ method: 'POST', url: '/login', headers: { accept: HTML } });
    expect([post.statusCode, post.json()]).toEqual([404, NOT_FOUND]);
  });

  it('without a built web app nothing is redirected (no loop on /)', async () => {
    const apiOnly = await buildApp({ ...t.deps, config: { ...t.deps.config, webDist: '/nonexistent' } });
    try {
      for (const url of ['/', '/login']) {
        const res = await apiOnly.inject({ method: 'GET', url, headers: { accept: HTML } });
        expect([url, res.statusCode, res.json()]).toEqual([url, 404, NOT_FOUND]);
      }
    } finally {
      await apiOnly.close();
    }
  });
});
