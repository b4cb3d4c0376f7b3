import { z } from 'zod';
import { DESC_LANGUAGES, type DescLanguage } from '../constants/goods.js';
import { CURRENCIES, type CurrencyCode } from '../money/currencies.js';
import { EMAIL_RE, MSG } from '../validation/rules.js';

/**
 * 建站 基础设置 (`/build-site/basic`, issue 33 §1, docs/site.md): the tenant's own shop site
 * (one per tenant for now) and what its public storefront shows.
 */

/** The site's languages are the library's 12 (spec section 3 "commonData.descs"); the storefront's tag and name of each. */
export const SITE_LANGUAGES: readonly { key: DescLanguage; tag: string; label: string; native: string }[] = [
  { key: 'zh-CN', tag: 'zh-CN', label: '中文', native: '中文' },
  { key: 'en', tag: 'en', label: '英语', native: 'English' },
  { key: 'fr', tag: 'fr', label: '法语', native: 'Français' },
  { key: 'de', tag: 'de', label: '德语', native: 'Deutsch' },
  { key: 'it', tag: 'it', label: '意大利语', native: 'Italiano' },
  { key: 'es', tag: 'es', label: '西班牙语', native: 'Español' },
  { key: 'nl', tag: 'nl', label: '荷兰语', native: 'Nederlands' },
  { key: 'ja', tag: 'ja', label: '日语', native: '日本語' },
  { key: 'se', tag: 'sv', label: '瑞典语', native: 'Svenska' },
  { key: 'pl', tag: 'pl', label: '波兰语', native: 'Polski' },
  { key: 'br', tag: 'pt', label: '葡萄牙语', native: 'Português' },
  { key: 'ae', tag: 'ar', label: '阿拉伯语', native: 'العربية' },
];
const LANGUAGE_KEYS = DESC_LANGUAGES.map((l) => l.key) as [DescLanguage, ...DescLanguage[]];

/** The legal pages of a site, with their Chinese names (the form's tabs). */
export const SITE_LEGAL_PAGES = { privacy: '隐私政策', returns: '退换货政策', terms: '服务条款' } as const;
export type SiteLegalPage = keyof typeof SITE_LEGAL_PAGES;

export const SITE_MAX_DOMAINS = 5;
export const SITE_LEGAL_MAX = 20_000;

/** A preview address segment: `/s/<slug>/`. */
export const SLUG_RE = /^[a-z](?:[a-z0-9]|-(?=[a-z0-9])){2,31}$/;
export const SLUG_MSG = '预览地址标识只能包含小写字母、数字和连字符,以字母开头,3-32个字符';
/** A host name the storefront answers on: labels of letters, digits and hyphens, a letter TLD, no scheme, port or path. */
const DOMAIN_RE = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Normalises a typed domain (trimmed, lower case, no trailing dot); null when it is no host name. */
export function normaliseDomain(raw: string): string | null {
  const d = raw.trim().toLowerCase().replace(/\.$/, '');
  return DOMAIN_RE.test(d) ? d : null;
}

const text = (max: number) =>
  z
    .string({ error: '格式不正确' })
    .trim()
    .max(max, { error: MSG.maxLength(max) })
    .default('');

/** A stored image of the tenant, as `POST /files/upload` answers its `url`. */
const imageUrl = z
  .string({ error: '图片地址不合法' })
  .regex(/^\/PDD\/files\/t\d+\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/, { error: '请先上传图片' })
  .nullable()
  .default(null);

const language = z.enum(LANGUAGE_KEYS, { error: '语言不支持' });

export const siteContact = z.strictObject({
  email: text(100).refine((v) => v === '' || EMAIL_RE.test(v), { error: '联系邮箱格式不正确' }),
  phone: text(40),
  address: text(300),
});

/** One language's legal pages: Markdown (headings, lists, bold, links), shown as escaped HTML. */
export const siteLegalTexts = z.strictObject({
  privacy: text(SITE_LEGAL_MAX),
  returns: text(SITE_LEGAL_MAX),
  terms: text(SITE_LEGAL_MAX),
});
export type SiteLegalTexts = z.infer<typeof siteLegalTexts>;

/** POST /site/basic/save: the whole form; `version` 0 creates the site. */
export const siteBasicSaveBody = z
  .strictObject({
    version: z.number({ error: '版本号不合法' }).int().min(0).max(2_147_483_647),
    name: z
      .string({ error: '请填写站点名称' })
      .trim()
      .min(1, { error: '请填写站点名称' })
      .max(60, { error: MSG.maxLength(60) }),
    slug: z.string({ error: SLUG_MSG }).trim().regex(SLUG_RE, { error: SLUG_MSG }),
    domains: z
      .array(z.string({ error: '域名格式不正确' }).max(253, { error: '域名格式不正确' }), { error: '域名格式不正确' })
      .max(SITE_MAX_DOMAINS, { error: `最多绑定${SITE_MAX_DOMAINS}个域名` })
      .default([])
      .transform((list, ctx) => {
        const out: string[] = [];
        for (const raw of list) {
          const d = normaliseDomain(raw);
          if (!d) {
            ctx.addIssue({
              code: 'custom',
              message: `域名格式不正确:${raw.slice(0, 60)}(例如 shop.example.com,不含 http:// 和端口)`,
            });
            return z.NEVER;
          }
          if (out.includes(d)) {
            ctx.addIssue({ code: 'custom', message: `域名重复:${d}` });
            return z.NEVER;
          }
          out.push(d);
        }
        return out;
      }),
    logo: imageUrl,
    favicon: imageUrl,
    currency: z.enum(Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]], { error: '请选择币种' }),
    languages: z
      .array(language, { error: '请选择站点语言' })
      .min(1, { error: '请选择站点语言' })
      .max(LANGUAGE_KEYS.length)
      .refine((l) => new Set(l).size === l.length, { error: '站点语言重复' }),
    default_language: language,
    contact: siteContact.default({ email: '', phone: '', address: '' }),
    legal: z.partialRecord(language, siteLegalTexts).default({}),
    published: z.boolean({ error: '格式不正确' }).default(false),
  })
  .refine((b) => b.languages.includes(b.default_language), {
    error: '默认语言必须是已选语言之一',
    path: ['default_language'],
  });
export type SiteBasicSaveBody = z.infer<typeof siteBasicSaveBody>;

/** GET /site/basic/get (and the save's answer): the form; `id` null and `version` 0 before the first save. */
export const siteBasic = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  slug: z.string(),
  domains: z.array(z.string()),
  logo: z.string().nullable(),
  favicon: z.string().nullable(),
  currency: z.string(),
  languages: z.array(z.string()),
  default_language: z.string(),
  contact: z.object({ email: z.string(), phone: z.string(), address: z.string() }),
  legal: z.record(z.string(), z.object({ privacy: z.string(), returns: z.string(), terms: z.string() })),
  published: z.boolean(),
  version: z.number().int(),
  /** The preview address on the console's own host (`/s/<slug>/`), null before the first save. */
  preview_path: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type SiteBasic = z.infer<typeof siteBasic>;
