import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/db/types.js';
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
const MEMORY = '/PDD/transfer/memory/list';
const CORRECTIONS = '/PDD/transfer/corrections/list';

interface Entry {
  id: number;
  source_lang: string;
  target_lang: string;
  source_text: string;
}

describe('translation memory and corrections (management screen)', () => {
  let admin: UserRow;
  let s: Session;
  let worker: Session;
  let other: Session;
  beforeAll(async () => {
    admin = await buildTenant(t.db);
    s = await signIn(t.app, admin.account, TEST_PASSWORD);
    worker = await signIn(t.app, (await buildUser(t.db, admin, { auth: 2 })).account, TEST_PASSWORD);
    other = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
    await call(t.app, worker, 'POST', MUL, { arr: ['Red cup', 'Blue kettle'], to: 'de', from: 'en' });
    await call(t.app, worker, 'POST', MUL, { arr: ['Red cup'], to: 'fr', from: 'en' });
    await call(t.app, other, 'POST', MUL, { arr: ['Red cup'], to: 'de', from: 'en' });
  });

  it('lists the tenant memory newest first, searches text and filters the language pair, paginated', async () => {
    const all = await call(t.app, s, 'GET', MEMORY);
    expect(all.status).toBe(200);
    expect(all.data.total).toBe(3);
    expect(all.data.list[0]).toMatchObject({
      provider: 'google',
      source_lang: 'en',
      target_lang: 'fr',
      format: 'text',
      source_text: 'Red cup',
      translated_text: '[fr] RED CUP',
      created_at: expect.any(Number),
    });
    const red = await call(t.app, s, 'GET', `${MEMORY}?keyword=red`);
    expect(red.data.list.map((e: Entry) => e.target_lang).sort()).toEqual(['de', 'fr']);
    // The translation is searched too, and LIKE wildcards are plain characters.
    expect((await call(t.app, s, 'GET', `${MEMORY}?keyword=KETTLE`)).data.total).toBe(1);
    expect((await call(t.app, s, 'GET', `${MEMORY}?keyword=%25`)).data.total).toBe(0);
    const de = await call(t.app, s, 'GET', `${MEMORY}?from=en&to=de`);
    expect(de.data.list.map((e: Entry) => e.source_text).sort()).toEqual(['Blue kettle', 'Red cup']);
    expect((await call(t.app, s, 'GET', `${MEMORY}?from=auto`)).data.total).toBe(0);
    const page2 = await call(t.app, s, 'GET', `${MEMORY}?page=2&pageSize=2`);
    expect(page2.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.data.list).toHaveLength(1);
  });

  it('deleting a memory entry makes the next translation ask the provider again; audited', async () => {
    const list = await call(t.app, s, 'GET', `${MEMORY}?to=fr`);
    const id = list.data.list[0].id;
    const before = sim.requests.length;
    await call(t.app, worker, 'POST', MUL, { arr: ['Red cup'], to: 'fr', from: 'en' });
    expect(sim.requests.length).toBe(before); // memory hit
    const del = await call(t.app, s, 'POST', '/PDD/transfer/memory/delete', { ids: [id] });
    expect(del).toMatchObject({ status: 200, data: { deleted: 1 } });
    const again = await call(t.app, worker, 'POST', MUL, { arr: ['Red cup'], to: 'fr', from: 'en' });
    expect(again.data).toEqual(['[fr] RED CUP']);
    expect(sim.requests.length).toBe(before + 1);
    const log = await t.db
      .selectFrom('opera_log')
      .select(['action', 'target_id'])
      .where('tenant_id', '=', admin.id)
      .where('action', '=', 'translate.memory.delete')
      .execute();
    expect(log).toEqual([{ action: 'translate.memory.delete', target_id: String(id) }]);
  });

  it("another tenant's ids are not found and nothing is deleted", async () => {
    const mine = await call(t.app, s, 'GET', MEMORY);
    const ids = mine.data.list.map((e: Entry) => e.id);
    const theirs = await call(t.app, other, 'GET', MEMORY);
    expect(theirs.data.total).toBe(1);
    expect(theirs.data.list.map((e: Entry) => e.id)).not.toContain(ids[0]);
    const r = await call(t.app, other, 'POST', '/PDD/transfer/memory/delete', { ids: [ids[0]] });
    expect(r).toMatchObject({ http: 404, msg: '翻译记忆不存在' });
    // A mix of own and foreign ids deletes nothing either.
    const mixed = await call(t.app, s, 'POST', '/PDD/transfer/memory/delete', {
      ids: [ids[0], theirs.data.list[0].id],
    });
    expect(mixed.http).toBe(404);
    expect((await call(t.app, s, 'GET', MEMORY)).data.total).toBe(mine.data.total);
    expect((await call(t.app, other, 'GET', MEMORY)).data.total).toBe(1);
  });

  it('corrections: listed with the account that saved them; deleting one stops its reuse; audited', async () => {
    await call(t.app, worker, 'POST', '/PDD/transfer/saveCorrection', {
      source: 'Blue kettle',
      from: 'en',
      to: 'de',
      text: 'Blauer Wasserkocher',
    });
    expect((await call(t.app, worker, 'POST', MUL, { arr: ['Blue kettle'], to: 'de', from: 'en' })).data).toEqual([
      'Blauer Wasserkocher',
    ]);
    const list = await call(t.app, s, 'GET', `${CORRECTIONS}?keyword=wasser&from=en&to=de`);
    expect(list.data.total).toBe(1);
    const entry = list.data.list[0];
    expect(entry).toMatchObject({
      source_lang: 'en',
      target_lang: 'de',
      source_text: 'Blue kettle',
      text: 'Blauer Wasserkocher',
      account: expect.stringMatching(/.+/),
      updated_at: expect.any(Number),
    });
    expect((await call(t.app, s, 'GET', `${CORRECTIONS}?to=fr`)).data.total).toBe(0);
    expect((await call(t.app, other, 'GET', CORRECTIONS)).data.total).toBe(0);
    expect((await call(t.app, other, 'POST', '/PDD/transfer/corrections/delete', { ids: [entry.id] })).msg).toBe(
      '人工修正不存在',
    );
    const del = await call(t.app, s, 'POST', '/PDD/transfer/corrections/delete', { ids: [entry.id] });
    expect(del).toMatchObject({ status: 200, data: { deleted: 1 } });
    expect((await call(t.app, worker, 'POST', MUL, { arr: ['Blue kettle'], to: 'de', from: 'en' })).data).toEqual([
      '[de] BLUE KETTLE',
    ]);
    const log = await t.db
      .selectFrom('opera_log')
      .select('action')
      .where('tenant_id', '=', admin.id)
      .where('action', '=', 'translate.correction.delete')
      .execute();
    expect(log).toHaveLength(1);
  });

  it('only company and personal admins list and delete; others get 403', async () => {
    const leader = await signIn(t.app, (await buildUser(t.db, admin, { auth: 1 })).account, TEST_PASSWORD);
    const personal = await signIn(t.app, (await buildTenant(t.db, { auth: 4 })).account, TEST_PASSWORD);
    for (const who of [worker, leader]) {
      expect((await call(t.app, who, 'GET', MEMORY)).http).toBe(403);
      expect((await call(t.app, who, 'GET', CORRECTIONS)).http).toBe(403);
      expect((await call(t.app, who, 'POST', '/PDD/transfer/memory/delete', { ids: [1] })).http).toBe(403);
      expect((await call(t.app, who, 'POST', '/PDD/transfer/corrections/delete', { ids: [1] })).http).toBe(403);
    }
    expect((await call(t.app, personal, 'GET', MEMORY)).data).toMatchObject({ total: 0, list: [] });
  });

  it('bad input answers 400 with a Chinese message', async () => {
    const bad: [string, string, unknown, string][] = [
      ['POST', '/PDD/transfer/memory/delete', { ids: [] }, '请选择要删除的记录'],
      ['POST', '/PDD/transfer/memory/delete', { ids: ['x'] }, 'ID必须为数字'],
      ['POST', '/PDD/transfer/corrections/delete', {}, '请选择要删除的记录'],
      ['GET', `${MEMORY}?page=0`, undefined, '页码必须大于0'],
      ['GET', `${MEMORY}?to=xx`, undefined, '语言不支持'],
      ['GET', `${CORRECTIONS}?from=xx`, undefined, '源语言不支持'],
      ['GET', `${CORRECTIONS}?pageSize=500`, undefined, '每页条数不能大于200'],
    ];
    for (const [method, url, body, msg] of bad) {
      const r = await call(t.app, s, method as 'GET' | 'POST', url, body);
      expect(r, url).toMatchObject({ http: 400, msg });
    }
  });
});

describe('editor helpers: provider status and machine check', () => {
  it('status says which provider is configured, and how to configure one when none is', async () => {
    const w = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
    expect((await call(t.app, w, 'GET', '/PDD/transfer/status')).data).toEqual({
      provider: 'google',
      configured: true,
      demo: false,
      message: '',
    });
    const n = await signIn(none.app, (await buildTenant(none.db)).account, TEST_PASSWORD);
    const r = await call(none.app, n, 'GET', '/PDD/transfer/status');
    expect(r.data).toMatchObject({ provider: 'none', configured: false, demo: false });
    expect(r.data.message).toMatch(/^未配置翻译服务: .*TRANSLATE_PROVIDER/);
    // The translate call itself answers the same message.
    expect((await call(none.app, n, 'POST', MUL, { arr: ['x'], to: 'de' })).msg).toBe(r.data.message);
  });

  it('machineCheck: texts a machine delivered (or a correction) count as machine text, typed ones do not', async () => {
    const admin = await buildTenant(t.db);
    const w = await signIn(t.app, (await buildUser(t.db, admin, { auth: 2 })).account, TEST_PASSWORD);
    await call(t.app, w, 'POST', MUL, { arr: ['Green lamp'], to: 'it', from: 'en' });
    await call(t.app, w, 'POST', '/PDD/transfer/saveCorrection', {
      source: 'Desk',
      from: 'en',
      to: 'it',
      text: 'Scrivania',
    });
    const r = await call(t.app, w, 'POST', '/PDD/transfer/machineCheck', {
      to: 'it',
      texts: ['[it] GREEN LAMP', 'Lampada verde scritta a mano', '', 'Scrivania'],
    });
    expect(r.data).toEqual({ machine: [true, false, true, true] });
    // Per target language and per tenant.
    expect(
      (await call(t.app, w, 'POST', '/PDD/transfer/machineCheck', { to: 'fr', texts: ['[it] GREEN LAMP'] })).data,
    ).toEqual({ machine: [false] });
    const stranger = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
    expect(
      (await call(t.app, stranger, 'POST', '/PDD/transfer/machineCheck', { to: 'it', texts: ['[it] GREEN LAMP'] }))
        .data,
    ).toEqual({ machine: [false] });
    expect((await call(t.app, w, 'POST', '/PDD/transfer/machineCheck', { to: 'it', texts: [] })).msg).toBe(
      '请提供要检查的内容',
    );
    expect((await call(t.app, w, 'POST', '/PDD/transfer/machineCheck', { to: 'xx', texts: ['a'] })).msg).toBe(
      '语言不支持',
    );
    const buyer = await signIn(t.app, (await buildUser(t.db, admin, { auth: 3 })).account, TEST_PASSWORD);
    expect((await call(t.app, buyer, 'POST', '/PDD/transfer/machineCheck', { to: 'it', texts: ['a'] })).http).toBe(403);
  });
});
