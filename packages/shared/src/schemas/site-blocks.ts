import { z } from 'zod';
import { DESC_LANGUAGES, type DescLanguage } from '../constants/goods.js';
import { MSG } from '../validation/rules.js';

/**
 * 可视化装修 (`/build-site/visual`, issue 33 §1, docs/site.md "Visual editor"): the blocks of a
 * site's home page and landing pages. Bounded: at most 40 blocks, texts of at most 2,000
 * characters per language, links only to site paths, http(s) or mailto.
 */

export const SITE_BLOCKS_MAX = 40;
export const SITE_BLOCK_TEXT_MAX = 2_000;
export const SITE_GRID_MAX = 24;
export const SITE_FEATURED_MAX = 8;

const LANGUAGE_KEYS = DESC_LANGUAGES.map((l) => l.key) as [DescLanguage, ...DescLanguage[]];
const language = z.enum(LANGUAGE_KEYS, { error: '语言不支持' });

/** A text per library language key (`{ en: 'Sale', de: 'Angebot' }`). */
const textMap = (max = SITE_BLOCK_TEXT_MAX) =>
  z.partialRecord(
    language,
    z
      .string({ error: '格式不正确' })
      .trim()
      .max(max, { error: MSG.maxLength(max) }),
    { error: '格式不正确' },
  );
const texts = (max = SITE_BLOCK_TEXT_MAX) => textMap(max).default({});
export type SiteTexts = Partial<Record<DescLanguage, string>>;

/** A link a block may hold: a site path (`/en/p/x`), an http(s) URL or mailto; '' for none. */
export function isSafeBlockLink(link: string): boolean {
  if (link === '') return true;
  // No blanks, control characters, quotes, angle brackets or backslashes anywhere.
  if ([...link].some((ch) => ch.charCodeAt(0) < 0x20 || ' \t<>"\'`\\'.includes(ch))) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  return /^(https?:\/\/[^/?#]+|mailto:[^/]+)/i.test(link);
}
const LINK_MSG = '链接只能是站内路径(以 / 开头)、http(s):// 网址或 mailto:';
const link = z
  .string({ error: LINK_MSG })
  .trim()
  .max(500, { error: MSG.maxLength(500) })
  .refine(isSafeBlockLink, { error: LINK_MSG })
  .default('');

/** A stored image of the tenant, as `POST /files/upload` answers its `url`. */
export const SITE_IMAGE_RE = /^\/PDD\/files\/t\d+\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/;
const image = z.string({ error: '请先上传图片' }).regex(SITE_IMAGE_RE, { error: '请先上传图片' });

const rowId = (what: string) =>
  z
    .number({ error: `${what}不合法` })
    .int({ error: `${what}不合法` })
    .min(1, { error: `${what}不合法` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${what}不合法` });

/** The editor's key of a block (for drag and drop; not a row). */
const key = z.string({ error: '格式不正确' }).regex(/^[A-Za-z0-9_-]{1,40}$/, { error: '格式不正确' });

export const bannerBlock = z.strictObject({
  type: z.literal('banner'),
  key,
  image: image.nullable().default(null),
  heading: texts(200),
  subheading: texts(500),
  button_text: texts(60),
  link,
});

export const productGridBlock = z.strictObject({
  type: z.literal('product_grid'),
  key,
  heading: texts(200),
  source: z.discriminatedUnion(
    'kind',
    [
      z.strictObject({ kind: z.literal('category'), category_id: rowId('分类') }),
      z.strictObject({
        kind: z.literal('products'),
        product_ids: z
          .array(rowId('商品'), { error: '格式不正确' })
          .min(1, { error: '请至少选择一个商品' })
          .max(SITE_GRID_MAX, { error: `最多选择${SITE_GRID_MAX}个商品` }),
      }),
    ],
    { error: '商品来源不合法' },
  ),
  columns: z.number({ error: '列数为2-4' }).int({ error: '列数为2-4' }).min(2, { error: '列数为2-4' }).max(4, {
    error: '列数为2-4',
  }),
  count: z
    .number({ error: `数量为1-${SITE_GRID_MAX}` })
    .int({ error: `数量为1-${SITE_GRID_MAX}` })
    .min(1, { error: `数量为1-${SITE_GRID_MAX}` })
    .max(SITE_GRID_MAX, { error: `数量为1-${SITE_GRID_MAX}` }),
});

export const richTextBlock = z.strictObject({
  type: z.literal('rich_text'),
  key,
  /** Markdown subset of the legal pages (headings, lists, bold, links). */
  markdown: texts(),
});

export const imageLinkBlock = z.strictObject({
  type: z.literal('image_link'),
  key,
  image,
  alt: texts(200),
  link,
});

export const featuredCollectionBlock = z.strictObject({
  type: z.literal('featured_collection'),
  key,
  category_id: rowId('分类'),
  heading: texts(200),
  count: z
    .number({ error: `数量为1-${SITE_FEATURED_MAX}` })
    .int({ error: `数量为1-${SITE_FEATURED_MAX}` })
    .min(1, { error: `数量为1-${SITE_FEATURED_MAX}` })
    .max(SITE_FEATURED_MAX, { error: `数量为1-${SITE_FEATURED_MAX}` }),
});

export const siteBlock = z.discriminatedUnion(
  'type',
  [bannerBlock, productGridBlock, richTextBlock, imageLinkBlock, featuredCollectionBlock],
  { error: '模块类型不支持' },
);
export type SiteBlock = z.infer<typeof siteBlock>;
export type SiteBlockType = SiteBlock['type'];

const BLOCK_TYPES = new Set<unknown>(siteBlock.options.map((o) => o.shape.type.value));

export const siteBlocks = z
  .array(siteBlock, { error: '格式不正确' })
  .max(SITE_BLOCKS_MAX, { error: `每页最多${SITE_BLOCKS_MAX}个模块` })
  // A block without a known type is refused at the block itself too (its fields are not read
  // then), so the answer names the block whatever field of it was wrong.
  .superRefine(
    (list, ctx) => {
      for (const [i, b] of (list as unknown[]).entries()) {
        const type = b && typeof b === 'object' ? (b as { type?: unknown }).type : undefined;
        if (!BLOCK_TYPES.has(type))
          ctx.addIssue({ code: 'custom', path: [i], message: `第${i + 1}个模块:模块类型不支持` });
      }
    },
    { when: (payload) => Array.isArray(payload.value) },
  )
  .refine((list) => new Set(list.map((b) => b.key)).size === list.length, { error: '模块标识重复' });

/** The Chinese names of the block types (the editor's add menu, the refusals). */
export const SITE_BLOCK_NAMES: Record<SiteBlockType, string> = {
  banner: '横幅',
  product_grid: '商品网格',
  rich_text: '图文',
  image_link: '图片链接',
  featured_collection: '精选分类',
};

/** A landing page's address segment: `/<lang>/pages/<slug>`. */
export const PAGE_SLUG_RE = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,59}$/;
const PAGE_SLUG_MSG = '页面地址只能包含小写字母、数字和连字符,1-60个字符';

const version = z.number({ error: '版本号不合法' }).int().min(0).max(2_147_483_647);
const pageId = rowId('页面');

/** GET /site/visual/get: a landing page by id, the home page without one. */
export const siteVisualGetQuery = z.strictObject({ id: z.coerce.number().pipe(pageId).optional() });

/** POST /site/visual/save-draft: the page's draft blocks (`id` null: the home page; version 0 creates it). */
export const siteVisualSaveBody = z.strictObject({
  id: pageId.nullable().default(null),
  version,
  blocks: siteBlocks,
  titles: textMap(120).optional(),
});
export type SiteVisualSaveBody = z.infer<typeof siteVisualSaveBody>;

/** POST /site/visual/publish and delete-landing. */
export const siteVisualPageRef = z.strictObject({ id: pageId.nullable().default(null), version });
export type SiteVisualPageRef = z.infer<typeof siteVisualPageRef>;

/** POST /site/visual/create-landing. */
export const siteVisualCreateBody = z.strictObject({
  slug: z.string({ error: PAGE_SLUG_MSG }).trim().regex(PAGE_SLUG_RE, { error: PAGE_SLUG_MSG }),
  titles: texts(120),
});
export type SiteVisualCreateBody = z.infer<typeof siteVisualCreateBody>;

/** POST /site/visual/preview: the storefront HTML of the given (unsaved) blocks, or of the stored draft. */
export const siteVisualPreviewBody = z.strictObject({
  id: pageId.nullable().default(null),
  lang: language,
  blocks: siteBlocks.optional(),
});
export type SiteVisualPreviewBody = z.infer<typeof siteVisualPreviewBody>;

const jsonText = z.record(z.string(), z.string());

/** A page of blocks as the editor reads it (`id` null: a home page never saved). */
export const siteVisualPage = z.object({
  id: z.number().int().nullable(),
  kind: z.enum(['home', 'landing']),
  slug: z.string(),
  titles: jsonText,
  draft_blocks: z.array(siteBlock),
  published_blocks: z.array(siteBlock).nullable(),
  published_at: z.string().nullable(),
  version: z.number().int(),
  updated_at: z.string().nullable(),
});
export type SiteVisualPage = z.infer<typeof siteVisualPage>;

/** GET /site/visual/pages: the site (null before 基础设置 is saved) and its pages. */
export const siteVisualPages = z.object({
  site: z
    .object({
      id: z.number().int(),
      slug: z.string(),
      languages: z.array(z.string()),
      default_language: z.string(),
      published: z.boolean(),
    })
    .nullable(),
  pages: z.array(
    z.object({
      id: z.number().int().nullable(),
      kind: z.enum(['home', 'landing']),
      slug: z.string(),
      titles: jsonText,
      published_at: z.string().nullable(),
      version: z.number().int(),
    }),
  ),
});
export type SiteVisualPages = z.infer<typeof siteVisualPages>;

export const siteVisualPreview = z.object({ html: z.string() });
