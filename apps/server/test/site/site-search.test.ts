import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bumpSiteVersion } from '../../src/modules/site/storefront/page-cache.js';
import { buildTenant } from '../factories.js';
import { useTestApp } from '../harness.js';
import { insertProduct, insertProducts, insertSite, type SiteRow, texts } from './site-catalog-support.js';

// The storefront's search (docs/site.md "Search"): the trigger-kept search rows, tenancy, publish
// state, the count cap and paging, the short cache of ids, escaping of the query.
const t = useTestApp();
let site: SiteRow;
let other: SiteRow;

const search = (q: string, extra = '', slug = 'find-shop', lang = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `/s/${slug}/${lang}/search?q=${encodeURIComponent(q)}${extra}`,
    headers: { accept: 'text/html' },
  });
const cards = (body: string) => [...body.matchAll(/<li class="card"><a href="[^"]*\/p\/([^"]+)"/g)].map((m) => m[1]);

/** The search rows as the triggers should have made them: published products' non-empty titles per language. */
async function expectedRows() {
  const { rows } = await sql<{ k: string }>`
    select p.tenant_id || '|' || p.id || '|' || t.key || '|' || lower(t.value ->> 'title') || '|' || p.published_at as k
      from site_products p, jsonb_each(p.texts) t
     where p.published and coalesce(t.value ->> 'title', '') <> '' order by 1`.execute(t.db);
  return rows.map((r) => r.k);
}
async function storedRows() {
  const { rows } = await sql<{ k: string }>`
    select tenant_id || '|' || product_id || '|' || lang || '|' || title || '|' || published_at as k
      from site_product_search order by 1`.execute(t.db);
  return rows.map((r) => r.k);
}

beforeAll(async () => {
  const tenant = await buildTenant(t.db);
  const stranger = await buildTenant(t.db);
  site = await insertSite(t.db, tenant.id, { slug: 'find-shop' });
  other = await insertSite(t.db, stranger.id, { slug: 'other-find' });
  await insertProducts(t.db, site, [
    { slug: 'old-zebra', texts: texts('Old Zebra Mug'), published_at: new Date(Date.UTC(2026, 0, 1)) },
    { slug: 'new-zebra', texts: texts('New zebra mug'), published_at: new Date(Date.UTC(2026, 5, 1)) },
    { slug: 'draft-zebra', texts: texts('Draft zebra mug'), published: false },
    { slug: 'en-only', texts: { en: { title: 'Quokka plate', description: '', bullets: [] } } },
  ]);
  await insertProduct(t.db, other, { slug: 'their-zebra', texts: texts('Their zebra mug') });
});

describe('storefront search', () => {
  it('finds only the published products of the site, newest first, in the page language', async () => {
    const res = await search('ZEBRA');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('2 results for');
    expect(cards(res.body)).toEqual(['new-zebra', 'old-zebra']);
    expect(res.body).not.toContain('their-zebra');
    expect(res.body).not.toContain('draft-zebra');
    const theirs = await search('zebra', '', 'other-find');
    expect(cards(theirs.body)).toEqual(['their-zebra']);
    // German titles are "… DE"; the English-only product has no German title to match.
    expect(cards((await search('mug de', '', 'find-shop', 'de')).body)).toEqual(['new-zebra', 'old-zebra']);
    expect((await search('quokka', '', 'find-shop', 'de')).body).toContain('0 Ergebnisse');
    expect(cards((await search('quokka')).body)).toEqual(['en-only']);
    // No trigram (one or two letters): the ordered walk gives the same order.
    expect(cards((await search('ze')).body)).toEqual(['new-zebra', 'old-zebra']);
  });

  it('follows publish, unpublish, title changes and deletes (the triggers keep the search rows)', async () => {
    const id = async (slug: string) =>
      Number(
        (
          await t.db
            .selectFrom('site_products')
            .select('id')
            .where('slug', '=', slug)
            .where('tenant_id', '=', site.tenantId)
            .executeTakeFirstOrThrow()
        ).id,
      );
    const update = async (slug: string, values: Record<string, unknown>) => {
      await t.db
        .updateTable('site_products')
        .set(values)
        .where('id', '=', await id(slug))
        .execute();
      bumpSiteVersion(site.tenantId);
    };
    await update('draft-zebra', { published: true, published_at: new Date(Date.UTC(2026, 8, 1)) });
    expect(cards((await search('zebra')).body)).toEqual(['draft-zebra', 'new-zebra', 'old-zebra']);
    await update('new-zebra', { published: false });
    expect(cards((await search('zebra')).body)).toEqual(['draft-zebra', 'old-zebra']);
    await update('old-zebra', { texts: JSON.stringify(texts('Old okapi mug')) });
    expect(cards((await search('zebra')).body)).toEqual(['draft-zebra']);
    expect(cards((await search('okapi')).body)).toEqual(['old-zebra']);
    await t.db
      .deleteFrom('site_products')
      .where('id', '=', await id('draft-zebra'))
      .execute();
    bumpSiteVersion(site.tenantId);
    expect((await search('zebra')).body).toContain('0 results for');
    // A write that changes nothing searched (the price) leaves the rows alone; every row is as computed.
    await update('old-zebra', { price: '5.00' });
    expect(await storedRows()).toEqual(await expectedRows());
  });

  it('keeps a query’s ids for a short time, forgotten by a write of the site', async () => {
    expect((await search('kiwi')).body).toContain('0 results for');
    // Written without telling the cache: the ids found a moment ago are still used…
    await t.db
      .insertInto('site_products')
      .values({
        tenant_id: site.tenantId,
        site_id: site.id,
        slug: 'kiwi',
        texts: JSON.stringify(texts('Kiwi bowl')),
        price: '3.00',
        pictures: '[]',
        variations: '[]',
        category_ids: [],
        published: true,
        published_at: new Date(),
      })
      .execute();
    expect((await search('kiwi')).body).toContain('0 results for');
    // …until the site's version moves, as every builder write does.
    bumpSiteVersion(site.tenantId);
    expect(cards((await search('kiwi')).body)).toEqual(['kiwi']);
    // A product unpublished since the ids were found is left out of the cards at once.
    await t.db.updateTable('site_products').set({ published: false }).where('slug', '=', 'kiwi').execute();
    expect(cards((await search('kiwi')).body)).toEqual([]);
  });

  it('lists at most 1,000 matches ("1000+"), 24 a page, and answers 404 past the last page', async () => {
    await insertProducts(
      t.db,
      site,
      Array.from({ length: 1001 }, (_, k) => ({
        slug: `widget-${k}`,
        texts: texts(`Widget ${k}`),
        published_at: new Date(Date.UTC(2025, 0, 1) + k * 60_000),
      })),
    );
    const first = await search('widget');
    expect(first.body).toContain('1000+ results for');
    expect(first.body).toContain('Page 1 of 42');
    expect(cards(first.body)).toEqual(Array.from({ length: 24 }, (_, k) => `widget-${1000 - k}`));
    const last = await search('widget', '&page=42');
    expect(last.statusCode).toBe(200);
    // Items 985..1000 of the newest thousand: widget-16 .. widget-1 (widget-0, the 1,001st, is not listed).
    expect(cards(last.body)).toEqual(Array.from({ length: 16 }, (_, k) => `widget-${16 - k}`));
    expect((await search('widget', '&page=43')).statusCode).toBe(404);
  });

  it('escapes the query everywhere it is written back', async () => {
    const q = `<img src=x onerror=alert(1)>"'&`;
    const res = await search(q);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('value="&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;"');
    expect(res.body).toContain('«&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;»');
    expect(res.body).toContain(`search?q=${encodeURIComponent(q).replace(/'/g, '&#39;')}`);
  });
});
