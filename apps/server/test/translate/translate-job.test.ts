import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../../src/db/types.js';
import type { StoredDescs } from '../../src/modules/goods/goods.presenter.js';
import { translateProduct } from '../../src/modules/translate/goods-translate.service.js';
import { GOOGLE_SIM_KEY, startGoogleSimulator } from '../../src/translation/simulators/google.simulator.js';
import { buildGoods, buildTenant, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';

const sim = await startGoogleSimulator();
afterAll(() => sim.close());
const t = useTestApp({
  translateProvider: 'google',
  translateApiKey: GOOGLE_SIM_KEY,
  translateBaseUrl: sim.url,
  translateRetryBaseMs: 5,
});

const EN = {
  key: 'en',
  title: 'AcmePro steel water bottle',
  bullet_points: ['Keeps drinks cold', 'Fits <b>cup holders</b>'],
  search_terms: 'bottle flask',
  product_description: '<p>Double wall</p><ul><li>750 ml</li></ul>',
};

async function runJob(s: Session, body: Record<string, unknown>) {
  const start = await call(t.app, s, 'POST', '/PDD/transfer/translateGoods', body);
  expect(start.status, start.msg).toBe(200);
  for (let i = 0; i < 100; i++) {
    const job = await call(t.app, s, 'GET', `/PDD/transfer/translateJob?id=${start.data.job_id}`);
    if (job.data.status === 'done' || job.data.status === 'failed') return job.data;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('job did not finish');
}

const descsOf = async (id: number) => {
  const row = await t.db
    .selectFrom('goods')
    .select(['descs', 'version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { descs: row.descs as StoredDescs, version: row.version };
};

describe('product translation job', () => {
  let admin: UserRow;
  let s: Session;
  beforeAll(async () => {
    admin = await buildTenant(t.db);
    s = await signIn(t.app, admin.account, TEST_PASSWORD);
    await call(t.app, s, 'POST', '/PDD/transfer/glossary/save', { term: 'AcmePro' });
  });

  it('translates every field into every target, bumps the version and reports the limits', async () => {
    const g = await buildGoods(t.db, admin, { commonData: { descs: [EN] } });
    const job = await runJob(s, { ids: [Number(g.id)], from: 'en', to: ['de', 'ja'] });
    expect(job).toMatchObject({ status: 'done', progress: 1, total: 1, error: '' });
    const r = job.result[0];
    expect(r).toMatchObject({ id: Number(g.id), status: 'done', version: g.version + 1, kept: [] });
    expect(r.limits.de).toContainEqual({ field: 'search_terms', size: 17, max: 249, ok: true });
    const { descs, version } = await descsOf(Number(g.id));
    expect(version).toBe(g.version + 1);
    expect(descs.de).toEqual({
      title: '[de] AcmePro STEEL WATER BOTTLE',
      bullet_points: ['[de] KEEPS DRINKS COLD', '[de] FITS <b>CUP HOLDERS</b>'],
      search_terms: '[de] BOTTLE FLASK',
      product_description: '[de] <p>DOUBLE WALL</p><ul><li>750 ML</li></ul>',
    });
    expect(descs.ja?.title).toBe('[ja] AcmePro STEEL WATER BOTTLE');
    expect(descs.en?.title).toBe(EN.title);
  });

  it('a second run costs no provider request; a too-long title is flagged', async () => {
    const long = { ...EN, title: `AcmePro ${'x'.repeat(192)}` };
    const g = await buildGoods(t.db, admin, { commonData: { descs: [long] } });
    await runJob(s, { ids: String(g.id), from: 'en', to: ['fr'] });
    const before = sim.requests.length;
    const job = await runJob(s, { ids: String(g.id), from: 'en', to: ['fr'] });
    expect(sim.requests.length).toBe(before);
    expect(job.result[0].limits.fr).toContainEqual({ field: 'title', size: 205, max: 200, ok: false });
  });

  it('keeps fields edited by hand unless overwrite is asked', async () => {
    const g = await buildGoods(t.db, admin, { commonData: { descs: [EN] } });
    const id = Number(g.id);
    await runJob(s, { ids: [id], from: 'en', to: ['it'] });
    // The user corrects the Italian title by hand, then changes the English source.
    const { descs } = await descsOf(id);
    descs.it!.title = 'Borraccia AcmePro fatta a mano';
    descs.en!.title = 'AcmePro bottle, new source';
    descs.en!.search_terms = 'new terms';
    await t.db
      .updateTable('goods')
      .set({ descs: JSON.stringify(descs) })
      .where('id', '=', id)
      .execute();
    const job = await runJob(s, { ids: [id], from: 'en', to: ['it'], fields: ['title', 'search_terms'] });
    expect(job.result[0].kept).toEqual([{ lang: 'it', field: 'title' }]);
    let after = (await descsOf(id)).descs;
    expect(after.it?.title).toBe('Borraccia AcmePro fatta a mano');
    expect(after.it?.search_terms).toBe('[it] NEW TERMS'); // machine text follows the new source
    await runJob(s, { ids: [id], from: 'en', to: ['it'], fields: ['title'], overwrite: true });
    after = (await descsOf(id)).descs;
    expect(after.it?.title).toBe('[it] AcmePro BOTTLE, NEW SOURCE');
  });

  it('a provider outage leaves the product exactly as it was, with a Chinese message', async () => {
    const g = await buildGoods(t.db, admin, { commonData: { descs: [{ ...EN, title: 'Outage bottle' }] } });
    const before = await descsOf(Number(g.id));
    for (let i = 0; i < 4; i++) sim.faults.push({ status: 503, body: {} });
    const job = await runJob(s, { ids: [Number(g.id)], from: 'en', to: ['es'] });
    expect(job).toMatchObject({ status: 'failed', error: '翻译服务暂时不可用,请稍后重试' });
    expect(job.result[0]).toMatchObject({ status: 'failed', message: '翻译服务暂时不可用,请稍后重试' });
    expect(await descsOf(Number(g.id))).toEqual(before);
  });

  it('translates a selection in groups that share provider requests, with progress per group', async () => {
    const goods = [];
    for (let i = 0; i < 30; i++) {
      goods.push(
        await buildGoods(t.db, admin, {
          commonData: { descs: [{ ...EN, title: `AcmePro pooled bottle ${i}`, search_terms: `pooled ${i}` }] },
        }),
      );
    }
    const before = sim.requests.length;
    const job = await runJob(s, { ids: goods.map((g) => Number(g.id)), from: 'en', to: ['se', 'pl'] });
    expect(job).toMatchObject({ status: 'done', progress: 30, total: 30 });
    expect(job.result.map((r: { status: string }) => r.status)).toEqual(Array(30).fill('done'));
    // 30 products x 2 languages, in 2 groups: each group sends at most one text request and one
    // HTML request per language (the shared bullets and description are sent once).
    const sent = sim.requests.length - before;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(2 * 2 * 2);
    const { descs } = await descsOf(Number(goods[29]!.id));
    expect(descs.se?.title).toBe('[sv] AcmePro POOLED BOTTLE 29');
    expect(descs.pl?.bullet_points).toEqual(['[pl] KEEPS DRINKS COLD', '[pl] FITS <b>CUP HOLDERS</b>']);
  });

  it('an outage during a group leaves every product of the group as it was', async () => {
    const goods = [];
    for (let i = 0; i < 3; i++) {
      goods.push(await buildGoods(t.db, admin, { commonData: { descs: [{ ...EN, title: `Group outage ${i}` }] } }));
    }
    const before = await Promise.all(goods.map((g) => descsOf(Number(g.id))));
    for (let i = 0; i < 4; i++) sim.faults.push({ status: 503, body: {} });
    const job = await runJob(s, { ids: goods.map((g) => Number(g.id)), from: 'en', to: ['es'] });
    expect(job).toMatchObject({ status: 'failed', progress: 3, error: '翻译服务暂时不可用,请稍后重试' });
    expect(job.result.map((r: { status: string }) => r.status)).toEqual(['failed', 'failed', 'failed']);
    expect(await Promise.all(goods.map((g) => descsOf(Number(g.id))))).toEqual(before);
  });

  it('a save while translating makes the product stale: nothing is written', async () => {
    const g = await buildGoods(t.db, admin, { commonData: { descs: [{ ...EN, title: 'Stale bottle' }] } });
    const id = Number(g.id);
    const actor = { userId: admin.id, tenantId: admin.id, account: admin.account, ip: '127.0.0.1', requestId: 'r' };
    sim.latencyMs = 600;
    const seen = sim.requests.length;
    const running = translateProduct(t.deps, actor, id, {
      from: 'en',
      to: ['nl'],
      fields: ['title'],
      overwrite: false,
    });
    // Once DeepL has the text the product was read; the save lands while the answer is on its way.
    await vi.waitFor(() => expect(sim.requests.length).toBeGreaterThan(seen), { timeout: 10_000, interval: 5 });
    await t.db
      .updateTable('goods')
      .set({ version: g.version + 1 })
      .where('id', '=', id)
      .execute();
    const r = await running;
    sim.latencyMs = 0;
    expect(r).toMatchObject({ status: 'failed', message: '数据已被他人修改,请刷新后重试' });
    const after = await descsOf(id);
    expect(after.version).toBe(g.version + 1);
    expect(after.descs.nl).toBeUndefined();
  });

  it('another tenant cannot translate or see the jobs', async () => {
    const g = await buildGoods(t.db, admin, { commonData: { descs: [EN] } });
    const other = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
    const r = await call(t.app, other, 'POST', '/PDD/transfer/translateGoods', {
      ids: [Number(g.id)],
      from: 'en',
      to: ['de'],
    });
    expect(r).toMatchObject({ http: 404, msg: '商品不存在' });
    const mine = await call(t.app, s, 'POST', '/PDD/transfer/translateGoods', {
      ids: [Number(g.id)],
      from: 'en',
      to: ['de'],
    });
    const peek = await call(t.app, other, 'GET', `/PDD/transfer/translateJob?id=${mine.data.job_id}`);
    expect(peek.http).toBe(404);
    const same = await call(t.app, s, 'POST', '/PDD/transfer/translateGoods', {
      ids: [Number(g.id)],
      from: 'en',
      to: ['en'],
    });
    expect(same).toMatchObject({ status: 400, msg: '目标语言不能与源语言相同' });
    const bad = await call(t.app, s, 'POST', '/PDD/transfer/translateGoods', {
      ids: [Number(g.id)],
      from: 'en',
      to: [],
    });
    expect(bad).toMatchObject({ status: 400, msg: '请选择目标语言' });
  });
});
