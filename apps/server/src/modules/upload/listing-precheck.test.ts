import { describe, expect, it } from 'vitest';
import type { MapGoods, MappedItem } from './listing-mapper.js';
import { imagesWithoutSize, precheckIssues } from './listing-precheck.js';

const goods = (over: Partial<MapGoods> = {}): MapGoods => ({
  id: 5,
  sku: 'S',
  base_info: {},
  descs: { de: { title: 'Titel', search_terms: '', bullet_points: [' '], product_description: '' } },
  prices: {},
  parentage: { theme: '', attrs: [], children: [] },
  images: [{ url: 'a.png', width: 1200, height: 900 }],
  extra_attrs: { template: { product_type: 'HOME', marketplace: 'de' }, attributes: {} },
  ...over,
});
const item: MappedItem = {
  role: 'single',
  variationKey: '',
  sellerSku: 'S',
  parentSku: null,
  productType: 'HOME',
  payload: { operation: 'UPDATE', productType: 'HOME', attributes: {} },
  issues: [],
};
const none = { sensitive: new Map() };

describe('listing precheck', () => {
  it('warns about bullets and description missing in the marketplace language, unless already named', () => {
    const out = precheckIssues(goods(), 'de', 'good', item, [], none);
    expect(out.map((i) => [i.code, i.severity, i.attributeNames?.[0]])).toEqual([
      ['C020', 'WARNING', 'bullet_point'],
      ['C020', 'WARNING', 'product_description'],
    ]);
    const named = [{ ...out[0]!, code: '90220', attributeNames: ['bullet_point'] }];
    expect(precheckIssues(goods(), 'de', 'good', item, named, none).map((i) => i.attributeNames?.[0])).toEqual([
      'product_description',
    ]);
    // Other upload types send no text; an item that cannot be built gets nothing more.
    expect(precheckIssues(goods(), 'de', 'price', item, [], none)).toEqual([]);
    expect(precheckIssues(goods(), 'de', 'good', { ...item, payload: {} }, [], none)).toEqual([]);
  });

  it('checks image sizes it knows: main under 500 an error, others a warning, main under 1000 no zoom', () => {
    const full = { de: { title: 'T', search_terms: '', bullet_points: ['b'], product_description: 'd' } };
    const sized = (images: MapGoods['images']) =>
      precheckIssues(goods({ descs: full, images }), 'de', 'image', item, [], none).map((i) => [
        i.code,
        i.severity,
        i.attributeNames?.[0],
      ]);
    expect(sized([{ url: 'a', width: 499, height: 10 }])).toEqual([['C021', 'ERROR', 'main_product_image_locator']]);
    expect(sized([{ url: 'a', width: 999, height: 10 }])).toEqual([['C022', 'WARNING', 'main_product_image_locator']]);
    expect(sized([{ url: 'a', width: 1000, height: 10 }, { url: 'b', width: 300, height: 300 }, { url: 'c' }])).toEqual(
      [['C021', 'WARNING', 'other_product_image_locator_1']],
    );
    expect(imagesWithoutSize(goods({ images: [{ url: 'a' }, { url: 'b', width: 1, height: 1 }] }))).toBe(1);
  });
});
