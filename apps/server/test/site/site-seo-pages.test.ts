import { beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { siteBody } from './site-support.js';

// SEO设置's home and legal templates reach the storefront (found by e2e/site.test.ts: the home
// page, simple or built from blocks, and the legal pages used to ignore them).
const t = useTestApp();
let admin: Session;

const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
const titleOf = (htmlText: string) => /<title>([^<]*)<\/title>/.exec(htmlText)?.[1];
const descriptionOf = (htmlText: string) => /<meta name="description" content="([^"]*)">/.exec(htmlText)?.[1];

beforeAll(async () => {
  const tenant = await buildTenant(t.db);
  admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  const body = siteBody({ slug: 'seo-pages', legal: { en: { privacy: '# Privacy', returns: '', terms: '' } } });
  const created = await call(t.app, admin, 'POST', '/PDD/site/basic/save', body);
  expect(created.status, created.msg).toBe(200);
});

describe('SEO templates of the home and legal pages', () => {
  it('titles the simple home, the home of blocks and a legal page from the templates of their language', async () => {
    // Without templates: the site's name on the home page, `<page> | <site>` on a legal page.
    expect(titleOf(await page('/s/seo-pages/en/'))).toBe('Acme Home');
    expect(titleOf(await page('/s/seo-pages/en/legal/privacy'))).toBe('Privacy policy | Acme Home');

    const seo = await call(t.app, admin, 'POST', '/PDD/site/seo/save', {
      version: 0,
      pages: {
        home: { en: { title: '{site} – welcome', description: 'Lamps by {site}' } },
        legal: { en: { title: '{name} · {site}' } },
      },
      robots: { index: true },
    });
    expect(seo.status, seo.msg).toBe(200);
    const home = await page('/s/seo-pages/en/');
    expect(titleOf(home)).toBe('Acme Home – welcome');
    expect(descriptionOf(home)).toBe('Lamps by Acme Home');
    expect(titleOf(await page('/s/seo-pages/en/legal/privacy'))).toBe('Privacy policy · Acme Home');
    // German has no template: the defaults.
    expect(titleOf(await page('/s/seo-pages/de/'))).toBe('Acme Home');

    const draft = await call(t.app, admin, 'POST', '/PDD/site/visual/save-draft', {
      id: null,
      version: 0,
      blocks: [{ type: 'rich_text', key: 't1', markdown: { en: '## Hello' } }],
    });
    expect(draft.status, draft.msg).toBe(200);
    const published = await call(t.app, admin, 'POST', '/PDD/site/visual/publish', { id: null, version: 1 });
    expect(published.status, published.msg).toBe(200);
    const blocks = await page('/s/seo-pages/en/');
    expect(blocks).toContain('<h3>Hello</h3>');
    expect(titleOf(blocks)).toBe('Acme Home – welcome');
    expect(titleOf(await page('/s/seo-pages/de/'))).toBe('Acme Home');
  });
});
