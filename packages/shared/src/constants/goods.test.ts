import { describe, expect, it } from 'vitest';
import { BASE_INFO_DEFAULTS, GOODS_TYPES, goodsTypeLabel } from './goods';

describe('goods constants', () => {
  it('labels a product type: 0 is 未分类 (全部 is the filter), unknown values are -', () => {
    expect(GOODS_TYPES.find((t) => t.value === 0)?.label).toBe('全部');
    expect(goodsTypeLabel(0)).toBe('未分类');
    expect(goodsTypeLabel(undefined)).toBe('未分类');
    expect(goodsTypeLabel(4)).toBe('采集');
    expect(goodsTypeLabel(7)).toBe('模型模板');
    expect(goodsTypeLabel(99)).toBe('-');
  });

  it('keeps money defaults in minor units: the cost price 1 of spec section 3 is 100 fen', () => {
    expect(BASE_INFO_DEFAULTS.cost_price).toBe(100);
  });
});
