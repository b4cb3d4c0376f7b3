import { describe, expect, it } from 'vitest';
import { toFen, yuanRule } from '../features/member/components/money';
import { watchBandInvalid } from '../features/monitor/monitor-asin/components/monitor-watch-fields';
import {
  minorUnitsInputError,
  moneyInputError,
  moneyInputRule,
  moneyInputText,
  moneyTextRule,
  readMinorUnitsInput,
  readMoneyInput,
} from './money-input';

/**
 * Issue 27 §5b on the screen: every amount a person types is read by the shared parser, so the
 * form shows 金额格式不正确 before anything is sent, and "10,50" is never 1,050.
 */
const BAD = ['10,50', '1,0000', '1,,000', ',5', '5,'];

describe('typed amounts on the screen', () => {
  it('reads a comma only as a grouped thousands separator', () => {
    expect(readMoneyInput('1,000.50')).toBe(1000.5);
    expect(readMoneyInput('1000')).toBe(1000);
    expect(readMoneyInput('12.5')).toBe(12.5);
    expect(readMoneyInput('1,980', 'JPY')).toBe(1980);
    for (const bad of BAD) {
      expect(readMoneyInput(bad), bad).toBeNaN();
      expect(moneyInputError(bad), bad).toBe('金额格式不正确');
    }
    expect(moneyInputError('1.234')).toBe('金额最多2位小数');
    expect(moneyInputError('-1')).toBe('金额不能为负数');
    expect(moneyInputError('')).toBeNull();
    expect(moneyInputText(12.5)).toBe('12.50');
    expect(moneyInputText(null)).toBe('');
    expect(moneyInputText(Number.NaN)).toBe('');
  });

  it('the form rules refuse what the parser refuses, with its message', async () => {
    await expect(moneyInputRule.validator(null, Number.NaN)).rejects.toThrow('金额格式不正确');
    await expect(moneyInputRule.validator(null, 12.5)).resolves.toBeUndefined();
    await expect(moneyInputRule.validator(null, null)).resolves.toBeUndefined();
    const text = moneyTextRule();
    await expect(text.validator(null, '1,000.50')).resolves.toBeUndefined();
    await expect(text.validator(null, '')).resolves.toBeUndefined();
    for (const bad of BAD) await expect(text.validator(null, bad), bad).rejects.toThrow('金额格式不正确');
  });

  it('top-ups, deposits, adjustments and compensation (yuanRule, toFen) refuse "10,50"', async () => {
    for (const bad of BAD) {
      await expect(yuanRule.validator(null, bad), bad).rejects.toThrow('金额格式不正确');
      expect(() => toFen(bad), bad).toThrow('金额格式不正确');
    }
    await expect(yuanRule.validator(null, '1,000.50')).resolves.toBeUndefined();
    expect(toFen('1,000.50')).toBe(100_050);
  });
});

describe('amounts typed in minor units (monitor price band, follow rule 固定金额(分))', () => {
  it('reads whole minor units with the same comma rule', () => {
    expect(readMinorUnitsInput('1,299')).toBe(1299);
    expect(readMinorUnitsInput('1299')).toBe(1299);
    for (const bad of BAD) {
      expect(readMinorUnitsInput(bad), bad).toBeNaN();
      expect(minorUnitsInputError(bad), bad).toBe('金额格式不正确');
    }
    expect(minorUnitsInputError('12.5')).toBe('请输入整数(最小货币单位,如分)');
    expect(minorUnitsInputError('')).toBeNull();
  });

  it('a band typed as "10,50" blocks the monitor dialogs instead of being saved as 1050 or as no band', () => {
    const watch = { priority: 2, own_brand: false, band_min: 100, band_max: readMinorUnitsInput('10,50') };
    expect(watchBandInvalid(watch)).toBe(true);
    expect(watchBandInvalid({ ...watch, band_max: readMinorUnitsInput('1,050') })).toBe(false);
    expect(watchBandInvalid({ ...watch, band_max: null })).toBe(false);
  });
});
