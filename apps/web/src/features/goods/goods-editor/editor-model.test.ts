import { describe, expect, it } from 'vitest';
import { fenToYuan } from '../lib/money';
import { emptyDraft, fromGoodsData, priceTextError, quantityHelp, toGoodsData } from './editor-model';

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

describe('the rules of issue 13 §1 in the editor', () => {
  it('asks an empty draft for a title or a SKU, on the SKU field of the base info', () => {
    expect(toGoodsData(emptyDraft()).errors).toEqual([
      { pane: '0', field: 'sku', message: '请至少填写一种语言的标题或SKU' },
    ]);
    const titled = emptyDraft();
    titled.descs[3] = { ...titled.descs[3]!, title: 'Box' };
    expect(toGoodsData(titled).errors).toEqual([]);
    const skued = emptyDraft();
    skued.baseInfo = { ...skued.baseInfo, sku: 'BOX-1' };
    expect(toGoodsData(skued).errors).toEqual([]);
  });

  it('gives 0 and negative prices their own message; an empty price is a country not sold in', () => {
    expect(priceTextError('', 'us')).toBeNull();
    expect(priceTextError('0', 'us')).toBe('价格必须大于0(不在该国销售请留空)');
    expect(priceTextError('0.00', 'us')).toBe('价格必须大于0(不在该国销售请留空)');
    expect(priceTextError('-5', 'us')).toBe('价格不能为负数');
    expect(priceTextError('1.999', 'us')).toBe('价格格式不正确(最多2位小数)');
    expect(priceTextError('1.5', 'ja')).toBe('价格格式不正确(最多0位小数)');
    const d = emptyDraft();
    d.baseInfo = { ...d.baseInfo, sku: 'P' };
    d.prices = { us: '-5', de: '0', fr: '', en: '12.50' };
    const r = toGoodsData(d);
    expect(r.errors.map((e) => e.message)).toEqual(['德国价格必须大于0(不在该国销售请留空)', '美国价格不能为负数']);
    expect(r.data.priceTable).toEqual([{ country_code: 'en', price: 1250 }]);
  });
});

describe('the random default quantity (issue 28 §3)', () => {
  it('is drawn once: the editor shows the number the save sends, with a note while it is unchanged', () => {
    let calls = 0;
    const d = emptyDraft([19, 55], () => {
      calls += 1;
      return 0.5;
    });
    expect(calls).toBe(1);
    expect(d.baseInfo.quantity).toBe(37);
    // The same number every time the payload is built (the save, the unsaved-change snapshot).
    expect(toGoodsData(d).data.baseInfo.quantity).toBe(37);
    expect(toGoodsData(d).data.baseInfo.quantity).toBe(37);
    expect(quantityHelp(d)).toBe('随机默认值(19-55),可修改');
    expect(quantityHelp({ ...d, baseInfo: { ...d.baseInfo, quantity: 50 } })).toBeUndefined();
    expect(quantityHelp(emptyDraft([80, 60]))).toBe('随机默认值(60-80),可修改');
  });

  it('a saved product shows its stored quantity without the note', () => {
    const d = fromGoodsData({ baseInfo: { quantity: 37 } });
    expect(d.baseInfo.quantity).toBe(37);
    expect(quantityHelp(d)).toBeUndefined();
  });
});
