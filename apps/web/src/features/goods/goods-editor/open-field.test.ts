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
    expect(at('field=price&country=fr')).toEqual({ pane: '2', selector: '[data-testid="price-fr"]' });
    expect(at('field=quantity')).toEqual({ pane: '0', selector: '#quantity' });
    expect(at('field=sku')?.pane).toBe('0');
    expect(at('field=base&attr=brand')).toEqual({ pane: '0', selector: '#brand_name' });
    expect(at('field=base&attr=unknown')?.selector).toBe('[data-testid="base-info-form"]');
    expect(at('field=ean')?.pane).toBe('3');
    expect(at('field=images')?.pane).toBe('4');
    expect(at('field=attribute&attr=color')).toEqual({ pane: '5', selector: '[data-testid="attr-row-color"]' });
    // Nothing from the address reaches the selector unfiltered.
    expect(at('field=attribute&attr=a"]b')?.selector).toBe('[data-testid="attr-row-ab"]');
  });
  it('ignores a missing or unknown field', () => {
    expect(at('')).toBeNull();
    expect(at('field=nope')).toBeNull();
  });
});
