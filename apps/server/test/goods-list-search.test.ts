import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/types.js';
import { KEYWORD_WINDOW, keywordGrams } from '../src/modules/goods/goods.repository.js';
import { compactGoodsCounts, KEYWORD_COUNT_CAP } from '../src/modules/goods/goods-counts.repository.js';
import { buildGoods, buildTenant, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';
import { seededRandom } from './support/seeded-random.js';

/**
 * productList against a plain, obviously correct query (issue 12 section 7): the fast paths
 * (maintained counts, tenant trigram index, the newest-products window, the capped keyword
 * count) must give the same rows and totals.
 */
const t = useTestApp();
const P = '/PDD/amazon-user/';

/** Seeded random numbers, so a failure can be replayed with TEST_SEED. */
const { seed: SEED, rand, pick } = seededRandom();
const STATUSES = ['willAudit', 'hasAudit', 'useless'] as const;
const WORDS = [
  'velvet',
  'hairband',
  'steel',
  'bottle',
  'cotton',
  'shirt',
  'wooden',
  'toy',
  'Haarband',
  'ceramic',
  '蓝色',
  '发箍',
  '50%',
  'a_b',
  'x-ray',
  'Éclair',
];

interface Generated {
  type: number;
  audit_status: string;
  is_delete: number;
  sku: string;
  asin: string;
  title: string;
  zh: string;
  children: { sku: string; ean: string }[];
}

/** `n` random products for a tenant in one INSERT (most carry the brand "Acme", so one word matches over the cap). */
async function insertMany(tenant: UserRow, n: number): Promise<Generated[]> {
  const rows: Generated[] = Array.from({ length: n }, (_, i) => {
    const words = Array.from({ length: 3 }, () => pick(WORDS));
    return {
      type: Math.floor(rand() * 9),
      audit_status: pick(STATUSES),
      is_delete: rand() < 0.1 ? 1 : 0,
      sku: `SKU-${tenant.id}-${i}`,
      asin: `B0${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`,
      title: `${rand() < 0.9 ? 'Acme ' : ''}${words.join(' ')} ${i}`,
      zh: `${pick(WORDS)}商品${i}`,
      children:
        rand() < 0.3
          ? [{ sku: `V-${tenant.id}-${i}-R`, ean: String(4_000_000_000_000 + Math.floor(rand() * 1e12)) }]
          : [],
    };
  });
  await sql`
    insert into goods (tenant_id, creator_id, type, audit_status, is_delete, sku, base_info, descs, parentage)
    select ${tenant.id}, ${tenant.id}, r.type, r.audit_status, r.is_delete, r.sku,
           jsonb_build_object('sku', r.sku, 'product_id', r.asin),
           jsonb_build_object('en', jsonb_build_object('title', r.title), 'zh-CN', jsonb_build_object('title', r.zh)),
           jsonb_build_object('theme', '', 'attrs', '[]'::jsonb, 'children', r.children)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(type int, audit_status text, is_delete int, sku text, asin text, title text, zh text, children jsonb)`.execute(
    t.db,
  );
  return rows;
}

/** The filter's matches, newest first, by the plainest SQL there is (strpos, no index tricks). */
async function plain(tenantId: number, f: { keyword?: string; type: number; is_delete: number }) {
  const r = await sql<{ id: string; audit_status: string }>`
    select id, audit_status from goods
     where tenant_id = ${tenantId} and is_delete = ${f.is_delete}
       and (${f.type}::int = 0 or type = ${f.type})
       and (${f.keyword ?? ''}::text = '' or strpos(search_text, ${(f.keyword ?? '').toLowerCase()}) > 0)
     order by id desc`.execute(t.db);
  return r.rows.map((x) => ({ id: Number(x.id), status: x.audit_status }));
}

interface Case {
  keyword?: string;
  status: string;
  type: number;
  is_delete: number;
  page: number;
  pageSize: number;
}

/** Asks productList for a case (and the next page by keyset) and compares it with the plain query. */
async function compare(s: Session, tenantId: number, c: Case) {
  const qs = new URLSearchParams({
    status: c.status,
    type: String(c.type),
    is_delete: String(c.is_delete),
    page: String(c.page),
    pageSize: String(c.pageSize),
    ...(c.keyword !== undefined ? { keyword: c.keyword } : {}),
  });
  const label = `seed ${SEED}: ${qs}`;
  const res = await call(t.app, s, 'GET', `${P}productList?${qs}`);
  expect(res.status, label).toBe(200);
  const matches = await plain(tenantId, c);
  const tab = c.status === 'all' ? matches : matches.filter((m) => m.status === c.status);
  const from = (c.page - 1) * c.pageSize;
  expect(
    res.data.list.map((r: { id: number }) => r.id),
    label,
  ).toEqual(tab.slice(from, from + c.pageSize).map((m) => m.id));
  const exact = {
    all: matches.length,
    hasAudit: matches.filter((m) => m.status === 'hasAudit').length,
    willAudit: matches.filter((m) => m.status === 'willAudit').length,
    useless: matches.filter((m) => m.status === 'useless').length,
  };
  // Only a keyword is counted up to the cap; every figure is then a lower bound.
  if (!c.keyword || matches.length <= KEYWORD_COUNT_CAP) {
    expect(res.data.total_capped, label).toBe(false);
    expect(res.data.counts, label).toEqual(exact);
    expect(res.data.total, label).toBe(c.status === 'all' ? exact.all : exact[c.status as keyof typeof exact]);
  } else {
    expect(res.data.total_capped, label).toBe(true);
    expect(res.data.counts.all, label).toBe(KEYWORD_COUNT_CAP);
    const read = STATUSES.reduce((sum, st) => sum + res.data.counts[st], 0);
    expect(read, label).toBe(KEYWORD_COUNT_CAP + 1);
    for (const st of STATUSES) expect(res.data.counts[st], label).toBeLessThanOrEqual(exact[st]);
    expect(res.data.total, label).toBe(c.status === 'all' ? KEYWORD_COUNT_CAP : res.data.counts[c.status]);
  }
  // The next page by keyset cursor.
  if (res.data.next_cursor) {
    qs.delete('page');
    qs.set('cursor', String(res.data.next_cursor));
    const next = await call(t.app, s, 'GET', `${P}productList?${qs}`);
    const after = tab.filter((m) => m.id < res.data.next_cursor);
    expect(
      next.data.list.map((r: { id: number }) => r.id),
      `${label} (cursor)`,
    ).toEqual(after.slice(0, c.pageSize).map((m) => m.id));
  }
}

/** Maintained counts per group (sum of the signed rows) equal a recount of goods. */
async function expectCountsMatchRecount(label: string) {
  const recount = await sql<{ k: string; n: string }>`
    select concat_ws('/', tenant_id, is_delete, type, audit_status) as k, count(*)::text as n
      from goods group by tenant_id, is_delete, type, audit_status order by k`.execute(t.db);
  const kept = await sql<{ k: string; n: string }>`
    select concat_ws('/', tenant_id, is_delete, type, audit_status) as k, sum(n)::text as n
      from goods_counts group by tenant_id, is_delete, type, audit_status having sum(n) <> 0 order by k`.execute(t.db);
  expect(kept.rows, `${label} (seed ${SEED})`).toEqual(recount.rows);
}

describe("productList gives the plain query's rows and totals", () => {
  it('for random keywords, SKU/ASIN/EAN shapes, status tabs, types, the bin, pages and cursors', async () => {
    const tenant = await buildTenant(t.db);
    const other = await buildTenant(t.db);
    // More products than the keyword window and the count cap, so both fall back or stop.
    const rows = await insertMany(tenant, KEYWORD_WINDOW + 500);
    const theirs = await insertMany(other, 50);
    const s = await signIn(t.app, tenant.account, TEST_PASSWORD);
    const texts = (
      await sql<{ search_text: string }>`select search_text from goods where tenant_id = ${tenant.id}`.execute(t.db)
    ).rows.map((r) => r.search_text);
    const keywords: (string | undefined)[] = [
      undefined,
      'acme',
      'ACME',
      'hairband',
      'Haarband',
      'a_b',
      '50%',
      '%',
      '_',
      'x-ray',
      'éclair',
      '蓝色',
      '发箍',
      'ab',
      'no-such-product',
      rows[7]!.sku,
      rows[rows.length - 3]!.sku,
      rows[5]!.asin,
      rows[900]!.asin.slice(2),
      theirs[0]!.sku,
      theirs[1]!.asin,
    ];
    const withEan = rows.filter((r) => r.children.length > 0);
    keywords.push(withEan[0]!.children[0]!.ean, withEan[withEan.length - 1]!.children[0]!.sku);
    // Random pieces of the products' own search text: common, rare, short, across words.
    for (let i = 0; i < 25; i++) {
      const text = pick(texts);
      const at = Math.floor(rand() * text.length);
      const piece = text.slice(at, at + 1 + Math.floor(rand() * 12)).trim();
      if (piece) keywords.push(piece);
    }
    for (const keyword of keywords) {
      await compare(s, tenant.id, {
        keyword,
        status: pick(['all', 'all', ...STATUSES]),
        type: rand() < 0.7 ? 0 : 1 + Math.floor(rand() * 8),
        is_delete: rand() < 0.85 ? 0 : 1,
        page: pick([1, 1, 1, 2, 3, 30]),
        pageSize: pick([10, 20, 50]),
      });
    }
    // A word of most products: counted up to the cap on every tab, pages from the window.
    for (const status of ['all', ...STATUSES]) {
      await compare(s, tenant.id, { keyword: 'Acme', status, type: 0, is_delete: 0, page: 1, pageSize: 20 });
    }
    await compare(s, tenant.id, { keyword: 'acme', status: 'all', type: 0, is_delete: 0, page: 40, pageSize: 20 });
    // A word of every product: the newest KEYWORD_COUNT_CAP + 1 all match, so their window
    // alone gives the capped counts (the trigram count is not asked).
    for (const status of ['all', ...STATUSES]) {
      const keyword = `SKU-${tenant.id}-`;
      await compare(s, tenant.id, { keyword, status, type: 0, is_delete: 0, page: 1, pageSize: 20 });
    }
    // The first page and the tabs without a keyword (maintained counts), in and out of the bin.
    for (const status of ['all', ...STATUSES]) {
      for (const is_delete of [0, 1]) {
        await compare(s, tenant.id, { status, type: 0, is_delete, page: 1, pageSize: 20 });
        await compare(s, tenant.id, { status, type: 3, is_delete, page: 2, pageSize: 10 });
      }
    }
  });

  it('keyword trigrams are the inner windows of ASCII letter and digit runs, prefixed with the tenant', () => {
    expect(keywordGrams(7, 'Hair-Band')).toEqual(['7:air', '7:and', '7:ban', '7:hai']);
    expect(keywordGrams(7, 'ab')).toEqual([]);
    expect(keywordGrams(7, '发箍')).toEqual([]);
    expect(keywordGrams(7, 'éclair 50%')).toEqual(['7:air', '7:cla', '7:lai']);
  });
});

describe('maintained counts (goods_counts) equal a recount', () => {
  it('after saves, status changes, batch updates, copies, recycling, restores, deletes and concurrent writes', async () => {
    const tenant = await buildTenant(t.db);
    const s = await signIn(t.app, tenant.account, TEST_PASSWORD);
    await insertMany(tenant, 200);
    await expectCountsMatchRecount('bulk insert');

    const saved = await call(t.app, s, 'POST', `${P}insertGoods_v2`, {
      goodsData: { baseInfo: { type: 2 }, commonData: { descs: [{ key: 'en', title: 'Counted hairband' }] } },
    });
    expect(saved.status).toBe(200);
    const id = Number(saved.data.id);
    await expectCountsMatchRecount('save (new)');
    const again = await call(t.app, s, 'POST', `${P}insertGoods_v2`, {
      id,
      version: saved.data.version,
      goodsData: { baseInfo: { type: 5 }, commonData: { descs: [{ key: 'en', title: 'Counted hairband' }] } },
    });
    expect(again.status).toBe(200);
    await expectCountsMatchRecount('save (type changed)');

    const some = (
      await sql<{
        id: string;
      }>`select id from goods where tenant_id = ${tenant.id} and is_delete = 0 order by id limit 60`.execute(t.db)
    ).rows.map((r) => Number(r.id));
    await call(t.app, s, 'POST', `${P}setGoodsStatus`, { ids: some.slice(0, 30).join(','), status: 'useless' });
    await expectCountsMatchRecount('setGoodsStatus');
    await call(t.app, s, 'POST', `${P}batchUpdate2`, { filter: { type: 3 }, fields: { type: 6 } });
    await call(t.app, s, 'POST', `${P}batchUpdate2`, { ids: some.join(','), fields: { quantity: 9 } });
    await expectCountsMatchRecount('batchUpdate2');
    await call(t.app, s, 'POST', `${P}copyOneBenRenProduct`, { id });
    await expectCountsMatchRecount('copy');
    await call(t.app, s, 'POST', `${P}delGoodsMutl`, { ids: some.slice(10, 40).join(','), is_delete: 1 });
    await expectCountsMatchRecount('recycle');
    await call(t.app, s, 'POST', `${P}delGoodsMutl`, { ids: some.slice(10, 20).join(','), is_delete: 0 });
    await expectCountsMatchRecount('restore');
    await call(t.app, s, 'POST', `${P}delGoodsMutl`, { ids: some.slice(20, 40).join(','), is_delete: 2 });
    await expectCountsMatchRecount('delete for good');

    // Concurrent writers on the same groups, and folds of the counts running beside them.
    const ids = (
      await sql<{
        id: string;
      }>`select id from goods where tenant_id = ${tenant.id} and is_delete = 0 order by id desc limit 80`.execute(t.db)
    ).rows.map((r) => Number(r.id));
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 20; i++) {
      writes.push(buildGoods(t.db, tenant, { baseInfo: { type: i % 3 }, auditStatus: pick(STATUSES) }));
      writes.push(
        call(t.app, s, 'POST', `${P}setGoodsStatus`, {
          ids: ids.slice(i * 4, i * 4 + 4).join(','),
          status: pick(STATUSES),
        }),
      );
      writes.push(call(t.app, s, 'POST', `${P}delGoodsMutl`, { ids: String(ids[i * 4 + 1]), is_delete: 1 }));
      writes.push(call(t.app, s, 'POST', `${P}batchUpdate2`, { ids: String(ids[i * 4 + 2]), fields: { type: i % 9 } }));
      if (i % 4 === 0) writes.push(compactGoodsCounts(t.db, tenant.id));
      if (i % 5 === 0) writes.push(call(t.app, s, 'GET', `${P}productList`));
    }
    const results = await Promise.allSettled(writes);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    await expectCountsMatchRecount('concurrent writes');

    // Reads fold the appended rows; the figures stay those of a recount.
    const parts = async () =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from goods_counts where tenant_id = ${tenant.id}`.execute(t.db))
          .rows[0]!.n,
      );
    expect(await parts()).toBeGreaterThan(64);
    await compare(s, tenant.id, { status: 'all', type: 0, is_delete: 0, page: 1, pageSize: 20 });
    expect(await parts()).toBeLessThanOrEqual(2 * 9 * 3);
    await expectCountsMatchRecount('after folding');
    for (const status of ['all', ...STATUSES]) {
      await compare(s, tenant.id, { status, type: 1, is_delete: 0, page: 1, pageSize: 20 });
      await compare(s, tenant.id, { status, type: 0, is_delete: 1, page: 1, pageSize: 20 });
    }
  });
});
