import { describe, expect, it } from 'vitest';
import { fenToYuan } from '../lib/money';
import { emptyDraft, toGoodsData } from './editor-model';

describe('a new product in the editor', () => {
  it('has the baseInfo defaults of spec section 3, with the cost price ¥1.00 (100 fen) like the server', () => {
    const d = emptyDraft();
    expect(d.baseInfo).toMatchObject({ type: 0, product_type: 0, deal_time: 2, cost_price: 100, weight: 0 });
    expect(d.baseInfo).toMatchObject({ length1: 1, length2: 1, length3: 1, discount: 1, is_electric: 0, not_vat: 0 });
    expect(fenToYuan(d.baseInfo.cost_price)).toBe(1);
    expect(d.baseInfo.quantity).toBeGreaterThanOrEqual(19);
    expect(d.baseInfo.quantity).toBeLessThanOrEqual(55);
  });

  it('takes the quantity from the user quantityRange', () => {
    expect(emptyDraft([100, 100]).baseInfo.quantity).toBe(100);
  });

  it('saves the untouched defaults as they are shown', () => {
    expect(toGoodsData(emptyDraft()).data.baseInfo.cost_price).toBe(100);
  });
});
