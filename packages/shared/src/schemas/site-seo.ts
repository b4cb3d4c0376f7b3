import { z } from 'zod';
import { DESC_LANGUAGES, type DescLanguage } from '../constants/goods.js';
import { MSG } from '../validation/rules.js';

/**
 * 建站 SEO设置 (`/build-site/seo`, issue 33 §1, docs/site.md "SEO"): title and meta description
 * templates per storefront page type and site language, and whether search engines may index
 * the site. Stored in `sites.seo` (jsonb) with a version of its own.
 */

/** The storefront page types, with their Chinese names (the form's sections). */
export const SEO_PAGE_KINDS = {
  home: '首页',
  category: '分类页',
  product: '商品页',
  search: '搜索页',
  legal: '政策页',
} as const;
export type SeoPageKind = keyof typeof SEO_PAGE_KINDS;
export const SEO_PAGE_KIND_KEYS = Object.keys(SEO_PAGE_KINDS) as SeoPageKind[];

/** The placeholders a template may use, with what they become (a value the page lacks becomes empty). */
export const SEO_PLACEHOLDERS = {
  site: '站点名称',
  name: '页面名称(分类名、商品名、政策页名称、搜索词)',
  price: '商品价格(含币种)',
  category: '商品的第一个分类名',
} as const;
export type SeoPlaceholder = keyof typeof SEO_PLACEHOLDERS;

export const SEO_TITLE_MAX = 200;
export const SEO_DESCRIPTION_MAX = 500;

const PLACEHOLDER_RE = /\{([^{}]*)\}/g;

/** The placeholders of a template that are not one of `SEO_PLACEHOLDERS` (as written, with braces). */
export function unknownPlaceholders(template: string): string[] {
  const out: string[] = [];
  for (const m of template.matchAll(PLACEHOLDER_RE)) {
    if (!Object.hasOwn(SEO_PLACEHOLDERS, m[1] ?? '') && !out.includes(m[0])) out.push(m[0]);
  }
  return out;
}

/** A template with its placeholders filled (a missing value becomes empty; only known names are replaced). */
export function fillSeoTemplate(template: string, vars: Partial<Record<SeoPlaceholder, string>>): string {
  return template
    .replace(PLACEHOLDER_RE, (whole, key: string) =>
      Object.hasOwn(SEO_PLACEHOLDERS, key) ? (vars[key as SeoPlaceholder] ?? '') : whole,
    )
    .replace(/\s+/g, ' ')
    .trim();
}

const template = (max: number) =>
  z
    .string({ error: '格式不正确' })
    .trim()
    .max(max, { error: MSG.maxLength(max) })
    .default('')
    .superRefine((v, ctx) => {
      const bad = unknownPlaceholders(v);
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `不支持的占位符:${bad.join('、').slice(0, 80)}(可用:{site} {name} {price} {category})`,
        });
      }
    });

/** One language's templates of one page type (empty: the storefront's default). */
export const seoTemplates = z.strictObject({
  title: template(SEO_TITLE_MAX),
  description: template(SEO_DESCRIPTION_MAX),
});
export type SeoTemplates = z.infer<typeof seoTemplates>;

const LANGUAGE_KEYS = DESC_LANGUAGES.map((l) => l.key) as [DescLanguage, ...DescLanguage[]];
const language = z.enum(LANGUAGE_KEYS, { error: '语言不支持' });

const pages = z
  .partialRecord(
    z.enum(SEO_PAGE_KIND_KEYS as [SeoPageKind, ...SeoPageKind[]], { error: '页面类型不支持' }),
    z.partialRecord(language, seoTemplates),
  )
  .default({});

/** POST /site/seo/save: the whole form with the SEO settings' own `version` (0 before the first save). */
export const siteSeoSaveBody = z.strictObject({
  version: z.number({ error: '版本号不合法' }).int().min(0).max(2_147_483_647),
  pages,
  robots: z.strictObject({ index: z.boolean({ error: '格式不正确' }) }).default({ index: true }),
});
export type SiteSeoSaveBody = z.infer<typeof siteSeoSaveBody>;

/** GET /site/seo/get (and the save's answer). */
export const siteSeo = z.object({
  /** false: the tenant has no site yet (the screen links to 基础设置). */
  site_created: z.boolean(),
  /** The site's languages (the form's tabs) and its name (the preview's {site}). */
  languages: z.array(z.string()),
  default_language: z.string(),
  site_name: z.string(),
  currency: z.string(),
  pages: z.record(z.string(), z.record(z.string(), z.object({ title: z.string(), description: z.string() }))),
  robots: z.object({ index: z.boolean() }),
  version: z.number().int(),
  updated_at: z.string().nullable(),
});
export type SiteSeo = z.infer<typeof siteSeo>;

/** What `sites.seo` holds (written only by the SEO save; `{}` before it). */
export interface StoredSiteSeo {
  pages?: Partial<Record<string, Partial<Record<string, { title?: string; description?: string }>>>>;
  robots?: { index?: boolean };
  version?: number;
  updated_at?: string;
}
