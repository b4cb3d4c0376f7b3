import { describe, expect, it } from 'vitest';
import { emptyDraft } from '../../editor-model';
import { isProductFilled, listingLanguage, productSource } from './product-filled';

describe('attributes filled from the product', () => {
  const draft = emptyDraft();
  draft.baseInfo.brand_name = 'KUUQA';
  const en = draft.descs.find((d) => d.key === 'en')!;
  en.title = 'Storage box';
  en.product_description = 'Sturdy box';
  en.bullet_points = ['Stackable', '', '', '', ''];
  draft.descs.find((d) => d.key === 'de')!.title = 'Aufbewahrungsbox';

  it('maps a marketplace to the editor language of its listing', () => {
    expect(listingLanguage('us')).toEqual({ key: 'en', label: '英语' });
    expect(listingLanguage('de')).toEqual({ key: 'de', label: '德语' });
    expect(listingLanguage('ja')?.key).toBe('ja');
    expect(listingLanguage('zz')).toBeUndefined();
  });

  it('shows title, brand, description and bullets from the product, in the marketplace language', () => {
    expect(productSource('item_name', draft, 'us')).toEqual({
      field: '标题',
      place: '英语页签',
      values: ['Storage box'],
    });
    expect(productSource('item_name', draft, 'de')?.values).toEqual(['Aufbewahrungsbox']);
    expect(productSource('brand', draft, 'de')).toEqual({ field: '品牌名', place: '基本信息', values: ['KUUQA'] });
    expect(productSource('product_description', draft, 'en')?.values).toEqual(['Sturdy box']);
    expect(productSource('bullet_point', draft, 'us')?.values).toEqual(['Stackable']);
    expect(productSource('product_description', draft, 'fr')?.values).toEqual([]);
  });

  it('leaves the template’s own attributes to the form', () => {
    expect(isProductFilled('item_name')).toBe(true);
    expect(isProductFilled('color')).toBe(false);
    expect(productSource('color', draft, 'us')).toBeUndefined();
  });
});
