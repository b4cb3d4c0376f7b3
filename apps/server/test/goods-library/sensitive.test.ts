import type { SensitiveHit } from '@console/shared/schemas/goods';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/db/types.js';
import { findSensitiveWords } from '../../src/modules/goods-library/sensitive.service.js';
import { matchSensitiveWords } from '../../src/modules/goods-library/sensitive-matcher.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { withEventLoopDelay } from '../support/event-loop.js';
import { seededRandom } from '../support/seeded-random.js';

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

/** The matcher before issue 27 (one regular expression per word and text), the reference for the automaton. */
function regexMatcher(
  words: { lang: string; word: string }[],
  texts: { lang: string; field: string; text: string }[],
): SensitiveHit[] {
  const unspaced = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
  const wordChar = /[\p{L}\p{N}\p{M}_]/u;
  const pattern = (word: string) => {
    const body = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (unspaced.test(word)) return new RegExp(body, 'giu');
    const before = wordChar.test(word[0] ?? '') ? '(?<![\\p{L}\\p{N}\\p{M}_])' : '';
    const after = wordChar.test(word.at(-1) ?? '') ? '(?![\\p{L}\\p{N}\\p{M}_])' : '';
    return new RegExp(`${before}${body}${after}`, 'giu');
  };
  const hits: SensitiveHit[] = [];
  for (const t of texts) {
    for (const w of words) {
      if (w.lang !== 'all' && w.lang !== t.lang) continue;
      for (const m of t.text.matchAll(pattern(w.word))) {
        hits.push({ lang: t.lang, field: t.field, word: w.word, start: m.index, end: m.index + m[0].length });
      }
    }
  }
  const order = new Map(texts.map((t, i) => [`${t.lang}\u0000${t.field}`, i]));
  return hits.sort(
    (a, b) =>
      (order.get(`${a.lang}\u0000${a.field}`) ?? 0) - (order.get(`${b.lang}\u0000${b.field}`) ?? 0) ||
      a.start - b.start ||
      b.end - a.end,
  );
}

describe('matchSensitiveWords: one pass over each text (Aho–Corasick), the same hits as before', () => {
  it('occurrences of one word never overlap; words that overlap each other all match', () => {
    const zh = matchSensitiveWords(
      [
        { lang: 'zh-CN', word: '哈哈' },
        { lang: 'zh-CN', word: '哈哈哈' },
      ],
      [{ lang: 'zh-CN', field: 't', text: '哈哈哈哈哈' }],
    );
    expect(zh.map((h) => `${h.word}@${h.start}`)).toEqual(['哈哈哈@0', '哈哈@0', '哈哈@2']);
    expect(matchSensitiveWords([{ lang: 'en', word: 'a-a' }], [{ lang: 'en', field: 't', text: 'a-a-a-a' }])).toEqual([
      { lang: 'en', field: 't', word: 'a-a', start: 0, end: 3 },
      { lang: 'en', field: 't', word: 'a-a', start: 4, end: 7 },
    ]);
  });

  it('folds case as a Unicode regular expression does; offsets count UTF-16 units', () => {
    const greek = matchSensitiveWords(
      [{ lang: 'el', word: 'ΟΔΟΣ' }],
      [{ lang: 'el', field: 't', text: 'μια οδος, μια οδοσ' }],
    );
    expect(greek.map((h) => [h.start, h.end])).toEqual([
      [4, 8],
      [14, 18],
    ]);
    const astral = matchSensitiveWords(
      [{ lang: 'all', word: '𠀀好' }],
      [{ lang: 'zh-CN', field: 't', text: '😀𠀀好' }],
    );
    expect(astral).toEqual([{ lang: 'zh-CN', field: 't', word: '𠀀好', start: 2, end: 5 }]);
  });

  it('gives what the per-word regular expressions gave, on random words and texts', () => {
    const { seed, rand: rnd } = seededRandom();
    const alphabet = ['a', 'b', 'A', 'é', 'É', ' ', '-', '_', '1', '苹', '果', 'ß', 'ς', 'Σ', 'σ'];
    const str = (n: number) => Array.from({ length: n }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
    for (let round = 0; round < 200; round++) {
      const words = Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => ({
        lang: rnd() < 0.3 ? 'all' : rnd() < 0.5 ? 'en' : 'de',
        word: str(1 + Math.floor(rnd() * 3)).trim() || 'a',
      }));
      const texts = [
        { lang: 'en', field: 'title', text: str(Math.floor(rnd() * 40)) },
        { lang: 'de', field: 'title', text: str(Math.floor(rnd() * 40)) },
      ];
      expect(matchSensitiveWords(words, texts), JSON.stringify({ seed, words, texts })).toEqual(
        regexMatcher(words, texts),
      );
    }
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

  it("5,000 words against the issue's 95 texts of 20,000 characters: the event loop is never held; the call caps the text", async () => {
    const owner = await buildTenant(t.db);
    const admin = await signIn(t.app, owner.account, TEST_PASSWORD);
    const words = Array.from({ length: 5000 }, (_, i) => `brand${i.toString(36)}x`);
    expect(await call(t.app, admin, 'POST', '/PDD/goods/sensitive/create', { lang: 'en', words })).toMatchObject({
      status: 200,
      data: { added: 5000 },
    });
    // Texts of 20,000 characters, a word of the list every 50 words.
    const text = Array.from({ length: 2500 }, (_, i) => (i % 50 === 0 ? words[i] : `word${i % 97}`))
      .join(' ')
      .slice(0, 20_000);
    const texts = Array.from({ length: 95 }, (_, i) => ({ lang: 'en', field: `f${i}`, text }));
    // The matcher the product save also uses (it has no cap of its own): 1.9 million characters.
    const run = await withEventLoopDelay(() => findSensitiveWords(t.db, owner.id, texts));
    const hits = run.result;
    expect(hits).toHaveLength(95 * 50);
    expect(hits[0]).toEqual({ lang: 'en', field: 'f0', word: 'brand0x', start: 0, end: 7 });
    expect(run.maxDelayMs, `worst event-loop delay (the match took ${run.ms.toFixed(0)} ms)`).toBeLessThan(300);
    // The call reads at most 200,000 characters: ten such texts, not 95.
    const atCap = await call(t.app, admin, 'POST', '/PDD/goods/sensitive/check', { texts: texts.slice(0, 10) });
    expect(atCap.status).toBe(200);
    expect(atCap.data.hits).toHaveLength(10 * 50);
    expect(await call(t.app, admin, 'POST', '/PDD/goods/sensitive/check', { texts })).toMatchObject({
      http: 400,
      msg: '一次最多检查200000个字符',
    });
  });

  it('buyers are refused on every call', async () => {
    expect((await call(t.app, buyer, 'GET', '/PDD/goods/sensitive/list')).http).toBe(403);
    for (const url of ['create', 'delete', 'check']) {
      expect((await call(t.app, buyer, 'POST', `/PDD/goods/sensitive/${url}`, {})).http).toBe(403);
    }
  });
});
