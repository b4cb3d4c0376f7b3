import { Writable } from 'node:stream';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { buildTenant, TEST_PASSWORD } from './factories.js';
import { call, signIn, useTestApp } from './harness.js';

const t = useTestApp();

/** Unique violations (SQLSTATE 23505) that reached the application while `run` ran: each is an ERROR line in PostgreSQL's log. */
async function uniqueViolationsDuring(run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const original = pg.Client.prototype.query;
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const result = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) {
      result.catch((err: { code?: string; constraint?: string }) => {
        if (err?.code === '23505') seen.push(err.constraint ?? 'unique');
      });
    }
    return result as ReturnType<typeof original>;
  });
  try {
    await run();
  } finally {
    vi.restoreAllMocks();
  }
  return seen;
}

afterEach(() => vi.restoreAllMocks());

describe('server log (issue 13 §3)', () => {
  it('writes one line per request at info, also for refused and unknown requests', async () => {
    const lines: { reqId?: string; msg?: string; level: number; status?: number; url?: string; uid?: number }[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        cb();
      },
    });
    const app = await buildApp(t.deps, { logger: { level: 'info', stream } });
    try {
      const tenant = await buildTenant(t.db);
      const s = await signIn(app, tenant.account, TEST_PASSWORD);
      lines.length = 0;
      const answers = [
        await call(app, s, 'GET', '/PDD/amazon-user/productList?page=1&pageSize=20'),
        await call(app, s, 'GET', '/PDD/amazon-user/productList?page=0'),
        await call(app, null, 'GET', '/PDD/trader_setting/getTraderSetting'),
        await call(app, null, 'GET', '/PDD/nope'),
      ];
      expect(answers.map((a) => a.http)).toEqual([200, 400, 200, 404]);
      const perRequest = lines.filter((l) => l.reqId);
      expect(perRequest).toHaveLength(4);
      expect(new Set(perRequest.map((l) => l.reqId)).size).toBe(4);
      expect(perRequest.every((l) => l.msg === 'request' && l.level === 30)).toBe(true);
      expect(perRequest.map((l) => l.status)).toEqual([200, 400, 200, 404]);
      expect(perRequest[0]).toMatchObject({ url: '/PDD/amazon-user/productList?page=1&pageSize=20', uid: tenant.id });
    } finally {
      await app.close();
    }
  });

  it('a duplicate category, child account or glossary term is refused without a unique violation in PostgreSQL', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const first = await call(t.app, s, 'POST', '/PDD/goods/category/create', { name: 'Home' });
    const other = await call(t.app, s, 'POST', '/PDD/goods/category/create', { name: 'Garden' });
    expect([first.status, other.status]).toEqual([200, 200]);
    const child = { password: 'child-pass', auth: 2, user_name: 'w', account: `dup${main.id}` };
    expect((await call(t.app, s, 'POST', '/PDD/amazon-user/createChildAccount', child)).status).toBe(200);
    const term = await call(t.app, s, 'POST', '/PDD/transfer/glossary/save', { term: 'Acme' });
    const term2 = await call(t.app, s, 'POST', '/PDD/transfer/glossary/save', { term: 'Other' });
    expect([term.status, term2.status]).toEqual([200, 200]);

    const violations = await uniqueViolationsDuring(async () => {
      const answers = [
        await call(t.app, s, 'POST', '/PDD/goods/category/create', { name: 'home' }),
        await call(t.app, s, 'POST', '/PDD/goods/category/update', { id: other.data.id, name: 'HOME' }),
        await call(t.app, s, 'POST', '/PDD/amazon-user/createChildAccount', {
          ...child,
          account: child.account.toUpperCase(),
        }),
        await call(t.app, s, 'POST', '/PDD/transfer/glossary/save', { term: 'acme' }),
        await call(t.app, s, 'POST', '/PDD/transfer/glossary/save', { id: term2.data.id, term: 'ACME' }),
      ];
      expect(answers.map((a) => [a.http, a.msg])).toEqual([
        [409, '同一级下已有同名分类'],
        [409, '同一级下已有同名分类'],
        [409, '账号已存在'],
        [409, '该术语已存在'],
        [409, '该术语已存在'],
      ]);
      // Two people adding the same new category at once: one gets it, the other the same refusal.
      const race = await Promise.all([
        call(t.app, s, 'POST', '/PDD/goods/category/create', { name: 'Kitchen' }),
        call(t.app, s, 'POST', '/PDD/goods/category/create', { name: 'kitchen' }),
      ]);
      expect(race.map((r) => r.http).sort()).toEqual([200, 409]);
    });
    expect(violations).toEqual([]);
  });
});
