import type { GatherCollectBody } from '@console/shared/schemas/gather';
import type { PriceInfo } from '@console/shared/schemas/price-settings';
import { describe, expect, it } from 'vitest';
import { collectedProduct } from './gather-product.js';

const rates = { as_of: '2025-01-01', rates: { USD: '7.2000', EUR: '7.8000', JPY: '0.0480' } } as never;
const priceInfo = {
  price_country: [
    { country_code: 'us', exchange_rate: '7.2', margin: 50, shipping: 1000, rounding: 'none' },
    { country_code: 'ja', exchange_rate: '0.048', margin: 0, shipping: 0, rounding: 'upInt' },
  ],
} as unknown as PriceInfo;
const body: GatherCollectBody = {
  url: 'https://detail.1688.com/offer/1.html',
  site: '1688',
  title: '保温杯 不锈钢 大容量 保温杯',
  price: '26.00',
  currency: 'CNY',
  pictures: ['https://img/a.jpg', 'https://img/b.jpg'],
  description_pictures: [],
  attributes: ['材质', '容量', '颜色', '产地', '品牌', '重量'].map((name, i) => ({ name, value: `v${i}` })),
  variations: [{ values: { 颜色: '红' }, picture: 'https://img/red.jpg' }, { values: { 颜色: '蓝' } }],
};
const pictures = new Map(
  ['a', 'b', 'red'].map((n) => [`https://img/${n}.jpg`, { url: `/PDD/files/${n}.png`, width: 800, height: 800 }]),
);
const make = (
  switches: Partial<Record<'titleKeywords' | 'randomVariationImage' | 'randomBullets', boolean>>,
  random = () => 0.99,
) =>
  collectedProduct(body, {
    sku: 'CJ1',
    pictures,
    priceInfo,
    rates,
    quantityRange: [10, 10],
    switches: { titleKeywords: false, randomVariationImage: false, randomBullets: false, ...switches },
    random,
  });

describe('collectedProduct', () => {
  it('prices every country of the settings with the editor formula, from the cost in fen', () => {
    const g = make({});
    expect(g.baseInfo.cost_price).toBe(2600);
    // (26 + 10) x 1.5 / 7.2 = 7.50 USD; 26 / 0.048 = 541.67 -> 542 yen (whole, rounded up).
    expect(g.priceTable).toEqual([
      { country_code: 'us', price: 750 },
      { country_code: 'ja', price: 542 },
    ]);
    expect(g.baseInfo).toMatchObject({ type: 4, source: '1688', link_url: body.url, quantity: 10 });
  });

  it('without the switches: no search terms, bullets in page order, a variation without a picture has none', () => {
    const g = make({});
    expect(g.commonData.descs[0]).toMatchObject({ key: 'zh-CN', search_terms: '' });
    expect(g.commonData.descs[0]?.bullet_points).toEqual(['材质: v0', '容量: v1', '颜色: v2', '产地: v3', '品牌: v4']);
    expect(g.parentageTable.children.map((c) => c.images)).toEqual([['/PDD/files/red.png'], []]);
  });

  it('标题填充关键词, 随机变体图片 and 随机五点描述 change what they name', () => {
    const g = make({ titleKeywords: true, randomVariationImage: true, randomBullets: true }, () => 0);
    expect(g.commonData.descs[0]?.search_terms).toBe('保温杯 不锈钢 大容量');
    expect(g.parentageTable.children[1]?.images).toEqual(['/PDD/files/a.png']);
    const bullets = g.commonData.descs[0]?.bullet_points ?? [];
    expect(bullets).toHaveLength(5);
    expect(bullets).not.toEqual(make({}).commonData.descs[0]?.bullet_points);
  });

  it('description pictures follow the main ones (stored, distinct); the stock of a variation bounds its quantity', () => {
    const withDesc = collectedProduct(
      {
        ...body,
        description_pictures: ['https://img/d1.jpg', 'https://img/a.jpg', 'https://img/lost.jpg', 'https://img/d2.jpg'],
        variations: [
          { values: { 颜色: '红' }, stock: 3 },
          { values: { 颜色: '蓝' }, stock: 500 },
          { values: { 颜色: '绿' } },
        ],
      },
      {
        sku: 'CJ1',
        pictures: new Map([
          ...pictures,
          ...['d1', 'd2'].map(
            (n) => [`https://img/${n}.jpg`, { url: `/PDD/files/${n}.png`, width: 750, height: 1000 }] as const,
          ),
        ]),
        priceInfo,
        rates,
        quantityRange: [10, 10],
        switches: { titleKeywords: false, randomVariationImage: false, randomBullets: false },
      },
    );
    expect(withDesc.images.map((i) => i.url)).toEqual([
      '/PDD/files/a.png',
      '/PDD/files/b.png',
      '/PDD/files/d1.png',
      '/PDD/files/d2.png',
    ]);
    expect(withDesc.parentageTable.children.map((c) => c.quantity)).toEqual([3, 10, undefined]);
  });
});
