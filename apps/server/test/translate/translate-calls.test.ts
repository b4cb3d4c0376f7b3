import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/db/types.js';
import { entriesFor, protect, restore } from '../../src/translation/glossary.js';
import { GOOGLE_SIM_KEY, startGoogleSimulator } from '../../src/translation/simulators/google.simulator.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';

const sim = await startGoogleSimulator();
afterAll(() => sim.close());
const t = useTestApp({
  translateProvider: 'google',
  translateApiKey: GOOGLE_SIM_KEY,
  translateBaseUrl: sim.url,
  translateRetryBaseMs: 5,
});
const none = useTestApp();

const MUL = '/PDD/transfer/mulObjGoogleTran';

describe('glossary protection (pure)', () => {
  it('keeps brands, forces terms, keeps tags and placeholders', () => {
    const entries = entriesFor(
      [
        { term: 'iPhone', lang: '', translation: '' },
        { term: 'case', lang: 'de', translation: 'Hülle' },
        { term: 'case', lang: 'fr', translation: 'étui' },
      ],
      'de',
    );
    const p = protect('<b>iPhone case</b> for {0}, %s left<br>showcase', entries);
    expect(p.masked).not.toMatch(/iPhone|<b>|\{0\}|%s/);
    expect(p.masked).toContain('showcase'); // whole words only
    expect(restore(p.masked.toUpperCase(), p.tokens)).toBe('<b>iPhone Hülle</b> FOR {0}, %s LEFT<br>SHOWCASE');
    expect(restore('⟦ 0 ⟧ x', ['<b>', '</b>'])).toBe('<b> x </b>');
  });
});

describe('translate calls', () => {
  let admin: UserRow;
  let s: Session;
  let worker: Session;
  beforeAll(async () => {
    admin = await buildTenant(t.db);
    s = await signIn(t.app, admin.account, TEST_PASSWORD);
    worker = await signIn(t.app, (await buildUser(t.db, admin, { auth: 2 })).account, TEST_PASSWORD);
  });

  it('mulObjGoogleTran: arr as JSON text or array, answers in order; from defaults to auto', async () => {
    const r = await call(t.app, worker, 'POST', MUL, { arr: JSON.stringify(['Red cup', 'Blue cup']), to: 'de' });
    expect(r).toMatchObject({ status: 200, data: ['[de] RED CUP', '[de] BLUE CUP'] });
    const last = sim.requests.at(-1)!;
    expect(last.body).toEqual({ q: ['Red cup', 'Blue cup'], target: 'de', format: 'text' });
    const r2 = await call(t.app, worker, 'POST', MUL, { arr: ['Green cup', '', 'Red cup'], to: 'se', from: 'en' });
    expect(r2.data).toEqual(['[sv] GREEN CUP', '', '[sv] RED CUP']);
  });

  it('googleTran: one text', async () => {
    const r = await call(t.app, worker, 'POST', '/PDD/transfer/googleTran', { word: 'Lamp', to: 'br', from: 'en' });
    expect(r).toMatchObject({ status: 200, data: '[pt] LAMP' });
  });

  it('bad input answers 400 with a Chinese message', async () => {
    expect(await call(t.app, worker, 'POST', MUL, { arr: 'not json', to: 'de' })).toMatchObject({
      status: 400,
      msg: 'arr必须是文本数组(JSON)',
    });
    expect((await call(t.app, worker, 'POST', MUL, { arr: ['x'], to: 'xx' })).msg).toBe('语言不支持');
    expect((await call(t.app, worker, 'POST', MUL, { arr: [], to: 'de' })).msg).toBe('请提供要翻译的内容');
  });

  it('memory: a second identical call sends nothing to the provider', async () => {
    const body = { arr: ['Memory test text', 'Another memory text'], to: 'fr', from: 'en' };
    await call(t.app, worker, 'POST', MUL, body);
    const before = sim.requests.length;
    const again = await call(t.app, s, 'POST', MUL, body);
    expect(again.data).toEqual(['[fr] MEMORY TEST TEXT', '[fr] ANOTHER MEMORY TEXT']);
    expect(sim.requests.length).toBe(before);
    // Another tenant has its own memory.
    const other = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
    await call(t.app, other, 'POST', MUL, body);
    expect(sim.requests.length).toBe(before + 1);
  });

  it('a correction is reused next time', async () => {
    const save = await call(t.app, worker, 'POST', '/PDD/transfer/saveCorrection', {
      source: 'Memory test text',
      from: 'en',
      to: 'fr',
      text: 'Texte corrigé',
    });
    expect(save.status).toBe(200);
    const r = await call(t.app, worker, 'POST', MUL, { arr: ['Memory test text'], to: 'fr', from: 'en' });
    expect(r.data).toEqual(['Texte corrigé']);
  });

  it('glossary: admins edit, workers use; brands, forced terms, tags and placeholders survive', async () => {
    const denied = await call(t.app, worker, 'POST', '/PDD/transfer/glossary/save', { term: 'Acme' });
    expect(denied.http).toBe(403);
    const a = await call(t.app, s, 'POST', '/PDD/transfer/glossary/save', { term: 'AcmePro X1' });
    expect(a.status).toBe(200);
    await call(t.app, s, 'POST', '/PDD/transfer/glossary/save', { term: 'mug', lang: 'de', translation: 'Becher' });
    expect((await call(t.app, s, 'POST', '/PDD/transfer/glossary/save', { term: 'acmepro x1' })).http).toBe(409);
    const list = await call(t.app, worker, 'GET', '/PDD/transfer/glossary/list');
    expect(list.data.map((e: { term: string }) => e.term)).toEqual(['AcmePro X1', 'mug']);
    const text = '<ul><li>AcmePro X1 mug</li></ul><b>{0}</b> and %s<br>';
    const r = await call(t.app, worker, 'POST', MUL, { arr: [text], to: 'de', from: 'en' });
    expect(r.data).toEqual(['[de] <ul><li>AcmePro X1 Becher</li></ul><b>{0}</b> AND %s<br>']);
    const fr = await call(t.app, worker, 'POST', MUL, { arr: [text], to: 'fr', from: 'en' });
    expect(fr.data).toEqual(['[fr] <ul><li>AcmePro X1 MUG</li></ul><b>{0}</b> AND %s<br>']);
    // Update and delete; another tenant's id is not found.
    const id = a.data.id;
    expect((await call(t.app, s, 'POST', '/PDD/transfer/glossary/save', { id, term: 'AcmePro X2' })).status).toBe(200);
    const other = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
    expect((await call(t.app, other, 'POST', '/PDD/transfer/glossary/delete', { ids: [id] })).http).toBe(404);
    expect((await call(t.app, other, 'POST', '/PDD/transfer/glossary/save', { id, term: 'x' })).http).toBe(404);
    expect((await call(t.app, s, 'POST', '/PDD/transfer/glossary/delete', { ids: [id] })).data).toEqual({ deleted: 1 });
    const log = await t.db.selectFrom('opera_log').select('action').where('tenant_id', '=', admin.id).execute();
    expect(log.map((l) => l.action)).toEqual(
      expect.arrayContaining(['translate.glossary.create', 'translate.glossary.update', 'translate.glossary.delete']),
    );
  });

  it('usage: characters per provider and day, admins only', async () => {
    const r = await call(t.app, s, 'GET', '/PDD/transfer/usage');
    expect(r.status).toBe(200);
    expect(r.data.provider).toBe('google');
    expect(r.data.totals.google.chars).toBeGreaterThan(0);
    expect(r.data.list[0]).toMatchObject({ provider: 'google', day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((await call(t.app, worker, 'GET', '/PDD/transfer/usage')).http).toBe(403);
  });

  it('a provider outage is a clear Chinese message', async () => {
    for (let i = 0; i < 4; i++) sim.faults.push({ status: 503, body: {} });
    const r = await call(t.app, worker, 'POST', MUL, { arr: ['Outage text'], to: 'it', from: 'en' });
    expect(r).toMatchObject({ status: 502, msg: '翻译服务暂时不可用,请稍后重试' });
    sim.faults.push({ status: 403, body: { error: { code: 403, errors: [{ reason: 'dailyLimitExceeded' }] } } });
    expect((await call(t.app, worker, 'POST', MUL, { arr: ['Quota text'], to: 'it' })).msg).toMatch(
      /^翻译服务额度已用完/,
    );
  });

  it('trader and buyer may not translate', async () => {
    const buyer = await signIn(t.app, (await buildUser(t.db, admin, { auth: 3 })).account, TEST_PASSWORD);
    const trader = await signIn(t.app, (await buildTenant(t.db, { auth: 5 })).account, TEST_PASSWORD);
    for (const who of [buyer, trader]) {
      expect((await call(t.app, who, 'POST', MUL, { arr: ['x'], to: 'de' })).http).toBe(403);
    }
  });
});

describe('no provider configured', () => {
  it('explains how to configure one', async () => {
    const admin = await buildTenant(none.db);
    const s = await signIn(none.app, admin.account, TEST_PASSWORD);
    const r = await call(none.app, s, 'POST', MUL, { arr: ['x'], to: 'de' });
    expect(r.status).toBe(400);
    expect(r.msg).toMatch(/^未配置翻译服务.*TRANSLATE_PROVIDER/);
  });
});
