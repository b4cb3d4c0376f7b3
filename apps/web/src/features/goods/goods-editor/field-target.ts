import { DESC_LANGUAGES } from '@console/shared/constants/goods';
import { editorField } from '@console/shared/schemas/upload';

/**
 * Where the editor opens for an issue's field (the `?field=` links of the error feed and of
 * the check before sending). Pure (no DOM): the server's test of every issue code uses it too
 * (apps/server/test/upload/issue-fields.test.ts).
 */

/** Where the editor opens for a field: its pane, its language tab, and the element to focus (inside the editor). */
export interface FieldTarget {
  /** `paneName` of the editor (基础信息 '0', 文本 '1', 价格 '2', 变体 '3', 图片 '4', 扩展属性 '5'). */
  pane: string;
  /** Language tab of the 文本 pane. */
  lang?: string;
  /** CSS selector of the field, looked up inside the editor page. */
  selector: string;
  /** What to show when the field itself is not there (an attribute the template lacks, no upload permission). */
  fallback?: string;
}

/** What the editor knows about the product that changes where a field is. */
export interface FieldContext {
  /** The product has variations: its EANs are in the variation table, not in 基础信息's 产品ID. */
  hasVariations?: boolean;
}

/** Base-info fields by the Amazon attribute an issue names (the form's inputs carry the field name as id). */
const BASE_INPUTS: Record<string, string> = {
  brand: 'brand_name',
  manufacturer: 'vendor',
  part_number: 'manufactuer_id',
  fulfillment_availability: 'quantity',
};

const TEXT_TESTIDS = {
  title: 'title',
  bullet_points: 'bullet',
  product_description: 'desc',
  search_terms: 'search',
} as const;

const testId = (id: string) => `[data-testid="${id}"]`;
const BASE_FORM = testId('base-info-form');
const ATTR_FORM = testId('attributes-form');
const VARIATIONS = testId('variation-builder');

/**
 * The field a link names (`?field=title&lang=de`, `?field=price&country=fr`,
 * `?field=attribute&attr=color`, `?field=ean`; the issue's `editorField`), as the place to
 * open; null without a valid `field`. An unknown language opens the 文本 pane on its first
 * language. An EAN is a single product's 产品ID (基础信息) or, with variations, the variation table.
 */
export function fieldTarget(query: URLSearchParams, ctx: FieldContext = {}): FieldTarget | null {
  const parsed = editorField.shape.kind.safeParse(query.get('field'));
  if (!parsed.success) return null;
  const kind = parsed.data;
  const langParam = query.get('lang') ?? '';
  const lang = DESC_LANGUAGES.some((l) => l.key === langParam) ? langParam : DESC_LANGUAGES[0]?.key;
  const country = (query.get('country') ?? '').replace(/[^a-z]/gi, '');
  const attr = (query.get('attr') ?? '').replace(/[^\w.-]/g, '');
  const variations = ctx.hasVariations === true;
  switch (kind) {
    case 'title':
    case 'bullet_points':
    case 'product_description':
    case 'search_terms': {
      const id = `${TEXT_TESTIDS[kind]}-${lang}${kind === 'bullet_points' ? '-0' : ''}`;
      return { pane: '1', ...(lang ? { lang } : {}), selector: testId(id) };
    }
    case 'price':
      return {
        pane: '2',
        selector: country ? testId(`price-${country}`) : testId('price-sold-count'),
        fallback: testId('price-sold-count'),
      };
    case 'quantity':
      return { pane: '0', selector: '#quantity', fallback: BASE_FORM };
    case 'sku':
      return { pane: '0', selector: testId('base-sku'), fallback: BASE_FORM };
    case 'base': {
      const input = BASE_INPUTS[attr];
      return { pane: '0', selector: input ? `#${input}` : BASE_FORM, fallback: BASE_FORM };
    }
    case 'ean':
      return variations
        ? { pane: '3', selector: testId('variation-table'), fallback: VARIATIONS }
        : { pane: '0', selector: '#product_id', fallback: BASE_FORM };
    case 'variation':
      if (!variations) return { pane: '3', selector: testId('variation-switch'), fallback: VARIATIONS };
      return {
        pane: '3',
        selector: attr === 'variation_theme' ? testId('variation-theme') : testId('variation-table'),
        fallback: VARIATIONS,
      };
    case 'images':
      return { pane: '4', selector: testId('image-section') };
    case 'attribute':
      return { pane: '5', selector: attr ? testId(`attr-row-${attr}`) : ATTR_FORM, fallback: ATTR_FORM };
    case 'product_type':
      return { pane: '5', selector: testId('attr-product-type'), fallback: ATTR_FORM };
    case 'listing':
      // 上传到亚马逊 is in the editor's header; without the permission, the listing panel.
      return { pane: '0', selector: testId('editor-upload'), fallback: testId('listing-panel') };
  }
}
