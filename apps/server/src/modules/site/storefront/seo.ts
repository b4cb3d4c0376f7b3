import { fillSeoTemplate, type StoredSiteSeo } from '@console/shared/schemas/site-seo';

/** The storefront page types that have SEO templates (`sites.seo.pages`). */
export type SeoPageKind = 'home' | 'category' | 'product' | 'search' | 'legal';

const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** One page type's templates in one language, read defensively from the stored jsonb ('' when absent). */
function templatesOf(seo: unknown, kind: SeoPageKind, lang: string): { title: string; description: string } {
  const pages = obj((seo as StoredSiteSeo | null | undefined)?.pages);
  const t = obj(obj(pages?.[kind])?.[lang]);
  return { title: str(t?.title), description: str(t?.description) };
}

/** Whether search engines may index the site (`sites.seo.robots.index`, default yes). */
export function seoAllowsIndexing(seo: unknown): boolean {
  return obj(obj(seo)?.robots)?.index !== false;
}

/**
 * Title and meta description of a storefront page: the item's own override (a category's or a
 * product's `seo[lang]`) if it has text, else the site's template for the page type and language
 * with `{site} {name} {price} {category}` filled, else the default (home: the site name; others:
 * `<name> | <site>`; description empty). Plain text: the caller escapes it (the `html` template).
 */
export function seoText(
  site: { name: string; seo: unknown },
  kind: SeoPageKind,
  lang: string,
  vars: { name?: string; price?: string; category?: string },
  override?: { title?: string; description?: string },
): { title: string; description: string } {
  const t = templatesOf(site.seo, kind, lang);
  const fill = (tpl: string) => fillSeoTemplate(tpl, { ...vars, site: site.name });
  const name = (vars.name ?? '').trim();
  const fallbackTitle = kind === 'home' || !name ? site.name : `${name} | ${site.name}`;
  const title = override?.title?.trim() || fill(t.title) || fallbackTitle;
  const description = override?.description?.trim() || fill(t.description);
  return { title, description };
}
