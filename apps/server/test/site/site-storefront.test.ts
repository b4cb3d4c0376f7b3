import { SITE_LANGUAGES } from '@console/shared/schemas/site';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { siteBody, uploadImage } from './site-support.js';

// The console's own address: site domains answer only where the console knows its own.
const t = useTestApp({ publicUrl: 'https://console.acme.example' });
let admin: Session;
let other: Session;
let version = 0;
const XSS = '<script>alert(1)</script>"\'&';

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

async function saveSite(s: Session, over: Record<string, unknown>) {
  const res = await call(t.app, s, 'POST', '/PDD/site/basic/save', siteBody(over));
  expect(res.status, res.msg).toBe(200);
  return res.data as { version: number };
}

beforeAll(async () => {
  admin = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
  other = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
  const logo = await uploadImage(t, admin);
  ({ version } = await saveSite(admin, {
    logo,
    favicon: logo,
    domains: ['shop.acme.example'],
    languages: ['en', 'de', 'ae'],
    legal: {
      en: {
        privacy: '## Your data\n- we keep **little**\n- [contact](mailto:a@acme.example)',
        returns: '30 days.',
        terms: '',
      },
      de: { privacy: 'Wir speichern wenig.', returns: '', terms: '' },
    },
  }));
  await saveSite(other, { slug: 'hidden-shop', published: false, domains: ['hidden.example'] });
});

describe('storefront (no sign-in)', () => {
  it('serves the home page at the preview address with languages, hreflang, contact and legal links', async () => {
    const redirect = await page('/s/acme-home');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/s/acme-home/');
    const res = await page('/s/acme-home/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("script-src 'none'".replace('script-src', 'default-src'));
    const body = res.body;
    expect(body).toContain('<html lang="en" dir="ltr">');
    expect(body).toContain('<h1>Acme Home</h1>');
    expect(body).toContain('<meta name="robots" content="noindex">');
    // The stylesheet is sent as written (a font name in quotes, not &quot;).
    expect(body).toContain('-apple-system,"Segoe UI",sans-serif');
    const base = 'http://localhost:80/s/acme-home';
    for (const [tag, seg] of [
      ['en', 'en'],
      ['de', 'de'],
      ['ar', 'ar'],
    ]) {
      expect(body).toContain(`<link rel="alternate" hreflang="${tag}" href="${base}/${seg}/">`);
    }
    expect(body).toContain(`<link rel="alternate" hreflang="x-default" href="${base}/en/">`);
    expect(body).toMatch(/<img src="\/PDD\/public-files\/[^"]+\.png" alt="Acme Home"/);
    expect(body).toMatch(/<link rel="icon" href="\/PDD\/public-files\/[^"]+\.png">/);
    expect(body).toContain('<a href="mailto:hello@acme.example">hello@acme.example</a>');
    expect(body).toContain(`<a href="${base}/en/legal/privacy">Privacy policy</a>`);
    expect(body).toContain(`<a href="${base}/en/legal/returns">Returns policy</a>`);
    expect(body).not.toContain('/legal/terms');
    // The logo's public link works without a session (as a visitor's browser loads it).
    const logo = /<img src="([^"]+)"/.exec(body)![1]!;
    expect((await t.app.inject({ method: 'GET', url: logo })).statusCode).toBe(200);
  });

  it('serves each language and its legal pages; the default language fills a missing text', async () => {
    const de = await page('/s/acme-home/de/');
    expect(de.statusCode).toBe(200);
    expect(de.body).toContain('<html lang="de" dir="ltr">');
    expect(de.body).toContain('>Kontakt</h2>');
    expect(de.body).toContain('aria-current="page">Deutsch</a>');
    const ar = await page('/s/acme-home/ar/');
    expect(ar.body).toContain('<html lang="ar" dir="rtl">');
    const privacy = await page('/s/acme-home/en/legal/privacy');
    expect(privacy.statusCode).toBe(200);
    expect(privacy.body).toContain('<h1>Privacy policy</h1>');
    expect(privacy.body).toContain('<h3>Your data</h3>');
    expect(privacy.body).toContain('<li>we keep <strong>little</strong></li>');
    expect(privacy.body).toContain('<a href="mailto:a@acme.example" rel="nofollow noopener">contact</a>');
    const deReturns = await page('/s/acme-home/de/legal/returns');
    expect(deReturns.body).toContain('<h1>Rückgabebedingungen</h1>');
    expect(deReturns.body).toContain('<p>30 days.</p>');
    const robots = await page('/s/acme-home/robots.txt');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
  });

  it('answers the HTML 404 page for unknown, unpublished and missing pages (never the API JSON or the app redirect)', async () => {
    for (const url of [
      '/s/no-such-site/',
      '/s/hidden-shop/',
      '/s/hidden-shop/robots.txt',
      '/s/acme-home/fr/',
      '/s/acme-home/en/legal/terms',
      '/s/acme-home/en/legal/other',
      '/s/acme-home/en/x/y/z',
      '/s/',
      '/s',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain('<!doctype html>');
    }
    // An unpublished site's 404 does not name it.
    expect((await page('/s/hidden-shop/')).body).toContain('404 Not Found');
    // A known site's 404 keeps its frame.
    expect((await page('/s/acme-home/fr/')).body).toContain('<h1>Page not found</h1>');
  });

  it('answers on a saved domain by the Host header; other hosts keep the console', async () => {
    const home = await page('/', { host: 'shop.acme.example' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<h1>Acme Home</h1>');
    expect(home.body).not.toContain('noindex');
    expect(home.body).toContain('<link rel="alternate" hreflang="de" href="http://shop.acme.example/de/">');
    expect((await page('/de/legal/privacy', { host: 'SHOP.acme.example:8080' })).body).toContain(
      'Wir speichern wenig.',
    );
    expect((await page('/robots.txt', { host: 'shop.acme.example' })).body).toBe(
      'User-agent: *\nAllow: /\nSitemap: http://shop.acme.example/sitemap.xml\n',
    );
    expect((await page('/nothing', { host: 'shop.acme.example' })).statusCode).toBe(404);
    expect((await page('/', { host: 'hidden.example' })).statusCode).toBe(404);
    // The API keeps answering on a site's domain; unknown hosts are not the storefront.
    const api = await t.app.inject({
      method: 'GET',
      url: '/PDD/site/basic/get',
      headers: { host: 'shop.acme.example' },
    });
    expect(api.json()).toMatchObject({ status: 401 });
    const json = { accept: 'application/json' };
    const unknown = await page('/nothing', { host: 'unknown.example', ...json });
    expect(unknown.json()).toMatchObject({ status: 404, msg: '接口不存在' });
    // A domain removed by a save stops answering at once (this process forgets it).
    ({ version } = await saveSite(admin, { version, domains: ['new.acme.example'] }));
    expect((await page('/nothing', { host: 'shop.acme.example', ...json })).json()).toMatchObject({ status: 404 });
    expect((await page('/', { host: 'new.acme.example' })).statusCode).toBe(200);
  });

  it("never takes the console's own host: refused as a domain, and not served even if a row names it", async () => {
    const refused = await call(
      t.app,
      admin,
      'POST',
      '/PDD/site/basic/save',
      siteBody({ version, domains: ['Console.Acme.example'] }),
    );
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe('域名 console.acme.example 是本控制台的地址,不能绑定为站点域名');
    // A row written around the check (an older version, a hand edit) still does not take the console.
    const site = await t.db
      .selectFrom('sites')
      .select(['id', 'tenant_id'])
      .where('slug', '=', 'acme-home')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('site_domains')
      .values({ domain: 'console.acme.example', site_id: site.id, tenant_id: site.tenant_id })
      .execute();
    const json = { accept: 'application/json' };
    const res = await page('/nothing', { host: 'console.acme.example', ...json });
    expect(res.json()).toMatchObject({ status: 404, msg: '接口不存在' });
    await t.db.deleteFrom('site_domains').where('domain', '=', 'console.acme.example').execute();
  });

  it('escapes every text field of the seller', async () => {
    ({ version } = await saveSite(admin, {
      version,
      name: `Shop ${XSS}`,
      languages: SITE_LANGUAGES.map((l) => l.key),
      contact: { email: `a${XSS}@x.example`, phone: `+1 ${XSS}`, address: `Street ${XSS}` },
      legal: {
        en: {
          privacy: `# ${XSS}\n- ${XSS}\n**${XSS}**\n[x](javascript:alert%281%29) [y](${XSS}) <img src=x onerror=alert(1)>`,
          returns: XSS,
          terms: `<a href="javascript:alert(1)">t</a>`,
        },
      },
    }));
    const pages = [
      '/',
      '/en/',
      '/ja/',
      '/en/legal/privacy',
      '/en/legal/returns',
      '/en/legal/terms',
      '/zh-cn/legal/terms',
    ];
    for (const url of pages) {
      const res = await page(`/s/acme-home${url}`);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(/<script|<img src=x|<[^>]*onerror=|href="javascript:/i);
      expect(res.body, url).not.toContain(XSS);
    }
    const home = (await page('/s/acme-home/')).body;
    expect(home).toContain('<h1>Shop &lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;</h1>');
    expect(home).toContain('Street &lt;script&gt;');
    const privacy = (await page('/s/acme-home/en/legal/privacy')).body;
    expect(privacy).toContain('<a href="#" rel="nofollow noopener">x</a>');
    expect(privacy).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
