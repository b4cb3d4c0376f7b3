import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Auth } from '@console/shared/constants/roles';
import { can } from '@console/shared/permissions/can';
import type { Permission } from '@console/shared/permissions/permissions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { RouteAccessEntry } from '../src/context.js';
import type { UserRow } from '../src/db/types.js';
import { jsonDeeperThan, MAX_JSON_DEPTH } from '../src/plugins/request-hygiene.js';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';
import { issuePath, type RequestField, requestFields, withValue } from './support/request-fields.js';

/**
 * Issue 27 §5/§6: request hygiene over every route of the route table (a new route is walked
 * without editing this file): a NUL character in any text, a JSON body nested far too deep and a
 * prototype-poisoning body are each a 4xx envelope with a Chinese message, never a 500; Fastify's
 * own refusals (an oversized request line, a malformed address) answer the envelope too; and the
 * access log never holds the OAuth callback's secrets.
 */
const t = useTestApp();

const CHINESE = /[\u4e00-\u9fff]/;
const NUL_MSG = '内容不能包含空字符';
const DEPTH_MSG = '请求内容嵌套过深';
/** The deepest legitimate JSON is a few levels; the limit (docs/api.md) is 32. */
const DEEP = 6000;
const deepJson = (n: number) => `{"x":${'['.repeat(n)}${']'.repeat(n)}}`;

/** Routes after which the caller's session may be gone (as in permissions.test.ts). */
const ENDS_SESSION = new Set(['/PDD/amazon-user/loginOut', '/PDD/amazon-user/updateUserPassword']);

/** Whether a field takes text (a string, or a choice of strings). */
const takesText = (f: RequestField) => !f.numeric && JSON.stringify(f.schema).includes('"string"');

type Answer = Awaited<ReturnType<typeof call>> & { type: string };

describe('request hygiene over every route (issue 27 §5)', () => {
  const accounts: UserRow[] = [];
  const sessions = new Map<number, Session>();

  beforeAll(async () => {
    // The first account of a test database is the platform operator (internalIds [1]); a worker
    // of its company calls what admins may not (batch copy). As in request-bounds.test.ts.
    const operator = await buildTenant(t.db);
    accounts.push(operator, await buildUser(t.db, operator, { auth: 2 }));
    for (const u of accounts) sessions.set(u.id, await signIn(t.app, u.account, TEST_PASSWORD, 'bearer'));
  });

  /** An account of this test the route lets through (checks run after the access check). */
  function accountFor(entry: RouteAccessEntry): UserRow | undefined {
    if (['public', 'authenticated'].includes(entry.access)) return accounts[0];
    return accounts.find((u) =>
      can({ uid: u.id, auth: u.auth as Auth, parent_id: u.parent_id }, entry.access as Permission, {
        internalIds: [1],
      }),
    );
  }

  /** Sends a raw request as the account that may call the route; renews its session if the route may end it. */
  async function send(entry: RouteAccessEntry, opts: { query?: string; json?: string }): Promise<Answer | string> {
    const user = accountFor(entry);
    if (!user) return `${entry.method} ${entry.url}: no account of this test may call it (${entry.access}); add one`;
    const s = sessions.get(user.id)!;
    const url = opts.query ? `${entry.url}${entry.url.includes('?') ? '&' : '?'}${opts.query}` : entry.url;
    const res = await t.app.inject({
      method: entry.method as 'GET' | 'POST',
      url,
      headers: { ...s.headers, ...(opts.json !== undefined && { 'content-type': 'application/json' }) },
      ...(opts.json !== undefined && { payload: opts.json }),
    });
    if (ENDS_SESSION.has(entry.url)) sessions.set(user.id, await signIn(t.app, user.account, TEST_PASSWORD, 'bearer'));
    const type = String(res.headers['content-type'] ?? '');
    const body = type.includes('json') ? res.json() : { status: undefined, msg: res.body, data: undefined };
    return { http: res.statusCode, type, ...body };
  }

  /** The walk's routes (the refresh-token route answers only to its cookie: permissions.test.ts). */
  const routes = () => t.app.routeTable.filter((e) => e.access !== 'refreshToken');

  /** A refusal in the envelope: 4xx, JSON `{status, msg, data}` with the same status and a Chinese msg. */
  function refusal(res: Answer | string, expected?: { http?: number; msg?: string; field?: string }): string | null {
    if (typeof res === 'string') return res;
    const ok =
      res.http >= 400 &&
      res.http < 500 &&
      res.type.includes('application/json') &&
      res.status === res.http &&
      typeof res.msg === 'string' &&
      CHINESE.test(res.msg) &&
      'data' in res &&
      (expected?.http === undefined || res.http === expected.http) &&
      (expected?.msg === undefined || res.msg === expected.msg) &&
      (expected?.field === undefined || res.data?.field === expected.field);
    return ok ? null : `${res.http} ${res.type} ${JSON.stringify(res.msg)?.slice(0, 120)} field=${res.data?.field}`;
  }

  it('finds text fields to try (the route table carries request schemas)', () => {
    const text = routes().flatMap((e) => requestFields(e).filter(takesText));
    expect(text.length).toBeGreaterThan(100);
  });

  it('a NUL character in any text field of any body or query is a 400 naming the field, never a 500', async () => {
    const failures: string[] = [];
    for (const entry of routes()) {
      const fields = requestFields(entry).filter(takesText);
      for (const f of fields) {
        const input = withValue(f, 'a\u0000b');
        const res =
          f.place === 'querystring'
            ? await send(entry, { query: query(input) })
            : await send(entry, { json: JSON.stringify(input) });
        // A query holds flat text: a list's item arrives as the field itself.
        const field = f.place === 'querystring' ? f.path[0] : issuePath(f);
        const why = refusal(res, { http: 400, msg: NUL_MSG, field });
        if (why) failures.push(`${entry.method} ${entry.url} ${issuePath(f)}: ${why}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a NUL in a `keyword` (query of every route, body of every POST) and in a field name is refused the same way', async () => {
    const failures: string[] = [];
    for (const entry of routes()) {
      const cases: { where: string; opts: { query?: string; json?: string }; field: string }[] = [
        { where: 'query keyword', opts: { query: 'keyword=x%00' }, field: 'keyword' },
        ...(entry.method === 'POST'
          ? [
              { where: 'body keyword', opts: { json: '{"keyword":"\\u0000"}' }, field: 'keyword' },
              { where: 'body key', opts: { json: '{"a\\u0000":1}' }, field: 'a\u0000' },
            ]
          : []),
      ];
      for (const c of cases) {
        const why = refusal(await send(entry, c.opts), { http: 400, msg: NUL_MSG });
        if (why) failures.push(`${entry.method} ${entry.url} ${c.where}: ${why}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it(`a JSON body nested ${DEEP} levels is refused before validation on every route that takes a body`, async () => {
    const failures: string[] = [];
    for (const entry of routes().filter((e) => e.method === 'POST')) {
      const why = refusal(await send(entry, { json: deepJson(DEEP) }), { http: 400, msg: DEPTH_MSG });
      if (why) failures.push(`${entry.method} ${entry.url}: ${why}`);
    }
    expect(failures).toEqual([]);
  });

  it('a prototype-poisoning body is a 4xx envelope on every route that takes a body, never a 500', async () => {
    const failures: string[] = [];
    for (const entry of routes().filter((e) => e.method === 'POST')) {
      for (const json of ['{"constructor":{"prototype":{"x":1}}}', '{"__proto__":{"x":1}}']) {
        const why = refusal(await send(entry, { json }));
        if (why) failures.push(`${entry.method} ${entry.url} ${json}: ${why}`);
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  describe('the reproductions of the issue', () => {
    let s: Session;
    beforeAll(async () => {
      const tenant = await buildTenant(t.db);
      s = await signIn(t.app, tenant.account, TEST_PASSWORD);
    });

    it('NUL in a category, a sensitive word, a product and the list keyword: 400 不能包含空字符, nothing stored', async () => {
      const answers = [
        await call(t.app, s, 'POST', '/PDD/goods/category/create', { name: 'Home\u0000' }),
        await call(t.app, s, 'POST', '/PDD/goods/sensitive/create', { words: 'bad\u0000word' }),
        await call(t.app, s, 'POST', '/PDD/amazon-user/insertGoods_v2', {
          goodsData: { commonData: { descs: [{ key: 'en', title: 'Nul\u0000title' }] } },
        }),
        await call(t.app, s, 'GET', '/PDD/amazon-user/productList?keyword=a%00b'),
      ];
      expect(answers.map((a) => [a.http, a.msg])).toEqual(answers.map(() => [400, NUL_MSG]));
      const goods = await t.db.selectFrom('goods').select('id').where('tenant_id', '=', s.uid).execute();
      expect(goods).toEqual([]);
    });

    it('extraAttrs nested 6,000 levels: 400 请求内容嵌套过深; a product with 20 levels of attributes still saves', async () => {
      const nest = (n: number): unknown => (n === 0 ? 'v' : { k: nest(n - 1) });
      const product = (extraAttrs: unknown) => ({
        goodsData: { commonData: { descs: [{ key: 'en', title: 'Deep' }] }, extraAttrs: { attr: extraAttrs } },
      });
      const deep = `{"goodsData":{"commonData":{"descs":[{"key":"en","title":"Deep"}]},"extraAttrs":{"attr":${'['.repeat(DEEP)}${']'.repeat(DEEP)}}}}`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/PDD/amazon-user/insertGoods_v2',
        headers: { ...s.headers, 'content-type': 'application/json' },
        cookies: s.cookies,
        payload: deep,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, msg: DEPTH_MSG, data: { limit: 32 } });
      const ok = await call(t.app, s, 'POST', '/PDD/amazon-user/insertGoods_v2', product(nest(20)));
      expect(ok.status, ok.msg).toBe(200);
    });

    it('the sandbox consent confirmation with a constructor body: 400 in the envelope', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/PDD/amazon-sandbox/confirm',
        headers: { ...s.headers, 'content-type': 'application/json' },
        cookies: s.cookies,
        payload: '{"constructor":{"prototype":{"x":1}}}',
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ status: 400, msg: '请求内容包含不允许的字段名', data: { field: 'constructor' } });
    });
  });
});

describe('the JSON depth scan', () => {
  it('counts brackets outside strings only, escapes included, without recursion', () => {
    expect(jsonDeeperThan('[[1]]', 2)).toBe(false);
    expect(jsonDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(jsonDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(jsonDeeperThan('{"a\\"":"[[[[","b":"\\\\"}', 1)).toBe(false);
    expect(jsonDeeperThan('{"a":"\\\\","b":[[1]]}', 2)).toBe(true);
    expect(jsonDeeperThan(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`, MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDeeperThan(deepJson(MAX_JSON_DEPTH - 1), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDeeperThan(deepJson(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(true);
  });
});

describe("Fastify's own refusals answer the envelope (issue 27 §5)", () => {
  it('a query string over 16 KB: 431 with the envelope and a Chinese message, over a real socket', async () => {
    const app = await buildApp(t.deps);
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/PDD/amazon-user/productList?keyword=${'a'.repeat(17 * 1024)}`);
      expect(res.status).toBe(431);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ status: 431, msg: '请求头或地址过长', data: null });
      // The server still answers afterwards.
      const after = await fetch(`http://127.0.0.1:${port}/PDD/nope`);
      expect(await after.json()).toEqual({ status: 404, msg: '接口不存在', data: null });
    } finally {
      await app.close();
    }
  });

  it('a malformed address (bad percent-encoding in a path parameter) answers 400 with the envelope', async () => {
    const withParams = t.app.routeTable.find((e) => e.url.includes(':'));
    const url = withParams ? withParams.url.replace(/:[^/]+/g, '%E0%A4%A') : '/PDD/files/%E0%A4%A';
    const res = await t.app.inject({ method: (withParams?.method ?? 'GET') as 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, msg: '请求地址不合法', data: null });
  });
});

describe("Fastify's other refusals keep the envelope", () => {
  it('an overlong path parameter: 414; a body over the limit: 413; each the envelope', async () => {
    const withParams = t.app.routeTable.find((e) => e.url.includes(':'))!;
    const url = withParams.url.replace(/:[^/]+/g, 'x'.repeat(200));
    // Without the web app (whose catch-all route would answer such an address: 404 接口不存在).
    const apiOnly = await buildApp({ ...t.deps, config: { ...t.deps.config, webDist: '/nonexistent' } });
    try {
      const long = await apiOnly.inject({ method: 'GET', url });
      expect([long.statusCode, long.json()]).toEqual([414, { status: 414, msg: '请求地址过长', data: null }]);
    } finally {
      await apiOnly.close();
    }
    const big = await t.app.inject({
      method: 'POST',
      url: '/PDD/amazon-user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'a'.repeat(3 * 1024 * 1024) }),
    });
    expect([big.statusCode, big.json()]).toEqual([413, { status: 413, msg: '请求内容过大', data: null }]);
  });
});

describe('access log (issue 27 §5)', () => {
  it("the OAuth callback's state and code never reach the access log", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        cb();
      },
    });
    const app = await buildApp(t.deps, { logger: { level: 'info', stream } });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/PDD/amazon-user/shopAuthCallback?state=STATE-SECRET-1&spapi_oauth_code=CODE-SECRET-2&selling_partner_id=A1B2C3D4E5F6G7',
      });
      expect(res.statusCode).toBe(302);
      await app.inject({ method: 'GET', url: '/PDD/nope?token=TOKEN-SECRET-3&code=CODE-SECRET-4&page=2' });
      const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
      expect(requests.map((l) => l.url)).toEqual([
        '/PDD/amazon-user/shopAuthCallback?state=[redacted]&spapi_oauth_code=[redacted]&selling_partner_id=A1B2C3D4E5F6G7',
        '/PDD/nope?token=[redacted]&code=[redacted]&page=2',
      ]);
      expect(lines.join('\n')).not.toMatch(/SECRET/);
    } finally {
      await app.close();
    }
  });
});

/** A flat query string of one field (`a.b` paths are sent as their top-level name). */
function query(input: Record<string, unknown>): string {
  return Object.entries(input)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(Array.isArray(v) ? v[0] : v))}`)
    .join('&');
}
