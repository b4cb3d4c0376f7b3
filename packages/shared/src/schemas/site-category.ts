import { z } from 'zod';
import { DESC_LANGUAGES, type DescLanguage } from '../constants/goods.js';
import { MSG } from '../validation/rules.js';
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from './site-seo.js';

/**
 * 建站 站点分类 (`/build-site/category`, issue 33 §1, docs/site.md "Categories"): the site's own
 * category tree (names per site language, an address slug, SEO overrides), or taken from the
 * library's 商品分类.
 */

export const SITE_CATEGORY_NAME_MAX = 100;
/** Most categories of one site (the storefront's navigation reads them all). */
export const SITE_CATEGORY_MAX = 2000;
/** Deepest level of the tree (top level = 1), as the library's. */
export const SITE_CATEGORY_MAX_DEPTH = 5;

/** A category's address segment: `/<lang>/c/<slug>`. */
export const CATEGORY_SLUG_RE = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,79}$/;
export const CATEGORY_SLUG_MSG = '分类标识只能包含小写字母、数字和单个连字符,以字母或数字开头,最多80个字符';

const LANGUAGE_KEYS = DESC_LANGUAGES.map((l) => l.key) as [DescLanguage, ...DescLanguage[]];
const language = z.enum(LANGUAGE_KEYS, { error: '语言不支持' });
const id = z.number({ error: 'ID不合法' }).int({ error: 'ID不合法' }).min(1).max(2_147_483_647);
const version = z.number({ error: '版本号不合法' }).int().min(1).max(2_147_483_647);

const text = (max: number) =>
  z
    .string({ error: '格式不正确' })
    .trim()
    .max(max, { error: MSG.maxLength(max) })
    .default('');

/** Names per language (`{ en: 'Kitchen', de: 'Küche' }`); empty names are dropped. */
const names = z
  .partialRecord(language, text(SITE_CATEGORY_NAME_MAX))
  .transform(
    (n) => Object.fromEntries(Object.entries(n).filter(([, v]) => v !== '')) as Partial<Record<string, string>>,
  )
  .refine((n) => Object.keys(n).length > 0, { error: '请填写分类名称' });

/** SEO overrides per language (empty: the SEO settings' category template). */
const seo = z
  .partialRecord(language, z.strictObject({ title: text(SEO_TITLE_MAX), description: text(SEO_DESCRIPTION_MAX) }))
  .default({})
  .transform(
    (s) =>
      Object.fromEntries(Object.entries(s).filter(([, v]) => v && (v.title !== '' || v.description !== ''))) as Partial<
        Record<string, { title: string; description: string }>
      >,
  );

/** A slug, or '' to make one from the default-language name. */
const slug = z
  .string({ error: CATEGORY_SLUG_MSG })
  .trim()
  .max(80, { error: CATEGORY_SLUG_MSG })
  .refine((v) => v === '' || CATEGORY_SLUG_RE.test(v), { error: CATEGORY_SLUG_MSG })
  .default('');

/** POST /site/category/create: under `parent_id` (null: top level), after its siblings. */
export const siteCategoryCreateBody = z.strictObject({
  parent_id: id.nullable().default(null),
  names,
  slug,
  seo,
});
export type SiteCategoryCreateBody = z.infer<typeof siteCategoryCreateBody>;

/** POST /site/category/update: names, slug, SEO and (optionally) a new parent (placed last there). */
export const siteCategoryUpdateBody = z.strictObject({
  id,
  version,
  parent_id: id.nullable().optional(),
  names,
  slug,
  seo,
});
export type SiteCategoryUpdateBody = z.infer<typeof siteCategoryUpdateBody>;

/** POST /site/category/move: the tree's drag and drop (a new parent and the place among its children, 0 first). */
export const siteCategoryMoveBody = z.strictObject({
  id,
  version,
  parent_id: id.nullable(),
  position: z.number({ error: '位置不合法' }).int({ error: '位置不合法' }).min(0).max(SITE_CATEGORY_MAX),
});
export type SiteCategoryMoveBody = z.infer<typeof siteCategoryMoveBody>;

/** POST /site/category/publish: the tree's 显示/隐藏 switch (hidden: its subtree is hidden on the storefront too). */
export const siteCategoryPublishBody = z.strictObject({
  id,
  version,
  published: z.boolean({ error: '显示状态不合法' }),
});
export type SiteCategoryPublishBody = z.infer<typeof siteCategoryPublishBody>;

/** POST /site/category/delete. */
export const siteCategoryDeleteBody = z.strictObject({ id, version });

/** A category of the tree. */
export interface SiteCategoryNode {
  id: number;
  parent_id: number | null;
  position: number;
  slug: string;
  names: Record<string, string>;
  seo: Record<string, { title: string; description: string }>;
  library_category_id: number | null;
  /** Shown on the storefront (false: hidden, with its subtree). */
  published: boolean;
  /** Site products filed under it (not its descendants). */
  product_count: number;
  version: number;
  children: SiteCategoryNode[];
}

export const siteCategoryNode: z.ZodType<SiteCategoryNode> = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  position: z.number().int(),
  slug: z.string(),
  names: z.record(z.string(), z.string()),
  seo: z.record(z.string(), z.object({ title: z.string(), description: z.string() })),
  library_category_id: z.number().int().nullable(),
  published: z.boolean(),
  product_count: z.number().int(),
  version: z.number().int(),
  get children() {
    return z.array(siteCategoryNode);
  },
});

/** GET /site/category/list: the tree, and the site's languages (null site: not created yet). */
export const siteCategoryTree = z.object({
  site: z.object({ languages: z.array(z.string()), default_language: z.string() }).nullable(),
  tree: z.array(siteCategoryNode),
});
export type SiteCategoryTree = z.infer<typeof siteCategoryTree>;

/** The answer of import-library: how many were created and how many the site had already. */
export const siteCategoryImport = z.object({ created: z.number().int(), existing: z.number().int() });
