import type { QueueGoodsRow } from '@console/shared/schemas/upload';
import { describe, expect, it } from 'vitest';
import { type GoodsEdit, resubmitGoods } from './edit-queue-model';

const listing = (marketplace: string, lang: string, title: string, price: number | null) => ({
  marketplace,
  lang,
  title,
  bullet_points: [],
  price,
  currency: 'EUR',
  quantity: 5,
  status: 'rejected' as const,
  errors: 1,
});
const row: QueueGoodsRow = {
  goods_id: 3,
  version: 4,
  goods_sku: 'A1',
  thumbnail: '',
  listings: [listing('de', 'de', 'Titel', 1999), listing('fr', 'fr', 'Titre', 2099)],
};
const other: QueueGoodsRow = { ...row, goods_id: 4, version: 1 };
const edits = (e: GoodsEdit) => new Map([[3, e]]);

describe('edit queue re-submission', () => {
  it('sends only what changed, prices in minor units, with the version the page read', () => {
    const r = resubmitGoods(
      [row, other],
      edits({ titles: { de: ' Neuer Titel ', fr: 'Titre' }, prices: { fr: '21.5', de: '19.99' }, quantity: 5 }),
      new Set(),
    );
    expect(r).toEqual({ goods: [{ goods_id: 3, version: 4, titles: { de: 'Neuer Titel' }, prices: { fr: 2150 } }] });
  });
  it('re-sends chosen products without changes', () => {
    expect(resubmitGoods([row, other], new Map(), new Set([4]))).toEqual({ goods: [{ goods_id: 4, version: 1 }] });
  });
  it('refuses an empty title, a bad price and an empty request with a Chinese message', () => {
    expect(resubmitGoods([row], edits({ titles: { de: '  ' } }), new Set())).toEqual({
      error: '商品 #3 的标题(de)不能为空',
    });
    expect(resubmitGoods([row], edits({ prices: { de: '1.999' } }), new Set())).toHaveProperty('error');
    expect(resubmitGoods([row], edits({ prices: { de: '0' } }), new Set())).toHaveProperty('error');
    expect(resubmitGoods([row], new Map(), new Set())).toEqual({ error: '请先修改或勾选要重新提交的商品' });
  });
});
