import { PAGE_SLUG_RE, type SiteBlock } from '@console/shared/schemas/site-blocks';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/types.js';
import { publishedHomeBlocks, publishedLanding } from '../site-visual.repository.js';
import { type BlockData, loadBlockData, parseBlocks, renderBlocks, textIn } from './blocks.js';
import { html, type SafeHtml } from './html.js';
import { homePage, homeUrl, langSegment, layout, type PageContext } from './pages.js';
import { seoText } from './seo.js';

/** Which page of blocks is rendered: the home page, or a landing page with its address and titles. */
export type BlocksPageKind =
  | { kind: 'home' }
  | { kind: 'landing'; slug: string; titles: Partial<Record<string, string>> };

const landingUrl = (c: PageContext, lang: string, slug: string) => `${c.base}/${langSegment(lang)}/pages/${slug}`;

/** A page of blocks in the site's frame (the published version for visitors, a draft for the seller's preview). */
export function blocksPage(c: PageContext, page: BlocksPageKind, blocks: SiteBlock[], data: BlockData): SafeHtml {
  const { site } = c;
  const url = (lang: string) => (page.kind === 'home' ? homeUrl(c, lang) : landingUrl(c, lang, page.slug));
  const heading = page.kind === 'home' ? site.name : textIn(c, page.titles) || site.name;
  return layout(c, {
    ...(page.kind === 'home'
      ? seoText({ name: site.name, seo: c.seo }, 'home', c.lang, {})
      : { title: `${heading} - ${site.name}` }),
    canonical: url(c.lang),
    alternates: new Map(site.languages.map((l) => [l, url(l)])),
    main: html`<h1>${heading}</h1>\n${renderBlocks(c, blocks, data)}`,
  });
}

/** Renders blocks with their products and categories read from the site's own rows. */
export async function renderBlocksPage(
  db: Kysely<DB>,
  c: PageContext,
  page: BlocksPageKind,
  stored: readonly unknown[],
): Promise<SafeHtml> {
  const blocks = parseBlocks(stored);
  const data = await loadBlockData(db, c.site.tenant_id, Number(c.site.id), blocks);
  return blocksPage(c, page, blocks, data);
}

/** The storefront's home: the published blocks, or the simple home (name and contact) before the first publish. */
export async function homePageOf(db: Kysely<DB>, c: PageContext): Promise<SafeHtml> {
  const stored = await publishedHomeBlocks(db, c.site.tenant_id, Number(c.site.id));
  if (stored === null) return homePage(c);
  return renderBlocksPage(db, c, { kind: 'home' }, stored);
}

/** A published landing page (`/<lang>/pages/<slug>`); null when there is none. */
export async function landingPageOf(db: Kysely<DB>, c: PageContext, slug: string): Promise<SafeHtml | null> {
  if (!PAGE_SLUG_RE.test(slug)) return null;
  const row = await publishedLanding(db, c.site.tenant_id, Number(c.site.id), slug);
  if (!row?.published_blocks) return null;
  return renderBlocksPage(db, c, { kind: 'landing', slug, titles: row.titles }, row.published_blocks);
}
