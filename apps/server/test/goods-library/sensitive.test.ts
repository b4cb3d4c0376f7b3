import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/db/types.js';
import { findSensitiveWords } from '../../src/modules/goods-library/sensitive.service.js';
import { matchSensitiveWords } from '../../src/modules/goods-library/sensitive-matcher.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';

describe('matchSensitiveWords', () => {
  it('Latin: case-insensitive whole words with offsets', () => {
    const text = 'Best NIKE-style shoe, not Nikes; nike!';
    const hits = matchSensitiveWords([{ lang: 'en', word: 'nike' }], [{ lang: 'en', field: 'title', text }]);
    expect(hits).toEqual([
      { lang: 'en', field: 'title', word: 'nike', start: 5, end: 9 },
      { lang: 'en', field: 'title', word: 'nike', start: 33, end: 37 },
    ]);
    expect(text.slice(5, 9)).toBe('NIKE');
    // Accented letters are part of a word: "café" does not contain the word "caf".
    expect(matchSensitiveWords([{ lang: 'fr', word: 'caf' }], [{ lang: 'fr', field: 't', text: 'un café' }])).toEqual(
      [],
    );
    expect(
      matchSensitiveWords([{ lang: 'fr', word: 'CAFÉ' }], [{ lang: 'fr', field: 't', text: 'un Café noir' }]),
    ).toEqual([{ lang: 'fr', field: 't', word: 'CAFÉ', start: 3, end: 7 }]);
    // Multi-word phrases and words with symbols.
    const phrase = matchSensitiveWords(
      [
        { lang: 'en', word: 'free shipping' },
        { lang: 'en', word: '#1' },
      ],
      [{ lang: 'en', field: 'bullet_points.0', text: 'The #1 choice, FREE  shipping? Free shipping!' }],
    );
    expect(phrase.map((h) => [h.word, h.start, h.end])).toEqual([
      ['#1', 4, 6],
      ['free shipping', 31, 44],
    ]);
  });

  it('CJK: substring matches anywhere, offsets in string indices', () => {
    const text = '最好的苹果手机壳，正品苹果';
    const hits = matchSensitiveWords([{ lang: 'zh-CN', word: '苹果' }], [{ lang: 'zh-CN', field: 'title', text }]);
    expect(hits.map((h) => [h.start, h.end])).toEqual([
      [3, 5],
      [11, 13],
    ]);
    const ja = matchSensitiveWords(
      [{ lang: 'ja', word: 'ブランド' }],
      [{ lang: 'ja', field: 't', text: '高級ブランド品' }],
    );
    expect(ja).toEqual([{ lang: 'ja', field: 't', word: 'ブランド', start: 2, end: 6 }]);
  });

  it('language scoping: a word applies to its language, `all` to every text', () => {
    const words = [
      { lang: 'de', word: 'gift' },
      { lang: 'all', word: 'Disney' },
    ];
    const hits = matchSensitiveWords(words, [
      { lang: 'en', field: 'title', text: 'gift for Disney fans' },
      { lang: 'de', field: 'title', text: 'Gift disney' },
    ]);
    expect(hits.map((h) => `${h.lang}:${h.word}:${h.start}`)).toEqual(['en:Disney:9', 'de:gift:0', 'de:Disney:5']);
  });
});

describe('sensitive word calls', () => {
  const t = useTestApp();
  let tenant: UserRow;
  let leader: Session;
  let otherAdmin: Session;
  let buyer: Session;

  beforeAll(async () => {
    tenant = await buildTenant(t.db);
    leader = await signIn(t.app, (await buildUser(t.db, tenant, { auth: 1 })).account, TEST_PASSWORD);
    buyer = await signIn(t.app, (await buildUser(t.db, tenant, { auth: 3 })).account, TEST_PASSWORD);
    otherAdmin = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
  });

  it('adds many words at once, ignoring duplicates case-insensitively', async () => {
    const r = await call(t.app, leader, 'POST', '/PDD/goods/sensitive/create', {
      lang: 'en',
      words: 'Nike\nadidas, NIKE\n\n  free   shipping ;Adidas',
    });
    expect(r).toMatchObject({ status: 200, msg: '添加成功: 新增3个,重复2个已忽略' });
    expect(r.data.words).toEqual(['Nike', 'adidas', 'free shipping']);
    const again = await call(t.app, leader, 'POST', '/PDD/goods/sensitive/create', {
      lang: 'en',
      words: ['nike', 'Puma'],
    });
    expect(again.data).toMatchObject({ added: 1, duplicate: 1, words: ['Puma'] });
    const all = await call(t.app, leader, 'POST', '/PDD/goods/sensitive/create', {
      lang: 'all',
      words: ['苹果', 'nike'],
    });
    expect(all.data.added).toBe(2);
    const log = await t.db.selectFrom('opera_log').select('action').where('tenant_id', '=', tenant.id).execute();
    expect(log.filter((l) => l.action === 'goods.sensitive.create')).toHaveLength(3);
  });

  it('refuses bad input with Chinese messages', async () => {
    const cases: [unknown, string][] = [
      [{ lang: 'xx', words: ['a'] }, '语言不支持'],
      [{ lang: 'en', words: ' \n , ' }, '请填写敏感词'],
      [{ lang: 'en', words: ['x'.repeat(101)] }, '敏感词不能超过100个字符'],
      [{ lang: 'en' }, '请填写敏感词'],
    ];
    for (const [body, msg] of cases) {
      expect(await call(t.app, leader, 'POST', '/PDD/goods/sensitive/create', body)).toMatchObject({ http: 400, msg });
    }
    const check = await call(t.app, leader, 'POST', '/PDD/goods/sensitive/check', {
      texts: [{ lang: 'en', text: 'x' }],
    });
    expect(check).toMatchObject({ http: 400 });
  });

  it('lists with language and keyword filters; another tenant sees none', async () => {
    const r = await call(t.app, leader, 'GET', '/PDD/goods/sensitive/list?lang=en&keyword=ik');
    expect(r.data.list.map((w: { word: string }) => w.word)).toEqual(['Nike']);
    expect(r.data.total).toBe(1);
    const theirs = await call(t.app, otherAdmin, 'GET', '/PDD/goods/sensitive/list');
    expect(theirs.data).toMatchObject({ total: 0, list: [] });
  });

  it('check finds the tenant’s words only; findSensitiveWords gives the same hits', async () => {
    const texts = [
      { lang: 'en', field: 'title', text: 'NIKE style runner, free shipping' },
      { lang: 'zh-CN', field: 'title', text: '苹果同款' },
    ];
    const r = await call(t.app, leader, 'POST', '/PDD/goods/sensitive/check', { texts });
    expect(r.status).toBe(200);
    expect(r.data.hits.map((h: { word: string; start: number }) => `${h.word}@${h.start}`).sort()).toEqual(
      ['Nike@0', 'nike@0', 'free shipping@19', '苹果@0'].sort(),
    );
    expect(await findSensitiveWords(t.db, tenant.id, texts)).toEqual(r.data.hits);
    const theirs = await call(t.app, otherAdmin, 'POST', '/PDD/goods/sensitive/check', { texts });
    expect(theirs.data.hits).toEqual([]);
  });

  it('deletes words; another tenant’s ids are 404 and nothing changes', async () => {
    const rows = await t.db
      .selectFrom('goods_sensitive_words')
      .selectAll()
      .where('tenant_id', '=', tenant.id)
      .execute();
    const id = rows[0]!.id;
    expect(await call(t.app, otherAdmin, 'POST', '/PDD/goods/sensitive/delete', { ids: [id] })).toMatchObject({
      http: 404,
      msg: '敏感词不存在',
    });
    expect(await call(t.app, leader, 'POST', '/PDD/goods/sensitive/delete', { ids: [id, 99999999] })).toMatchObject({
      http: 404,
    });
    expect(
      await t.db.selectFrom('goods_sensitive_words').select('id').where('tenant_id', '=', tenant.id).execute(),
    ).toHaveLength(rows.length);
    expect(await call(t.app, leader, 'POST', '/PDD/goods/sensitive/delete', { ids: [id] })).toMatchObject({
      status: 200,
      data: { deleted: 1 },
    });
  });

  it('buyers are refused on every call', async () => {
    expect((await call(t.app, buyer, 'GET', '/PDD/goods/sensitive/list')).http).toBe(403);
    for (const url of ['create', 'delete', 'check']) {
      expect((await call(t.app, buyer, 'POST', `/PDD/goods/sensitive/${url}`, {})).http).toBe(403);
    }
  });
});
