import { beforeAll, describe, expect, it } from 'vitest';
import { bumpSiteVersion } from '../../src/modules/site/storefront/page-cache.js';
import { buildTenant } from '../factories.js';
import { useTestApp } from '../harness.js';
import {
  insertCategory,
  insertProduct,
  insertProducts,
  insertSite,
  type SiteRow,
  texts,
} from './site-catalog-support.js';

// Storefront catalog pages over HTTP (docs/site.md "Catalog pages"); rows written with Kysely.
const t = useTestApp({ publicUrl: 'https://console.acme.example' });
const XSS = `</script><script>alert(1)</script>"'&<b>`;
const BASE = 'http://localhost:80/s/cat-shop';
let site: SiteRow;
let productId = 0;

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** The JSON-LD of a page, parsed. */
function jsonLd(body: string) {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(body);
  expect(m, 'JSON-LD').not.toBeNull();
  return JSON.parse(m![1]!);
}

beforeAll(async () => {
  const tenant = await buildTenant(t.db);
  const other = await buildTenant(t.db);
  site = await insertSite(t.db, tenant.id, { slug: 'cat-shop', domains: ['shop.catalog.example'] });
  const otherSite = await insertSite(t.db, other.id, { slug: 'other-shop' });
  const home = await insertCategory(t.db, site, 'home', { en: 'Home & Living', de: 'Wohnen' }, null, 1);
  await insertCategory(t.db, site, 'garden', { en: 'Garden', de: 'Garten' }, null, 0);
  const lamps = await insertCategory(t.db, site, 'lamps', { en: 'Lamps', de: 'Lampen' }, home, 0);
  await insertCategory(t.db, site, 'evil', { en: XSS, de: XSS }, null, 2);
  await insertCategory(t.db, otherSite, 'secret-cat', { en: 'Secret' });
  productId = await insertProduct(t.db, site, {
    slug: 'desk-lamp',
    texts: {
      en: { title: 'Desk lamp', description: 'Bright.\nWarm light.', bullets: ['LED', 'USB-C'] },
      de: { title: 'Schreibtischlampe', description: 'Hell.', bullets: ['LED'] },
    },
    price: '19.99',
    compare_at_price: '29.90',
    variations: [
      { sku: 'LAMP-W', options: { color: 'White' }, price: null, picture: null },
      { sku: 'LAMP-B', options: { color: 'Black' }, price: 21.5, picture: null },
    ],
    category_ids: [lamps],
  });
  // 30 more lamps: two pages of the parent category, prices 1.00 .. 30.00 (older than the desk lamp).
  await insertProducts(
    t.db,
    site,
    Array.from({ length: 30 }, (_, k) => ({
      slug: `lamp-${k + 1}`,
      texts: texts(`Lamp ${k + 1}`),
      price: `${k + 1}.00`,
      category_ids: [lamps],
      published_at: new Date(Date.UTC(2026, 0, k + 1)),
    })),
  );
  await insertProduct(t.db, site, {
    slug: 'hidden-lamp',
    texts: texts('Hidden lamp'),
    published: false,
    category_ids: [lamps],
  });
  await insertProduct(t.db, site, {
    slug: 'evil-thing',
    texts: {
      en: { title: XSS, description: `${XSS}\n${XSS}`, bullets: [XSS] },
      de: { title: XSS, description: XSS, bullets: [] },
    },
    variations: [{ sku: XSS, options: { [XSS]: XSS }, price: null, picture: null }],
    category_ids: [home],
  });
  await insertProduct(t.db, site, { slug: '100-percent', texts: texts('100% cotton_towel'), category_ids: [] });
  await insertProduct(
    t.db,
    { id: otherSite.id, tenantId: other.id },
    { slug: 'secret-thing', texts: texts('Secret lamp') },
  );
});

describe('storefront catalog pages', () => {
  it('renders a product page in two languages with price, variations, the cart form, hreflang and JSON-LD', async () => {
    const en = await page('/s/cat-shop/en/p/desk-lamp');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-security-policy']).toContain("default-src 'none'");
    const b = en.body;
    expect(b).toContain('<h1>Desk lamp</h1>');
    expect(b).toContain('<title>Desk lamp | Acme Home</title>');
    expect(b).toContain('19.99 EUR');
    expect(b).toMatch(/<s class="was">.*29\.90 EUR<\/s>/);
    expect(b).toContain('<li>LED</li><li>USB-C</li>');
    expect(b).toContain('<div class="desc">Bright.\nWarm light.</div>');
    expect(b).toContain(
      '<option value="LAMP-W">White - 19.99 EUR</option><option value="LAMP-B">Black - 21.50 EUR</option>',
    );
    expect(b).toMatch(
      new RegExp(
        `<form class="add-to-cart" method="get" action="${BASE}/en/cart"><input type="hidden" name="add" value="${productId}"><label>[^<]+<select name="sku">.*</select></label><label>[^<]+<input type="number" name="qty" value="1" min="1" max="99"></label><button type="submit">Add to cart</button></form>`,
      ),
    );
    expect(b).toContain(`<link rel="canonical" href="${BASE}/en/p/desk-lamp">`);
    expect(b).toContain(`<link rel="alternate" hreflang="de" href="${BASE}/de/p/desk-lamp">`);
    expect(b).toContain(`<link rel="alternate" hreflang="x-default" href="${BASE}/en/p/desk-lamp">`);
    // Header: top-level categories in position order, the labelled search box, the cart link.
    const nav = b.indexOf('aria-label="Categories"');
    expect(nav).toBeGreaterThan(0);
    const order = ['/en/c/garden">Garden<', '/en/c/home">Home &amp; Living<', '/en/c/evil">'].map((s) =>
      b.indexOf(s, nav),
    );
    expect(order.every((i, k) => i > 0 && (k === 0 || i > order[k - 1]!))).toBe(true);
    expect(b).not.toContain('/en/c/lamps">Lamps</a></li>\n</ul></nav>\n</header>');
    expect(b).toContain('<label class="vh" for="q">Search products</label><input id="q" type="search" name="q"');
    expect(b).toContain(`<a class="cart" href="${BASE}/en/cart">Cart</a>`);
    expect(b.match(/<h1[ >]/g)).toHaveLength(1);
    const ld = jsonLd(b);
    expect(ld).toMatchObject({ '@type': 'Product', name: 'Desk lamp', sku: 'LAMP-W', url: `${BASE}/en/p/desk-lamp` });
    expect(ld.offers).toEqual([
      expect.objectContaining({
        sku: 'LAMP-W',
        price: '19.99',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
      }),
      expect.objectContaining({ sku: 'LAMP-B', price: '21.50' }),
    ]);

    const de = await page('/s/cat-shop/de/p/desk-lamp');
    expect(de.statusCode).toBe(200);
    expect(de.body).toContain('<html lang="de" dir="ltr">');
    expect(de.body).toContain('<h1>Schreibtischlampe</h1>');
    expect(de.body).toContain('>In den Warenkorb</button>');
    expect(de.body).toContain(`<link rel="canonical" href="${BASE}/de/p/desk-lamp">`);
    // The same page on the site's domain, with the domain as its base.
    const dom = await page('/en/p/desk-lamp', { host: 'shop.catalog.example' });
    expect(dom.statusCode).toBe(200);
    expect(dom.body).toContain('<link rel="canonical" href="http://shop.catalog.example/en/p/desk-lamp">');
  });

  it('lists a category with its descendants, sorted and paged', async () => {
    const first = await page('/s/cat-shop/en/c/home');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<h1>Home &amp; Living</h1>');
    expect(first.body).toContain(`<a href="${BASE}/en/c/lamps">Lamps</a>`);
    expect(first.body).toContain('Page 1 of 2');
    // Newest first: the desk lamp and the evil thing were published last; Lamp 30 before Lamp 29.
    expect(first.body.indexOf('>Lamp 30<')).toBeLessThan(first.body.indexOf('>Lamp 29<'));
    expect(first.body).not.toContain('Hidden lamp');
    expect(first.body).toContain(`<a rel="next" href="${BASE}/en/c/home?page=2">`);
    const second = await page('/s/cat-shop/en/c/home?page=2');
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain(`<link rel="canonical" href="${BASE}/en/c/home?page=2">`);
    expect((second.body.match(/<li class="card">/g) ?? []).length).toBe(32 - 24);
    const cheap = await page('/s/cat-shop/en/c/lamps?sort=price_asc');
    expect(cheap.body.indexOf('>Lamp 1<')).toBeLessThan(cheap.body.indexOf('>Lamp 2<'));
    expect(cheap.body).toContain('<option value="price_asc" selected>');
    const dear = await page('/s/cat-shop/en/c/lamps?sort=price_desc');
    expect(dear.body.indexOf('>Lamp 30<')).toBeLessThan(dear.body.indexOf('>Lamp 29<'));
    const de = await page('/s/cat-shop/de/c/lamps');
    expect(de.body).toContain('<h1>Lampen</h1>');
    expect(de.body).toContain('>Lamp 30 DE<');
    expect(de.body).toContain(`<link rel="alternate" hreflang="en" href="${BASE}/en/c/lamps">`);
    for (const bad of ['?page=3', '?page=0', '?page=abc', '?page=99999'])
      expect((await page(`/s/cat-shop/en/c/home${bad}`)).statusCode, bad).toBe(404);
  });

  it("answers 404 for unpublished, unknown and other tenants' products and categories", async () => {
    for (const url of [
      '/s/cat-shop/en/p/hidden-lamp',
      '/s/cat-shop/en/p/secret-thing',
      '/s/cat-shop/en/p/no-such-thing',
      '/s/cat-shop/en/c/secret-cat',
      '/s/cat-shop/en/c/no-such-cat',
      '/s/cat-shop/fr/p/desk-lamp',
      '/s/other-shop/en/p/desk-lamp',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Desk lamp');
      if (url.startsWith('/s/cat-shop/')) expect(res.body).not.toContain('Secret');
    }
    // Unpublishing (with the write's version bump) takes the cached page down at once.
    expect((await page('/s/cat-shop/en/p/lamp-7')).statusCode).toBe(200);
    await t.db.updateTable('site_products').set({ published: false }).where('slug', '=', 'lamp-7').execute();
    bumpSiteVersion(site.tenantId);
    expect((await page('/s/cat-shop/en/p/lamp-7')).statusCode).toBe(404);
  });

  it('escapes every product and category text, and JSON-LD cannot close its script', async () => {
    for (const url of [
      '/s/cat-shop/en/p/evil-thing',
      '/s/cat-shop/de/p/evil-thing',
      '/s/cat-shop/en/c/evil',
      '/s/cat-shop/en/c/home',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).not.toContain('<script>alert(1)');
      expect(res.body).not.toContain('<b>');
      // The only scripts are JSON-LD data, each closed once.
      expect((res.body.match(/<script/g) ?? []).length).toBe((res.body.match(/<\/script>/g) ?? []).length);
    }
    const p = await page('/s/cat-shop/en/p/evil-thing');
    expect(p.body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;&lt;b&gt;');
    expect(p.body).toContain(
      `<option value="${'&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;&lt;b&gt;'}">`,
    );
    const ld = jsonLd(p.body);
    expect(ld.name).toBe(XSS);
    expect(ld.description).toBe(`${XSS}\n${XSS}`);
    expect(ld.offers.sku).toBe(XSS);
  });

  it('searches titles in the page language, bounded, with SQL and LIKE characters taken literally', async () => {
    const en = await page('/s/cat-shop/en/search?q=DESK');
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('1 results for');
    expect(en.body).toContain(`href="${BASE}/en/p/desk-lamp"`);
    expect(en.body).toContain('<meta name="robots" content="noindex">');
    expect(en.body).toContain('value="DESK"');
    const de = await page('/s/cat-shop/de/search?q=schreibtisch');
    expect(de.body).toContain(`href="${BASE}/de/p/desk-lamp"`);
    expect((await page('/s/cat-shop/de/search?q=desk')).body).toContain('0 Ergebnisse');
    const many = await page('/s/cat-shop/en/search?q=lamp&page=2');
    expect(many.statusCode).toBe(200);
    expect(many.body).toContain('Page 2 of 2');
    expect(many.body).not.toContain('Hidden lamp');
    expect(many.body).not.toContain('Secret lamp');
    for (const q of ["%' or 1=1 --", '%', '_', "lamp'; drop table site_products; --"]) {
      const res = await page(`/s/cat-shop/en/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.body, q).toContain(q === '%' || q === '_' ? '1 results for' : '0 results for');
    }
    const huge = await page(`/s/cat-shop/en/search?q=${'a'.repeat(5000)}`);
    expect(huge.statusCode).toBe(200);
    expect(huge.body).toContain(`value="${'a'.repeat(100)}"`);
    expect(huge.body).not.toContain('a'.repeat(101));
    const empty = await page('/s/cat-shop/en/search');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('Type a product name to search.');
    expect((await page(`/s/cat-shop/en/search?q=${encodeURIComponent('<script>x')}`)).body).not.toContain('<script>x');
  });
});
