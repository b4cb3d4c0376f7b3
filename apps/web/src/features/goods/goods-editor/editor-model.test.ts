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

describe('what a save would be refused for', () => {
  it('names texts over the hard limits by language and sends the user to the texts pane', () => {
    const d = emptyDraft();
    const de = d.descs.findIndex((x) => x.key === 'de');
    d.descs[de] = { ...d.descs[de]!, title: 'x'.repeat(230), bullet_points: ['ok', 'y'.repeat(501), '', '', ''] };
    const { errors } = toGoodsData(d);
    expect(errors).toEqual([
      { pane: '1', message: `${d.descs[de]!.label}标题超出上限(230/200个字符),请缩短后再保存` },
      { pane: '1', message: `${d.descs[de]!.label}五点描述第2条超出上限(501/500个字符),请缩短后再保存` },
    ]);
  });

  it('lists a malformed price for the prices pane; texts at the limit pass', () => {
    const d = emptyDraft();
    d.descs[0] = { ...d.descs[0]!, title: 'x'.repeat(200), product_description: 'z'.repeat(2000) };
    d.prices = { us: '1.999' };
    expect(toGoodsData(d).errors).toEqual([{ pane: '2', message: '美国价格格式不正确(最多2位小数)' }]);
  });
});
