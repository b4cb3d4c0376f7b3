import { listingLanguage } from '@console/shared/constants/listing-language';
import type { SensitiveHit } from '@console/shared/schemas/goods';
import type { UploadType } from '@console/shared/schemas/upload';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { wordsForLangs } from '../goods-library/sensitive.repository.js';
import { matchSensitiveWordsSliced, type TextToCheck } from '../goods-library/sensitive-matcher.js';
import { CHECK_CODES, type MapGoods, type MappedItem } from './listing-mapper.js';
import type { StoredIssue } from './upload.tables.js';

/**
 * Checks of a listing beyond the mapping and the product type schema (issue 28 §2), run by the
 * pipeline on every item and by the check before sending: texts of the marketplace language
 * that Amazon shows but does not require, images under Amazon's minimum size, and the tenant's
 * sensitive words in what is sent (docs/upload.md "Checks before sending").
 */

/** Amazon's image minimum: the longest side at least 500 px to be listed, 1000 px for zoom. */
export const IMAGE_MIN_SIDE = 500;
export const IMAGE_ZOOM_SIDE = 1000;

/** The text fields of a language as Amazon attributes, for the sensitive-word check. */
const TEXT_ATTRS = ['item_name', 'bullet_point', 'product_description', 'generic_keyword'] as const;

const issue = (
  code: string,
  severity: StoredIssue['severity'],
  message: string,
  attr: string,
  messageZh?: string,
): StoredIssue => ({
  code,
  message,
  severity,
  attributeNames: [attr],
  categories: ['check'],
  source: 'check',
  ...(messageZh ? { messageZh } : {}),
});

/** What the checks read once per batch of products: sensitive-word hits by product and language. */
export interface PrecheckData {
  /** Hits keyed `goodsId|lang`, `field` being the Amazon attribute. */
  sensitive: Map<string, SensitiveHit[]>;
}

/** The texts of a product in one language as they are sent, by Amazon attribute. */
function textsOf(g: MapGoods, lang: string): TextToCheck[] {
  const d = g.descs?.[lang];
  if (!d) return [];
  return [
    { lang, field: `${g.id}|item_name`, text: d.title ?? '' },
    ...(d.bullet_points ?? []).map((b) => ({ lang, field: `${g.id}|bullet_point`, text: b ?? '' })),
    { lang, field: `${g.id}|product_description`, text: d.product_description ?? '' },
    { lang, field: `${g.id}|generic_keyword`, text: d.search_terms ?? '' },
  ].filter((t) => t.text.trim() !== '');
}

/**
 * Reads what the checks of a batch need: the tenant's sensitive words of the marketplaces'
 * languages (and `all`), matched once over every text of the batch (full listings only, the
 * other upload types send no text).
 */
export async function loadPrecheck(
  db: Kysely<DB>,
  tenantId: number,
  goods: readonly MapGoods[],
  marketplaces: readonly string[],
  type: UploadType,
): Promise<PrecheckData> {
  const sensitive = new Map<string, SensitiveHit[]>();
  if (type !== 'good') return { sensitive };
  const langs = [...new Set(marketplaces.map((m) => listingLanguage(m)?.key).filter((k): k is string => !!k))];
  const texts = langs.flatMap((lang) => goods.flatMap((g) => textsOf(g, lang)));
  if (texts.length === 0) return { sensitive };
  const words = await wordsForLangs(db, tenantId, langs);
  if (words.length === 0) return { sensitive };
  for (const hit of await matchSensitiveWordsSliced(words, texts)) {
    const [goodsId, attr] = hit.field.split('|') as [string, string];
    const key = `${goodsId}|${hit.lang}`;
    const list = sensitive.get(key) ?? [];
    list.push({ ...hit, field: attr });
    sensitive.set(key, list);
  }
  return { sensitive };
}

/** The images an item sends, main first, with the size the file store measured (when known). */
function imagesOf(g: MapGoods, item: MappedItem): { url: string; side: number | null }[] {
  const child = item.variationKey ? g.parentage?.children?.find((c) => c.sku === item.variationKey) : undefined;
  const sizes = new Map(
    (g.images ?? []).map((i) => [i.url, i.width && i.height ? Math.max(i.width, i.height) : null] as const),
  );
  const urls = [...new Set([...(child?.images ?? []), ...(g.images ?? []).map((i) => i.url)])].filter(Boolean);
  return urls.slice(0, 9).map((url) => ({ url, side: sizes.get(url) ?? null }));
}

/** How many of the images a product sends have no known size (the check says it could not look at them). */
export function imagesWithoutSize(g: MapGoods): number {
  const known = new Set((g.images ?? []).filter((i) => i.width && i.height).map((i) => i.url));
  const all = new Set(
    [...(g.images ?? []).map((i) => i.url), ...(g.parentage?.children ?? []).flatMap((c) => c.images ?? [])].filter(
      Boolean,
    ),
  );
  return [...all].filter((u) => !known.has(u)).length;
}

/**
 * The issues of these checks for one mapped item (none for an item that cannot be built). An
 * attribute the item's issues already name (e.g. the schema requires bullet points) is not
 * named twice.
 */
export function precheckIssues(
  g: MapGoods,
  marketplace: string,
  type: UploadType,
  item: MappedItem,
  known: readonly StoredIssue[],
  data: PrecheckData,
): StoredIssue[] {
  if (!('operation' in item.payload)) return [];
  const out: StoredIssue[] = [];
  const named = new Set(known.flatMap((i) => i.attributeNames ?? []));
  const lang = listingLanguage(marketplace)?.key;
  if (type === 'good' && lang) {
    const d = g.descs?.[lang];
    if (!named.has('bullet_point') && !(d?.bullet_points ?? []).some((b) => b?.trim()))
      out.push(
        issue(
          CHECK_CODES.noText,
          'WARNING',
          'The listing has no bullet points in the marketplace language.',
          'bullet_point',
        ),
      );
    if (!named.has('product_description') && !d?.product_description?.trim())
      out.push(
        issue(
          CHECK_CODES.noText,
          'WARNING',
          'The listing has no product description in the marketplace language.',
          'product_description',
        ),
      );
    const seen = new Set<string>();
    for (const hit of data.sensitive.get(`${g.id}|${lang}`) ?? []) {
      if (!(TEXT_ATTRS as readonly string[]).includes(hit.field)) continue;
      const k = `${hit.field}|${hit.word.toLowerCase()}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(
        issue(
          CHECK_CODES.sensitiveWord,
          'ERROR',
          `The text contains the sensitive word "${hit.word}".`,
          hit.field,
          `含敏感词「${hit.word}」,请修改后再上传`,
        ),
      );
    }
  }
  if (type === 'good' || type === 'image') {
    imagesOf(g, item).forEach(({ side }, i) => {
      if (side === null) return;
      const attr = i === 0 ? 'main_product_image_locator' : `other_product_image_locator_${i}`;
      if (side < IMAGE_MIN_SIDE)
        out.push(
          issue(
            CHECK_CODES.imageTooSmall,
            i === 0 ? 'ERROR' : 'WARNING',
            `The image is ${side} px on its longest side; Amazon needs at least ${IMAGE_MIN_SIDE} px.`,
            attr,
            `${i === 0 ? '主图' : `第${i + 1}张图片`}最长边只有${side}像素,亚马逊要求至少${IMAGE_MIN_SIDE}像素${i === 0 ? '' : '(该图片会被亚马逊忽略)'}`,
          ),
        );
      else if (i === 0 && side < IMAGE_ZOOM_SIDE)
        out.push(
          issue(
            CHECK_CODES.imageNoZoom,
            'WARNING',
            `The main image is ${side} px on its longest side; ${IMAGE_ZOOM_SIDE} px or more enables zoom.`,
            attr,
            `主图最长边${side}像素,达到${IMAGE_ZOOM_SIDE}像素以上买家才能放大查看`,
          ),
        );
    });
  }
  return out;
}
