import { describe, expect, it } from 'vitest';
import { toPinyin } from './pinyin.js';
import { childSku, copySku, isAmazonSku, SKU_MAX, shortCode, skuKey, skuPart } from './sku.js';

describe('generated variation SKUs', () => {
  it('transliterate Chinese values into ASCII (issue 13: HOME-BOX-001-红色)', () => {
    expect(childSku('HOME-BOX-001', ['红色'], toPinyin)).toBe('HOME-BOX-001-HONGSE');
    expect(childSku('HOME-BOX-001', ['绿色', '大号'], toPinyin)).toBe('HOME-BOX-001-LVSE-DAHAO');
    expect(isAmazonSku(childSku('HOME-BOX-001', ['红色'], toPinyin))).toBe(true);
  });

  it('keep ASCII values as typed, without spaces; accents dropped', () => {
    expect(childSku('ABC', ['Dark Red', 'XL'])).toBe('ABC-DarkRed-XL');
    expect(skuPart('Café crème')).toBe('Cafecreme');
  });

  it('use a short code for what cannot be transliterated, and without a transliterator', () => {
    const code = skuPart('🙂');
    expect(code).toMatch(/^[0-9A-Z]{4}$/);
    expect(skuPart('红色')).toBe(shortCode('红色'));
    expect(skuPart('红色')).not.toBe(skuPart('蓝色'));
  });

  it('never exceed 40 characters and stay distinct when cut', () => {
    const a = childSku('PARENT-SKU-THAT-IS-QUITE-LONG-ALREADY', ['超大号加厚款红色'], toPinyin);
    const b = childSku('PARENT-SKU-THAT-IS-QUITE-LONG-ALREADY', ['超大号加厚款蓝色'], toPinyin);
    expect(a.length).toBe(SKU_MAX);
    expect(b.length).toBe(SKU_MAX);
    expect(a).not.toBe(b);
    expect(isAmazonSku(a)).toBe(true);
  });
});

describe('SKU comparison and copies', () => {
  it('compares trimmed and case-insensitively', () => {
    expect(skuKey(' EANTest ')).toBe(skuKey('eantest'));
  });

  it('suffixes copies within 40 characters', () => {
    expect(copySku('ABC', 2)).toBe('ABC-C2');
    expect(copySku('x'.repeat(40), 1)).toBe(`${'x'.repeat(37)}-C1`);
    expect(copySku('', 1)).toBe('');
  });

  it('tells SKUs Amazon refuses', () => {
    expect(isAmazonSku('A-1_b.2')).toBe(true);
    expect(isAmazonSku('红色')).toBe(false);
    expect(isAmazonSku('A B')).toBe(false);
    expect(isAmazonSku('x'.repeat(41))).toBe(false);
  });
});
