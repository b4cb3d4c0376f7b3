import { describe, expect, it } from 'vitest';
import { toFen, yuanRule } from '../features/member/components/money';
import { moneyInputError, moneyInputRule, moneyInputText, moneyTextRule, readMoneyInput } from './money-input';

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
