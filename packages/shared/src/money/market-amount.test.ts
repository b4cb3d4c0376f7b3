import { describe, expect, it } from 'vitest';
import {
  MARKET_AMOUNT_MAX,
  marketAmountFromNumber,
  marketAmountIn,
  marketAmountToNumber,
  roundedMarketCurrencies,
} from './market-amount.js';
import { toDecimalString, unitsFromNumber, unitsToText } from './money.js';

describe('market amounts (one amount in every marketplace currency)', () => {
  it('is that many minor units in a two-digit currency', () => {
    expect(marketAmountIn(150, 'GBP')).toBe(150);
    expect(marketAmountIn(1, 'EUR')).toBe(1);
    expect(marketAmountIn(0, 'USD')).toBe(0);
    expect(toDecimalString(marketAmountIn(199, 'GBP'), 'GBP')).toBe('1.99');
  });

  it('rounds up to whole yen, so a positive amount never vanishes', () => {
    expect(marketAmountIn(1, 'JPY')).toBe(1);
    expect(marketAmountIn(99, 'JPY')).toBe(1);
    expect(marketAmountIn(100, 'JPY')).toBe(1);
    expect(marketAmountIn(101, 'JPY')).toBe(2);
    expect(marketAmountIn(150, 'JPY')).toBe(2);
    expect(marketAmountIn(1000, 'JPY')).toBe(10);
    expect(marketAmountIn(0, 'JPY')).toBe(0);
    expect(marketAmountIn(MARKET_AMOUNT_MAX, 'JPY')).toBe(100_000);
    expect(toDecimalString(marketAmountIn(150, 'JPY'), 'JPY')).toBe('2');
  });

  it('names the currencies it rounds in', () => {
    expect(roundedMarketCurrencies()).toEqual(['JPY']);
  });

  it('refuses a fractional amount (a programming error)', () => {
    expect(() => marketAmountIn(1.5, 'JPY')).toThrow(RangeError);
  });

  it('reads and shows the input control number exactly', () => {
    expect(marketAmountFromNumber(1.5)).toBe(150);
    expect(marketAmountFromNumber(0.29)).toBe(29);
    expect(marketAmountFromNumber(1.005)).toBe(101);
    expect(marketAmountFromNumber(null)).toBeNull();
    expect(marketAmountToNumber(150)).toBe(1.5);
    expect(marketAmountToNumber(29)).toBe(0.29);
  });

  it('writes and reads counts of any digits', () => {
    expect(unitsToText(5, 2)).toBe('0.05');
    expect(unitsToText(-150, 2)).toBe('-1.50');
    expect(unitsToText(1980, 0)).toBe('1980');
    expect(unitsToText(1, 3)).toBe('0.001');
    expect(unitsFromNumber(19.99, 2)).toBe(1999);
    expect(unitsFromNumber(1980.4, 0)).toBe(1980);
    expect(unitsFromNumber(1980.5, 0)).toBe(1981);
  });
});
