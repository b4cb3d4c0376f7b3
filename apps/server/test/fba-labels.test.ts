import type { Auth } from '@console/shared/constants/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetLabelFonts } from '../src/labels/fonts.js';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';
import { decodeCode128, openPdf, renderPage } from './support/label-pdf-check.js';
import { probeEventLoop } from './support/loop-probe.js';

/** `POST /fba/labels/fnsku` (issue 30 §3, docs/labels.md): roles, bad input, a 5,000-label PDF. */
const t = useTestApp();
const sessions = {} as Record<Auth, Session>;
const URL = '/PDD/fba/labels/fnsku';
const item = { fnsku: 'X001ABCDEF', title: '收纳盒 Storage box ąłőřžščęń', quantity: 2 };

beforeAll(async () => {
  await buildTenant(t.db); // uid 1: the platform operator
  const tenant = await buildTenant(t.db);
  sessions[0] = await signIn(t.app, tenant.account, TEST_PASSWORD);
  for (const auth of [1, 2, 3, 4, 5, 6] as Auth[]) {
    const u = await buildUser(t.db, tenant, { auth });
    sessions[auth] = await signIn(t.app, u.account, TEST_PASSWORD);
  }
});

describe('POST /fba/labels/fnsku', () => {
  it('answers a PDF whose barcodes decode to the FNSKUs sent (lower case taken as upper)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: sessions[0].headers,
      cookies: sessions[0].cookies,
      payload: {
        layout: 'thermal-60x30',
        items: [
          { ...item, fnsku: 'x001abcdef' },
          { fnsku: 'B0C1234567', title: '', quantity: 1 },
        ],
      },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="fnsku-thermal-60x30-3.pdf"');
    const doc = await openPdf(res.rawPayload);
    expect(doc.numPages).toBe(3);
    const got: (string | null)[] = [];
    for (let p = 1; p <= 3; p++) got.push(decodeCode128(await renderPage(doc, p, 6)));
    expect(got).toEqual(['X001ABCDEF', 'X001ABCDEF', 'B0C1234567']);
  });

  it('is for the roles that keep stock (fba.use); others 403, no session 401', async () => {
    const payload = { layout: 'a4-44', items: [item] };
    const codes: Record<number, number> = {};
    for (const auth of [0, 1, 2, 3, 4, 5, 6] as Auth[])
      codes[auth] = (await call(t.app, sessions[auth], 'POST', URL, payload)).http;
    expect(codes).toEqual({ 0: 200, 1: 200, 2: 200, 3: 403, 4: 200, 5: 403, 6: 403 });
    expect((await call(t.app, null, 'POST', URL, payload)).http).toBe(401);
  });

  it('refuses bad input with a Chinese message', async () => {
    const cases: [unknown, RegExp][] = [
      [{ layout: 'a4-99', items: [item] }, /标签规格不正确/],
      [{ layout: 'a4-44', items: [] }, /请选择要打印的商品/],
      [{ layout: 'a4-44', items: [{ ...item, fnsku: 'X001 ABC' }] }, /FNSKU只能包含字母和数字/],
      [{ layout: 'a4-44', items: [{ ...item, fnsku: '' }] }, /请填写FNSKU/],
      [{ layout: 'a4-44', items: [{ ...item, fnsku: 'X'.repeat(21) }] }, /FNSKU最多20个字符/],
      [{ layout: 'a4-44', items: [{ ...item, quantity: 0 }] }, /打印数量不能小于1/],
      [{ layout: 'a4-44', items: [{ ...item, quantity: 1.5 }] }, /打印数量必须为整数/],
      [{ layout: 'a4-44', items: [{ ...item, quantity: 5001 }] }, /打印数量不能大于5000/],
      [
        {
          layout: 'a4-44',
          items: [
            { ...item, quantity: 3000 },
            { ...item, quantity: 2001 },
          ],
        },
        /一次最多打印5000张标签/,
      ],
      [
        { layout: 'a4-44', items: Array.from({ length: 1001 }, () => ({ ...item, quantity: 1 })) },
        /一次最多1000个商品/,
      ],
      [{ layout: 'a4-44', items: [{ ...item, title: 'x'.repeat(501) }] }, /标题最多500个字符/],
      [{ layout: 'a4-44', items: [item], skip: 44 }, /跳过的标签数不能大于43/],
      [{ layout: 'a4-44', items: [{ ...item, extra: 1 }] }, /./],
    ];
    for (const [payload, msg] of cases) {
      const r = await call(t.app, sessions[0], 'POST', URL, payload);
      expect(r.http, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(r.msg).toMatch(msg);
      expect(r.msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('5,000 labels of 200 products with Chinese titles: one PDF, the event loop never held long', async () => {
    const items = Array.from({ length: 200 }, (_, i) => ({
      fnsku: `X00${String(1_000_000 + i)}`,
      title: `${'收纳盒大容量桌面整理'.slice(i % 5)} 型号${i} Storage box ąłőřž ${i}`,
      quantity: 25,
    }));
    const labels = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: URL,
        headers: sessions[0].headers,
        cookies: sessions[0].cookies,
        payload: body,
      });
    // A process's first label PDF reads the fonts (1.5 MB of Chinese font): off the loop too.
    forgetLabelFonts();
    const cold = await probeEventLoop(() => labels({ layout: 'a4-44', items: [item] }));
    expect(cold.result.statusCode).toBe(200);
    const run = await probeEventLoop(() => labels({ layout: 'a4-44', items }));
    expect(run.result.statusCode).toBe(200);
    const doc = await openPdf(run.result.rawPayload);
    expect(doc.numPages).toBe(Math.ceil(5000 / 44));
    // The work between two turns of the loop in CPU time: how long it would hold a core of its
    // own (slices of 8 ms; the largest single steps, a font's first layout or subset, 15-35 ms).
    // Wall time is no measure here: on the shared 2-core machine it mostly counts the waiting for
    // a core (worst turns of 300-670 ms at load 18-20 with the same code). The CPU figure errs
    // high (GC helper threads, the fonts inflating on libuv's threads and a loaded machine's
    // slower cores count), so 99 % of the turns are held to the ~50 ms the issue allows and the
    // worst to 150 ms, which the old synchronous font reading (200-300 ms of CPU in one turn)
    // and any step of a whole document's size would break (docs/labels.md).
    for (const r of [cold, run]) {
      const seen = `${r.ticks} turns in ${r.ms.toFixed(0)} ms: cpu max ${r.maxCpuMs.toFixed(0)}, p99 ${r.p99CpuMs.toFixed(0)}; wall max ${r.maxWallMs.toFixed(0)}, p99 ${r.p99WallMs.toFixed(0)} ms`;
      expect(r.p99CpuMs, seen).toBeLessThan(50);
      expect(r.maxCpuMs, seen).toBeLessThan(150);
    }
  });
});

describe('POST /fba/labels/fnsku under a burst', () => {
  it('draws two at once with eight waiting; the eleventh of a burst is 429 with a Chinese message', async () => {
    // Each PDF takes long enough (800 labels) that all eleven reach the gate before the first ends.
    const payload = { layout: 'a4-44', items: [{ ...item, quantity: 800 }] };
    const results = await Promise.all(Array.from({ length: 11 }, () => call(t.app, sessions[0], 'POST', URL, payload)));
    const codes = results.map((r) => r.http).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    const refused = results.find((r) => r.http === 429)!;
    expect(refused.msg).toBe('正在生成的标签较多,请稍后再试');
  });
});
