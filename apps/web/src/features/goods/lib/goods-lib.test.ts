import { toPinyin } from '@console/shared/sku-pinyin';
import { describe, expect, it } from 'vitest';
import { highlightParts, listingCounters } from './counters';
import { countryDigits, fenToYuan, formatMoney, majorToMinor, minorToMajor, yuanToFen } from './money';
import {
  bulkFill,
  cartesian,
  dropChildImage,
  generateVariations,
  MAX_CHILD_IMAGES,
  shareImagesByValue,
  toggleChildImage,
  type VariationRow,
  valuesFromRows,
} from './variations';

describe('money', () => {
  it('converts minor and major units per currency digits without float error', () => {
    expect(minorToMajor(1999, 2)).toBe('19.99');
    expect(minorToMajor(5, 2)).toBe('0.05');
    expect(minorToMajor(1200, 0)).toBe('1200');
    expect(minorToMajor(null, 2)).toBe('');
    expect(majorToMinor('19.99', 2)).toBe(1999);
    expect(majorToMinor('0.1', 2)).toBe(10);
    expect(majorToMinor('1,299', 0)).toBe(1299);
    expect(majorToMinor('', 2)).toBeNull();
    expect(majorToMinor('1.999', 2)).toBeNaN();
    expect(majorToMinor('1.5', 0)).toBeNaN();
    expect(majorToMinor('abc', 2)).toBeNaN();
    expect(majorToMinor('4.35', 2)).toBe(435);
  });
  it('knows JPY has no minor unit', () => {
    expect(countryDigits('ja')).toBe(0);
    expect(countryDigits('us')).toBe(2);
  });
  it('enters cost in yuan, sends fen', () => {
    expect(yuanToFen(12.34)).toBe(1234);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen(null)).toBe(0);
    expect(fenToYuan(1234)).toBe(12.34);
    expect(formatMoney(1999, 'USD')).toBe('19.99 USD');
    expect(formatMoney(undefined, 'USD')).toBe('-');
  });
});

describe('variations', () => {
  it('builds the cartesian product of values', () => {
    expect(
      cartesian([
        ['红', '蓝'],
        ['S', 'M'],
      ]),
    ).toEqual([
      ['红', 'S'],
      ['红', 'M'],
      ['蓝', 'S'],
      ['蓝', 'M'],
    ]);
    expect(cartesian([])).toEqual([[]]);
  });
  it('names child SKUs after the parent and the values, in ASCII (the shared rule, issue 13 §1)', () => {
    expect(generateVariations('ABC', ['c', 's'], [['Dark Red'], ['XL']]).map((r) => r.sku)).toEqual(['ABC-DarkRed-XL']);
    expect(generateVariations('HOME-BOX-001', ['颜色'], [['红色']], [], toPinyin).map((r) => r.sku)).toEqual([
      'HOME-BOX-001-HONGSE',
    ]);
  });
  it('generates rows and keeps input of rows that still exist', () => {
    const first = generateVariations('P', ['颜色'], [['红', '蓝']], [], toPinyin);
    expect(first.map((r) => r.sku)).toEqual(['P-HONG', 'P-LAN']);
    const edited = bulkFill(first, { price: 1000, quantity: 7 }).map((r, i) => (i === 0 ? { ...r, ean: '123' } : r));
    const again = generateVariations('P', ['颜色', '尺码'], [['红', '蓝'], ['S']], edited);
    expect(again).toHaveLength(2);
    const kept = generateVariations('P', ['颜色'], [['红', '绿', '红']], edited, toPinyin);
    expect(kept.map((r) => r.sku)).toEqual(['P-HONG', 'P-LV']);
    expect(kept[0]).toMatchObject({ price: 1000, quantity: 7, ean: '123' });
    expect(kept[1]?.price).toBeUndefined();
  });
  it('makes nothing while an attribute has no values, and 60 rows quickly', () => {
    expect(generateVariations('P', ['颜色', '尺码'], [['红'], []])).toEqual([]);
    const rows = generateVariations(
      'P',
      ['a', 'b', 'c'],
      [
        ['1', '2', '3'],
        ['x', 'y', 'z', 'w'],
        ['m', 'n', 'o', 'p', 'q'],
      ],
    );
    expect(rows).toHaveLength(60);
    expect(valuesFromRows(['a'], rows)).toEqual([['1', '2', '3']]);
  });
});

describe('counters', () => {
  it('counts title chars, bullets, search-term bytes and description chars against the limits', () => {
    const c = listingCounters({
      title: 'x'.repeat(201),
      bullet_points: ['a', '', 'b'],
      search_terms: '中'.repeat(84),
      product_description: 'ok',
    });
    expect(c.title).toEqual({ value: 201, limit: 200, over: true });
    expect(c.bulletCount.value).toBe(2);
    expect(c.searchTerms).toEqual({ value: 252, limit: 249, over: true });
    expect(c.description.over).toBe(false);
  });
  it('splits text at sensitive hits', () => {
    expect(highlightParts('buy nike now', [{ start: 4, end: 8 }])).toEqual([
      { text: 'buy ', hit: false },
      { text: 'nike', hit: true },
      { text: ' now', hit: false },
    ]);
  });
});

describe('variation images', () => {
  const row = (color: string, size: string, images: string[] = []): VariationRow => ({
    sku: `${color}-${size}`,
    values: { color, size },
    images,
  });

  it('toggles an image in a child, keeping the order of picking and the limit', () => {
    expect(toggleChildImage([], '/a.jpg')).toEqual(['/a.jpg']);
    expect(toggleChildImage(['/a.jpg'], '/b.jpg')).toEqual(['/a.jpg', '/b.jpg']);
    expect(toggleChildImage(['/a.jpg', '/b.jpg'], '/a.jpg')).toEqual(['/b.jpg']);
    const full = Array.from({ length: MAX_CHILD_IMAGES }, (_, i) => `/${i}.jpg`);
    expect(toggleChildImage(full, '/x.jpg')).toEqual(full);
  });

  it('shares one row’s images with the rows of the same attribute value only', () => {
    const rows = [row('Red', 'S', ['/red.jpg']), row('Red', 'M'), row('Blue', 'S', ['/blue.jpg']), row('Red', 'L')];
    const shared = shareImagesByValue(rows, 0, 'color');
    expect(shared.map((r) => r.images)).toEqual([['/red.jpg'], ['/red.jpg'], ['/blue.jpg'], ['/red.jpg']]);
    expect(shared[2]).toBe(rows[2]);
    expect(shareImagesByValue(rows, 9, 'color')).toEqual(rows);
  });

  it('drops a removed product image from every row', () => {
    const rows = [row('Red', 'S', ['/a.jpg', '/b.jpg']), row('Blue', 'S', ['/c.jpg'])];
    const dropped = dropChildImage(rows, '/a.jpg');
    expect(dropped.map((r) => r.images)).toEqual([['/b.jpg'], ['/c.jpg']]);
    expect(dropped[1]).toBe(rows[1]);
  });
});
