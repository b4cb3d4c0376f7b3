import { describe, expect, it } from 'vitest';
import { amountToMinor, bpToPercent, minorToAmount, percentToBp } from './follow-units';

describe('follow price rule units', () => {
  it('converts amounts with two decimals to and from minor units without float drift', () => {
    expect(minorToAmount(199)).toBe(1.99);
    expect(minorToAmount(1)).toBe(0.01);
    expect(amountToMinor(1.99)).toBe(199);
    expect(amountToMinor(0.29)).toBe(29);
    expect(amountToMinor(1.005)).toBe(101);
    expect(amountToMinor(0)).toBe(0);
    for (const m of [0, 1, 7, 29, 57, 1005, 99_999, 10_000_000]) expect(amountToMinor(minorToAmount(m))).toBe(m);
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
