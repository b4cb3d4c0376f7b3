import { describe, expect, it } from 'vitest';
import { minor } from '../money/index.js';
import { creditCodeCheckChar, creditCodeError } from './credit-code.js';
import { declaredValue, hsCodeError, normalizeHsCode } from './hs-code.js';

describe('unified social credit code (GB 32100-2015)', () => {
  it('accepts codes whose check character is right', () => {
    // Published examples of real licences' codes.
    for (const code of ['91350100M000100Y43', '91110000802100433B', '91440300708461136T']) {
      expect(creditCodeError(code), code).toBeNull();
    }
  });
  it('refuses a wrong check character, length or alphabet with a Chinese message', () => {
    expect(creditCodeError('91350100M000100Y44')).toBe('统一社会信用代码校验位不正确');
    expect(creditCodeError('91350100M000100Y4')).toBe('统一社会信用代码应为18位');
    expect(creditCodeError('91350100M000100I43')).toBe('统一社会信用代码含有无效字符: I');
    expect(creditCodeError('91350100m000100y43')).toMatch(/无效字符/);
    expect(creditCodeError('91AB0100M000100Y43')).toBe('统一社会信用代码第3-8位应为行政区划码');
  });
  it('computes check 0 when the weighted sum is a multiple of 31', () => {
    const body = '91350100M000100Y4';
    expect(creditCodeCheckChar(body)).toBe('3');
    // Every valid code's check character is one character of the alphabet.
    expect(creditCodeCheckChar('00000000000000000')).toBe('0');
  });
});

describe('HS code format', () => {
  it('accepts 6, 8 and 10 digits, with dots or blanks', () => {
    expect(normalizeHsCode('8517.62.00.00')).toBe('8517620000');
    expect(normalizeHsCode(' 6109 10 ')).toBe('610910');
    for (const c of ['610910', '61091000', '8517620000', '0101210010', '9701910000']) expect(hsCodeError(c)).toBeNull();
  });
  it('refuses other lengths, letters and chapters outside 01-97 or 77', () => {
    expect(hsCodeError('6109100')).toBe('HS编码应为6位、8位或10位数字');
    expect(hsCodeError('61091A')).toMatch(/只能包含数字/);
    expect(hsCodeError('0009100000')).toMatch(/章号/);
    expect(hsCodeError('9809100000')).toMatch(/章号/);
    expect(hsCodeError('7710100000')).toMatch(/章号/);
  });
});

describe('declared value rule', () => {
  it('order amount, a percentage of it rounded once, or a fixed amount per unit in its own currency', () => {
    const base = { value_ratio: null, value_fixed: null, value_currency: null };
    expect(declaredValue({ ...base, value_rule: 'order' }, minor(1999), 'EUR', 1)).toEqual({
      value: 1999,
      currency: 'EUR',
    });
    expect(declaredValue({ ...base, value_rule: 'ratio', value_ratio: 35 }, minor(1999), 'EUR', 1)).toEqual({
      value: 700, // 699.65 -> 700
      currency: 'EUR',
    });
    expect(
      declaredValue(
        { ...base, value_rule: 'fixed', value_fixed: minor(450), value_currency: 'USD' },
        minor(1999),
        'EUR',
        3,
      ),
    ).toEqual({ value: 1350, currency: 'USD' });
  });
});
