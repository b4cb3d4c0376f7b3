import { DESC_LANGUAGES } from '@console/shared/constants/goods';
import { editorField } from '@console/shared/schemas/upload';
import { type RefObject, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { StoreApi } from 'zustand';
import type { EditorState } from './editor-store';

/** Where the editor opens for a field: its pane, its language tab, and the element to focus (inside the editor). */
export interface FieldTarget {
  /** `paneName` of the editor (基础信息 '0', 文本 '1', 价格 '2', 变体 '3', 图片 '4', 扩展属性 '5'). */
  pane: string;
  /** Language tab of the 文本 pane. */
  lang?: string;
  /** CSS selector of the field, looked up inside the editor. */
  selector: string;
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

/**
 * The field a link names (`?field=title&lang=de`, `?field=price&country=fr`,
 * `?field=attribute&attr=color`; the error feed's `editorField`), as the place to open; null
 * without a valid `field`. An unknown language opens the 文本 pane on its first language.
 */
export function fieldTarget(query: URLSearchParams): FieldTarget | null {
  const parsed = editorField.shape.kind.safeParse(query.get('field'));
  if (!parsed.success) return null;
  const kind = parsed.data;
  const langParam = query.get('lang') ?? '';
  const lang = DESC_LANGUAGES.some((l) => l.key === langParam) ? langParam : DESC_LANGUAGES[0]?.key;
  const country = (query.get('country') ?? '').replace(/[^a-z]/gi, '');
  const attr = (query.get('attr') ?? '').replace(/[^\w.-]/g, '');
  switch (kind) {
    case 'title':
    case 'bullet_points':
    case 'product_description':
    case 'search_terms': {
      const id = `${TEXT_TESTIDS[kind]}-${lang}${kind === 'bullet_points' ? '-0' : ''}`;
      return { pane: '1', ...(lang ? { lang } : {}), selector: testId(id) };
    }
    case 'price':
      return { pane: '2', selector: country ? testId(`price-${country}`) : testId('price-sold-count') };
    case 'quantity':
      return { pane: '0', selector: '#quantity' };
    case 'sku':
      return { pane: '0', selector: testId('base-sku') };
    case 'base': {
      const input = BASE_INPUTS[attr];
      return { pane: '0', selector: input ? `#${input}` : testId('base-info-form') };
    }
    case 'ean':
    case 'variation':
      return { pane: '3', selector: testId('variation-table') };
    case 'images':
      return { pane: '4', selector: testId('image-section') };
    case 'attribute':
      return { pane: '5', selector: attr ? testId(`attr-row-${attr}`) : testId('attributes-form') };
  }
}

/** Scrolls to a field, focuses its (first) input and flashes it once. */
function focusField(el: Element): void {
  const input = el.matches('input, textarea') ? el : el.querySelector('input:not([type=hidden]), textarea');
  el.scrollIntoView({ block: 'center' });
  if (input instanceof HTMLElement) input.focus({ preventScroll: true });
  el.classList.add('editor-field-flash');
  setTimeout(() => el.classList.remove('editor-field-flash'), 2000);
}

/** Frames to wait for a pane to render its field (about two seconds). */
const MAX_FRAMES = 120;

/**
 * Opens the editor on the field the address names (`?field=...`, links of the error feed):
 * switches to its pane and language tab, then scrolls to and focuses it once it is rendered.
 * `root` bounds the lookup to this editor (kept-alive editors of other products hold the same ids).
 */
export function useOpenField(store: StoreApi<EditorState>, root: RefObject<HTMLElement | null>): void {
  const [params] = useSearchParams();
  const key = params.toString();
  useEffect(() => {
    const target = fieldTarget(new URLSearchParams(key));
    if (!target) return;
    store.getState().setPane(target.pane);
    if (target.lang) store.getState().setTextLang(target.lang);
    let frames = 0;
    let raf = 0;
    const attempt = () => {
      const el = root.current?.querySelector(target.selector);
      if (el) focusField(el);
      else if (++frames < MAX_FRAMES) raf = requestAnimationFrame(attempt);
    };
    raf = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(raf);
  }, [key, store, root]);
}
