import { describe, expect, it } from 'vitest';
import { CURRENCIES, currencyDigits } from './currencies.js';
import { convertMoney, type ExchangeRates, exchangeRatesSchema, rateMicros } from './exchange.js';
import {
  formatMoney,
  isMinor,
  type Minor,
  minor,
  moneyFromNumber,
  moneyToNumber,
  parseMinorUnits,
  parseMoney,
  toDecimalString,
} from './money.js';
import { type SellingPriceInput, sellingPrice } from './pricing.js';

const m = (n: number) => minor(n);

describe('currencies', () => {
  it('knows the minor-unit digits (JPY 0, the rest 2, unknown 2)', () => {
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('CNY')).toBe(2);
    expect(currencyDigits('XXX')).toBe(2);
    expect(Object.entries(CURRENCIES).filter(([, c]) => c.digits === 0)).toEqual([['JPY', CURRENCIES.JPY]]);
  });
});

describe('minor units', () => {
  it('brands safe integers only', () => {
    expect(isMinor(1999)).toBe(true);
    expect(isMinor(-5)).toBe(true);
    expect(isMinor(19.99)).toBe(false);
    expect(isMinor(Number.NaN)).toBe(false);
    expect(isMinor(2 ** 53)).toBe(false);
    expect(isMinor('1999')).toBe(false);
    expect(() => minor(0.1)).toThrow(RangeError);
  });
});

describe('format', () => {
  it('writes major units with the currency digits, never through a float', () => {
    expect(toDecimalString(m(1999), 'USD')).toBe('19.99');
    expect(toDecimalString(m(5), 'EUR')).toBe('0.05');
    expect(toDecimalString(m(0), 'GBP')).toBe('0.00');
    expect(toDecimalString(m(-1250), 'CNY')).toBe('-12.50');
    expect(toDecimalString(m(1980), 'JPY')).toBe('1980');
    expect(toDecimalString(m(Number.MAX_SAFE_INTEGER), 'USD')).toBe('90071992547409.91');
    expect(formatMoney(m(1299), 'USD')).toBe('12.99 USD');
    expect(formatMoney(m(1500), 'JPY')).toBe('1500 JPY');
  });
});

describe('parse', () => {
  const ok = (text: string, currency: string) => {
    const r = parseMoney(text, currency);
    if (!r.ok) throw new Error(r.error);
    return r.value;
  };
  const error = (text: string, currency: string, options = {}) => {
    const r = parseMoney(text, currency, options);
    return r.ok ? `ok ${r.value}` : r.error;
  };

  it('reads user text exactly', () => {
    expect(ok('19.99', 'USD')).toBe(1999);
    expect(ok('4.35', 'USD')).toBe(435);
    expect(ok('0.1', 'EUR')).toBe(10);
    expect(ok(' 12. ', 'GBP')).toBe(1200);
    expect(ok('1,299', 'JPY')).toBe(1299);
    expect(ok('1，299.5', 'CNY')).toBe(129950);
    expect(ok('007', 'USD')).toBe(700);
  });

  it('refuses bad input with a Chinese message', () => {
    expect(error('', 'USD')).toBe('请输入金额');
    expect(error('  ', 'USD')).toBe('请输入金额');
    expect(error('abc', 'USD')).toBe('金额格式不正确');
    expect(error('1e3', 'USD')).toBe('金额格式不正确');
    expect(error('.5', 'USD')).toBe('金额格式不正确');
    expect(error('+5', 'USD')).toBe('金额格式不正确');
    expect(error('1.2.3', 'USD')).toBe('金额格式不正确');
    expect(error('-5', 'USD')).toBe('金额不能为负数');
    expect(error('1.999', 'USD')).toBe('金额最多2位小数');
    expect(error('1.5', 'JPY')).toBe('JPY金额不能有小数');
    expect(error('90071992547409.92', 'USD')).toBe('金额过大');
    expect(error('-5.10', 'USD', { allowNegative: true })).toBe('ok -510');
  });

  it('reads a comma only as a correctly grouped thousands separator (issue 27 §5b)', () => {
    expect(ok('1,000.50', 'CNY')).toBe(100050);
    expect(ok('1000', 'CNY')).toBe(100000);
    expect(ok('12,345,678', 'CNY')).toBe(1234567800);
    expect(ok('999,999', 'JPY')).toBe(999999);
    expect(ok('1，000', 'CNY')).toBe(100000);
    expect(error('-1,000.5', 'CNY', { allowNegative: true })).toBe('ok -100050');
    // A decimal comma, a wrong group, doubled, leading or trailing separators are never dropped silently.
    for (const bad of [
      '10,50',
      '1,0000',
      '1,,000',
      ',100',
      '100,',
      '1,00',
      '12,34,567',
      '0,100',
      '1,000.5,0',
      '1.000,50',
    ]) {
      expect(error(bad, 'CNY'), bad).toBe('金额格式不正确');
    }
    expect(error('1,000.505', 'CNY')).toBe('金额最多2位小数');
    expect(error('1,000.5', 'JPY')).toBe('JPY金额不能有小数');
    expect(error('-1,000', 'CNY')).toBe('金额不能为负数');
  });

  it('rounds extra digits half away from zero only when asked', () => {
    expect(error('1.005', 'USD', { round: true })).toBe('ok 101');
    expect(error('1.004', 'USD', { round: true })).toBe('ok 100');
    expect(error('1.995', 'USD', { round: true })).toBe('ok 200');
    expect(error('-1.005', 'USD', { round: true, allowNegative: true })).toBe('ok -101');
    expect(error('1499.5', 'JPY', { round: true })).toBe('ok 1500');
  });

  it('reads input-control numbers through their decimal text', () => {
    expect(moneyFromNumber(12.34, 'CNY')).toBe(1234);
    expect(moneyFromNumber(0.29, 'CNY')).toBe(29);
    // 1.005 * 100 is 100.49999999999999 in floats; the decimal text rounds as a person does.
    expect(moneyFromNumber(1.005, 'CNY')).toBe(101);
    expect(moneyFromNumber(1e-7, 'CNY')).toBe(0);
    expect(moneyFromNumber(1e21, 'CNY')).toBeNull();
    expect(moneyFromNumber(Number.NaN, 'CNY')).toBeNull();
    expect(moneyFromNumber(null, 'CNY')).toBeNull();
    expect(moneyToNumber(m(1250), 'CNY')).toBe(12.5);
    expect(moneyToNumber(m(1980), 'JPY')).toBe(1980);
  });
});

describe('convert with dated rates', () => {
  const rates: ExchangeRates = { as_of: '2025-10-23', rates: { USD: '7.1226', JPY: '0.0468', EUR: '8.2712' } };

  it('goes through the yuan with one rounding, half away from zero', () => {
    // 100.00 USD = 712.26 CNY
    expect(convertMoney(m(10000), 'USD', 'CNY', rates)).toBe(71226);
    // 712.26 CNY = 100.00 USD
    expect(convertMoney(m(71226), 'CNY', 'USD', rates)).toBe(10000);
    // 10.00 USD = 71.226 CNY = 1521.92... JPY -> 1522
    expect(convertMoney(m(1000), 'USD', 'JPY', rates)).toBe(1522);
    // 1522 JPY = 71.2296 CNY = 10.0005... USD -> 10.00
    expect(convertMoney(m(1522), 'JPY', 'USD', rates)).toBe(1000);
    // 0.01 CNY = 0.00140... USD -> 0.00; 0.01 USD = 0.071226 CNY -> 0.07
    expect(convertMoney(m(1), 'CNY', 'USD', rates)).toBe(0);
    expect(convertMoney(m(1), 'USD', 'CNY', rates)).toBe(7);
    // half away from zero: 0.5 fen up, -0.5 fen down
    const half: ExchangeRates = { as_of: '2025-01-01', rates: { USD: '0.5' } };
    expect(convertMoney(m(1), 'USD', 'CNY', half)).toBe(1);
    expect(convertMoney(m(-1), 'USD', 'CNY', half)).toBe(-1);
    expect(convertMoney(m(3), 'USD', 'CNY', half)).toBe(2);
  });

  it('keeps an amount in its own currency and names a missing rate', () => {
    expect(convertMoney(m(123), 'GBP', 'GBP', rates)).toBe(123);
    expect(() => convertMoney(m(100), 'GBP', 'USD', rates)).toThrow('缺少GBP的汇率(汇率日期 2025-10-23)');
  });

  it('reads rates exactly and validates a rates file', () => {
    expect(rateMicros('7.1226')).toBe(7_122_600n);
    expect(rateMicros('0.000001')).toBe(1n);
    expect(() => rateMicros('0')).toThrow(RangeError);
    expect(() => rateMicros('1.1234567')).toThrow(RangeError);
    expect(exchangeRatesSchema.safeParse(rates).success).toBe(true);
    const bad = exchangeRatesSchema.safeParse({ as_of: '23.10.2025', rates: { USD: '7,1' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['汇率日期格式应为YYYY-MM-DD', '汇率格式不正确']);
    expect(
      exchangeRatesSchema.safeParse({ as_of: '2025-10-23', rates: { USD: '0.000' } }).error?.issues[0]?.message,
    ).toBe('汇率必须大于0');
  });
});

describe('selling price', () => {
  const base: SellingPriceInput = {
    currency: 'USD',
    rate: '7.1',
    marginPercent: 30,
    shippingFen: 1500,
    rounding: 'none',
  };
  const price = (cost: number, over: Partial<SellingPriceInput>): Minor => sellingPrice(cost, { ...base, ...over });

  it('is (cost + shipping) x (1 + margin) / rate, then the rounding rule', () => {
    expect(price(5000, {})).toBe(1190);
    expect(price(5000, { rounding: 'up99' })).toBe(1199);
    expect(price(5000, { rounding: 'upInt' })).toBe(1200);
    expect(price(5000, { currency: 'JPY', rate: '0.0472' })).toBe(1790);
    expect(price(5000, { currency: 'JPY', rate: '0.0472', rounding: 'up99' })).toBe(1799);
    expect(price(5000, { currency: 'JPY', rate: '0.0472', rounding: 'upInt' })).toBe(1790);
  });

  it('refuses amounts that are not minor units', () => {
    expect(() => price(50.5, {})).toThrow(RangeError);
  });
});

describe('parseMinorUnits (whole minor units typed by a person)', () => {
  it('reads grouped and plain whole numbers exactly', () => {
    expect(parseMinorUnits('1299')).toEqual({ ok: true, value: 1299 });
    expect(parseMinorUnits(' 1,299 ')).toEqual({ ok: true, value: 1299 });
    expect(parseMinorUnits('12,345,678')).toEqual({ ok: true, value: 12_345_678 });
  });

  it('refuses a comma that is no thousands separator, a fraction and a minus', () => {
    for (const bad of ['10,50', '1,0000', '1,,000', ',100']) {
      expect(parseMinorUnits(bad), bad).toEqual({ ok: false, error: '金额格式不正确' });
    }
    expect(parseMinorUnits('12.5')).toEqual({ ok: false, error: '请输入整数(最小货币单位,如分)' });
    expect(parseMinorUnits('-5')).toEqual({ ok: false, error: '金额不能为负数' });
  });
});
