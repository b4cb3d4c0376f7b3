// @vitest-environment happy-dom
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { finish } from '../src/extract/common.js';
import { extractPage } from '../src/extract/index.js';

/** Parses a saved page into a fresh document (scripts are not run: extractors read their text). */
function load(name: string): Document {
  const html = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('extractors against saved pages', () => {
  it('1688: page state with SKU props and per-combination prices', () => {
    const item = extractPage(load('1688-offer.html'), 'https://detail.1688.com/offer/681234567890.html?spm=a2615');
    expect(item).toMatchObject({
      site: '1688',
      title: '加厚304不锈钢保温杯大容量男女便携水杯定制logo',
      price: '25.80',
      currency: 'CNY',
    });
    if ('error' in item) throw new Error(item.error);
    expect(item.pictures).toEqual([
      'https://cbu01.alicdn.com/img/ibank/O1CN01main_!!2207.jpg',
      'https://cbu01.alicdn.com/img/ibank/O1CN01side_!!2207.jpg',
      'https://cbu01.alicdn.com/img/ibank/O1CN01detail_!!2207.jpg',
    ]);
    expect(item.attributes).toContainEqual({ name: '材质', value: '304不锈钢' });
    expect(item.attributes).toHaveLength(5);
    expect(item.variations).toHaveLength(4);
    expect(item.variations[2]).toEqual({
      values: { 颜色: '星空黑', 容量: '500ml' },
      price: '24.90',
      picture: 'https://cbu01.alicdn.com/img/ibank/O1CN01black_!!2207.jpg',
    });
  });

  it('1688: DOM only (no page state), protocol-relative pictures, grouped price', () => {
    const item = extractPage(load('1688-dom-only.html'), 'https://detail.1688.com/offer/1.html');
    expect(item).toMatchObject({
      title: '儿童卡通书包 小学生',
      price: '1,299.00',
      pictures: [
        'https://cbu01.alicdn.com/img/ibank/O1CN01bag1.jpg',
        'https://cbu01.alicdn.com/img/ibank/O1CN01bag2.jpg',
      ],
      attributes: [
        { name: '适用年龄', value: '6-12岁' },
        { name: '面料', value: '牛津布' },
      ],
      variations: [],
    });
  });

  it('Taobao: hashed class names, original pictures, SKU selector', () => {
    const item = extractPage(load('taobao-item.html'), 'https://item.taobao.com/item.htm?id=7001&spm=x');
    if ('error' in item) throw new Error(item.error);
    expect(item).toMatchObject({
      site: 'taobao',
      title: '北欧陶瓷马克杯带盖勺 情侣水杯',
      price: '39.90',
      currency: 'CNY',
    });
    expect(item.pictures).toEqual([
      'https://img.alicdn.com/imgextra/i1/2200/O1CN01mug1_!!2200.jpg',
      'https://img.alicdn.com/imgextra/i2/2200/O1CN01mug2_!!2200.jpg',
      'https://img.alicdn.com/imgextra/i3/2200/O1CN01mug3_!!2200.jpg',
    ]);
    expect(item.attributes).toEqual([
      { name: '品牌', value: 'MUGLIFE' },
      { name: '材质', value: '陶瓷' },
      { name: '风格', value: '北欧' },
    ]);
    expect(item.variations).toHaveLength(4);
    expect(item.variations[1]).toEqual({
      values: { 颜色分类: '奶油白', 容量: '450ml' },
      picture: 'https://img.alicdn.com/imgextra/i4/2200/O1CN01white_!!2200.jpg',
    });
    const tmall = extractPage(load('taobao-item.html'), 'https://detail.tmall.com/item.htm?id=7001');
    expect(tmall).toMatchObject({ site: 'tmall' });
  });

  it('Tmall: ICE page state (wrapper script) gives each SKU its own price and stock, and the description pictures', () => {
    const item = extractPage(load('tmall-item.html'), 'https://detail.tmall.com/item.htm?id=7302&skuId=5001');
    if ('error' in item) throw new Error(item.error);
    // The state's price (优惠前, the SKUs' price basis) wins over the rendered 券后 price.
    expect(item).toMatchObject({
      site: 'tmall',
      title: '纯棉短袖T恤男夏季宽松圆领半袖',
      price: '69.00',
      currency: 'CNY',
    });
    expect(item.pictures).toEqual([
      'https://img.alicdn.com/imgextra/i1/3300/O1CN01tee1_!!3300.jpg',
      'https://img.alicdn.com/imgextra/i2/3300/O1CN01tee2_!!3300.jpg',
    ]);
    expect(item.attributes).toEqual([
      { name: '品牌', value: '某某' },
      { name: '面料', value: '棉 95%' },
      { name: '领型', value: '圆领' },
    ]);
    const white = 'https://img.alicdn.com/imgextra/i3/3300/O1CN01white_!!3300.jpg';
    const black = 'https://img.alicdn.com/imgextra/i4/3300/O1CN01black_!!3300.jpg';
    expect(item.variations).toEqual([
      { values: { 颜色分类: '白色', 尺码: 'M' }, price: '69.00', stock: 200, picture: white },
      { values: { 颜色分类: '白色', 尺码: 'XL' }, price: '79.00', stock: 150, picture: white },
      // Only the amount in fen on the page: read as yuan without floating point.
      { values: { 颜色分类: '黑色', 尺码: 'M' }, price: '71.00', stock: 160, picture: black },
      { values: { 颜色分类: '黑色', 尺码: 'XL' }, price: '79.00', stock: 0, picture: black },
    ]);
    // Lazy (data-src) and loaded pictures, size suffix dropped; the placeholder and a main picture are not repeated.
    expect(item.description_pictures).toEqual([
      'https://img.alicdn.com/imgextra/i1/3300/O1CN01desc1_!!3300.jpg',
      'https://img.alicdn.com/imgextra/i2/3300/O1CN01desc2_!!3300.jpg',
    ]);
  });

  it('Taobao state: plain assignment, price only in fen, no description', () => {
    const res = {
      item: { title: '测试', images: ['https://img.alicdn.com/a.jpg'] },
      skuCore: { sku2info: { '0': { price: { priceMoney: '5' } } } },
    };
    const html = `<html><head><script>window.__ICE_APP_CONTEXT__ = ${JSON.stringify({ loaderData: { home: { data: { res } } } })};</script></head><body><div class="desc-root"></div></body></html>`;
    const item = extractPage(
      new DOMParser().parseFromString(html, 'text/html'),
      'https://item.taobao.com/item.htm?id=1',
    );
    expect(item).toEqual({
      url: 'https://item.taobao.com/item.htm?id=1',
      site: 'taobao',
      title: '测试',
      price: '0.05',
      currency: 'CNY',
      pictures: ['https://img.alicdn.com/a.jpg'],
      attributes: [],
      variations: [],
    });
  });

  it('description pictures only fill what main and variation pictures leave of the 40-picture budget', () => {
    const pic = (n: string) => `https://img.alicdn.com/${n}.jpg`;
    const item = finish({
      url: 'https://item.taobao.com/item.htm?id=1',
      site: 'taobao',
      title: 't',
      price: '1',
      currency: 'CNY',
      pictures: Array.from({ length: 20 }, (_, i) => pic(`m${i}`)),
      attributes: [],
      variations: Array.from({ length: 15 }, (_, i) => ({
        values: { 颜色: `c${i}` },
        picture: pic(`v${i}`),
        stock: -1,
      })),
      description_pictures: [pic('m0'), ...Array.from({ length: 20 }, (_, i) => pic(`d${i}`))],
    });
    expect(item.description_pictures).toEqual([0, 1, 2, 3, 4].map((i) => pic(`d${i}`)));
    expect(item.variations[0]).toEqual({ values: { 颜色: 'c0' }, picture: pic('v0') });
  });

  it('AliExpress: runParams with prices per SKU keyed by value ids', () => {
    const item = extractPage(load('aliexpress-item.html'), 'https://www.aliexpress.com/item/1005006.html');
    if ('error' in item) throw new Error(item.error);
    expect(item).toMatchObject({
      site: 'aliexpress',
      title: 'Wireless Earbuds Bluetooth 5.3 Headphones with Charging Case',
      price: '12.99',
      currency: 'USD',
    });
    expect(item.pictures).toHaveLength(2);
    expect(item.attributes).toContainEqual({ name: 'Bluetooth Version', value: '5.3' });
    expect(item.variations).toEqual([
      {
        values: { Color: 'Black', 'Ships From': 'CHINA' },
        price: '12.99',
        picture: 'https://ae01.alicdn.com/kf/Sblack.jpg',
      },
      {
        values: { Color: 'White', 'Ships From': 'CHINA' },
        price: '15.49',
        picture: 'https://ae01.alicdn.com/kf/Swhite.jpg',
      },
    ]);
  });

  it('Amazon: title, buy box price, largest picture, overview/tech/bullets, colour twister', () => {
    const item = extractPage(load('amazon-dp.html'), 'https://www.amazon.com/HydroPeak-Insulated/dp/B0TESTBLK1?th=1');
    if ('error' in item) throw new Error(item.error);
    expect(item).toMatchObject({
      site: 'amazon',
      title: 'Insulated Water Bottle 32 oz, Stainless Steel Double Wall Vacuum Flask',
      price: '24.99',
      currency: 'USD',
    });
    expect(item.pictures).toEqual([
      'https://m.media-amazon.com/images/I/61abcMain._AC_SL1500_.jpg',
      'https://m.media-amazon.com/images/I/61abcMain.jpg',
      'https://m.media-amazon.com/images/I/71defSide.jpg',
    ]);
    expect(item.attributes.slice(0, 4)).toEqual([
      { name: 'Brand', value: 'HydroPeak' },
      { name: 'Capacity', value: '32 Fluid Ounces' },
      { name: 'Material', value: 'Stainless Steel' },
      { name: 'Item Weight', value: '14.4 ounces' },
    ]);
    expect(item.attributes).toContainEqual({ name: 'Feature 2', value: 'Leak-proof lid with carry handle' });
    expect(item.variations).toEqual([
      { values: { Color: 'Black' }, price: '24.99', picture: 'https://m.media-amazon.com/images/I/41black.jpg' },
      { values: { Color: 'Ocean Blue' }, price: '26.99', picture: 'https://m.media-amazon.com/images/I/41blue.jpg' },
    ]);
    const de = extractPage(load('amazon-dp.html'), 'https://www.amazon.de/dp/B0TESTBLK1');
    expect(de).toMatchObject({ currency: 'EUR' });
  });

  it('says what is wrong on a page that is not a product or not a supported site', () => {
    const empty = new DOMParser().parseFromString('<html><body><p>首页</p></body></html>', 'text/html');
    expect(extractPage(empty, 'https://detail.1688.com/offer/1.html')).toEqual({
      error: '未识别到商品标题,请在商品详情页采集',
    });
    expect(extractPage(empty, 'https://www.ebay.com/itm/1')).toEqual({ error: '当前网站不支持采集' });
  });
});
