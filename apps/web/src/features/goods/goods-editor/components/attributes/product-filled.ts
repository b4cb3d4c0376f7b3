import { listingLanguage } from '@console/shared/constants/listing-language';
import type { EditorDraft } from '../../editor-model';

/** Where a listing attribute's value comes from in the product itself. */
export interface ProductSource {
  /** The product field's Chinese name (`标题`). */
  field: string;
  /** Where the user edits it (`英语 页签`, `基本信息`). */
  place: string;
  /** The value(s) the listing will send, blank ones left out. */
  values: string[];
}

/**
 * Attributes a listing fills from the product's own fields (title, brand, description, bullet
 * points, search terms of the marketplace's language): the attribute form shows these read-only
 * with their source instead of asking for them twice. Amazon attribute name -> source.
 */
const FIELDS: Record<string, { field: string; of: (d: EditorDraft, lang: DescOf) => string[] }> = {
  item_name: { field: '标题', of: (_, l) => [l?.title ?? ''] },
  brand: { field: '品牌名', of: (d) => [d.baseInfo.brand_name ?? ''] },
  product_description: { field: '产品描述', of: (_, l) => [l?.product_description ?? ''] },
  bullet_point: { field: '要点', of: (_, l) => l?.bullet_points ?? [] },
  generic_keyword: { field: '搜索词', of: (_, l) => [l?.search_terms ?? ''] },
};
type DescOf = EditorDraft['descs'][number] | undefined;

/** The editor language a marketplace's listing is written in (shared with the upload pipeline). */
export { listingLanguage };

/** True for an attribute the listing fills from the product's own fields. */
export function isProductFilled(attr: string): boolean {
  return attr in FIELDS;
}

/** The product field an attribute comes from and its current value, or undefined for other attributes. */
export function productSource(attr: string, draft: EditorDraft, marketplace: string): ProductSource | undefined {
  const f = FIELDS[attr];
  if (!f) return undefined;
  const lang = listingLanguage(marketplace);
  const desc = draft.descs.find((d) => d.key === lang?.key);
  const place = attr === 'brand' ? '基本信息' : `${lang?.label ?? ''}页签`;
  return { field: f.field, place, values: f.of(draft, desc).filter((v) => v.trim() !== '') };
}
