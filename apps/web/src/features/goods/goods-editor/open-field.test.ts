import { describe, expect, it } from 'vitest';
import { fieldTarget } from './open-field';

const at = (q: string) => fieldTarget(new URLSearchParams(q));

describe('opening the editor on a field', () => {
  it('opens a text field on its language tab', () => {
    expect(at('field=title&lang=de')).toEqual({ pane: '1', lang: 'de', selector: '[data-testid="title-de"]' });
    expect(at('field=bullet_points&lang=fr')?.selector).toBe('[data-testid="bullet-fr-0"]');
    expect(at('field=product_description&lang=zh-CN')?.selector).toBe('[data-testid="desc-zh-CN"]');
    expect(at('field=search_terms&lang=it')?.selector).toBe('[data-testid="search-it"]');
  });
  it('falls back to the first language for an unknown one', () => {
    expect(at('field=title&lang=<script>')).toEqual({
      pane: '1',
      lang: 'zh-CN',
      selector: '[data-testid="title-zh-CN"]',
    });
  });
  it('opens prices, base fields, variations, images and attributes on their panes', () => {
    expect(at('field=price&country=fr')).toEqual({
      pane: '2',
      selector: '[data-testid="price-fr"]',
      fallback: '[data-testid="price-sold-count"]',
    });
    expect(at('field=quantity')).toMatchObject({ pane: '0', selector: '#quantity' });
    expect(at('field=sku')?.pane).toBe('0');
    expect(at('field=base&attr=brand')).toMatchObject({ pane: '0', selector: '#brand_name' });
    expect(at('field=base&attr=unknown')?.selector).toBe('[data-testid="base-info-form"]');
    expect(at('field=images')?.pane).toBe('4');
    expect(at('field=attribute&attr=color')).toEqual({
      pane: '5',
      selector: '[data-testid="attr-row-color"]',
      fallback: '[data-testid="attributes-form"]',
    });
    // Nothing from the address reaches the selector unfiltered.
    expect(at('field=attribute&attr=a"]b')?.selector).toBe('[data-testid="attr-row-ab"]');
    // No attribute: the 扩展属性 pane as a whole (an issue the console cannot map).
    expect(at('field=attribute')).toMatchObject({ pane: '5', selector: '[data-testid="attributes-form"]' });
  });
  it("opens an EAN where the product has it: a single product's 产品ID, else the variation table", () => {
    const q = new URLSearchParams('field=ean');
    expect(fieldTarget(q)).toMatchObject({ pane: '0', selector: '#product_id' });
    expect(fieldTarget(q, { hasVariations: false })).toMatchObject({ pane: '0', selector: '#product_id' });
    expect(fieldTarget(q, { hasVariations: true })).toMatchObject({
      pane: '3',
      selector: '[data-testid="variation-table"]',
    });
  });
  it('opens variations on the switch until there are some, then on the theme or the table', () => {
    expect(at('field=variation')?.selector).toBe('[data-testid="variation-switch"]');
    const v = (q: string) => fieldTarget(new URLSearchParams(q), { hasVariations: true })?.selector;
    expect(v('field=variation&attr=variation_theme')).toBe('[data-testid="variation-theme"]');
    expect(v('field=variation&attr=child_parent_sku_relationship')).toBe('[data-testid="variation-table"]');
  });
  it('opens the product type picker, and 上传到亚马逊 for a listing to upload first', () => {
    expect(at('field=product_type')).toMatchObject({ pane: '5', selector: '[data-testid="attr-product-type"]' });
    expect(at('field=listing')).toMatchObject({ pane: '0', selector: '[data-testid="editor-upload"]' });
  });
  it('ignores a missing or unknown field', () => {
    expect(at('')).toBeNull();
    expect(at('field=nope')).toBeNull();
  });
});
