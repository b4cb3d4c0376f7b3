import { describe, expect, it } from 'vitest';
import { bpToPercent, percentToBp, ruleAmountFromNumber, ruleAmountIn, ruleAmountToNumber } from './follow-units';

describe('follow price rule units', () => {
  it('converts amounts with two decimals to and from the rule amount without float drift', () => {
    expect(ruleAmountToNumber(199)).toBe(1.99);
    expect(ruleAmountToNumber(1)).toBe(0.01);
    expect(ruleAmountFromNumber(1.99)).toBe(199);
    expect(ruleAmountFromNumber(0.29)).toBe(29);
    expect(ruleAmountFromNumber(1.005)).toBe(101);
    expect(ruleAmountFromNumber(0)).toBe(0);
    for (const m of [0, 1, 7, 29, 57, 1005, 99_999, 10_000_000])
      expect(ruleAmountFromNumber(ruleAmountToNumber(m))).toBe(m);
  });

  it("shows the amount in each currency's minor unit (whole yen, rounded up)", () => {
    expect(ruleAmountIn(150, 'GBP')).toBe('1.50 GBP');
    expect(ruleAmountIn(150, 'JPY')).toBe('2 JPY');
    expect(ruleAmountIn(1, 'JPY')).toBe('1 JPY');
    expect(ruleAmountIn(1000, 'JPY')).toBe('10 JPY');
  });

  it('converts percents to and from basis points (‱)', () => {
    expect(bpToPercent(1250)).toBe(12.5);
    expect(bpToPercent(1)).toBe(0.01);
    expect(percentToBp(12.5)).toBe(1250);
    expect(percentToBp(0.57)).toBe(57);
    expect(percentToBp(20)).toBe(2000);
    for (const bp of [0, 1, 3, 57, 999, 2000, 100_000]) expect(percentToBp(bpToPercent(bp))).toBe(bp);
  });
});
