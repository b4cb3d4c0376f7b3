import { describe, expect, it } from 'vitest';
import { filledCount, firstFilledLanguage, formToPoints, overLimit, pointsToForm } from './points-form';

describe('bullet-point form', () => {
  it('pads every editor language to 5 inputs', () => {
    const form = pointsToForm('套装', { en: ['a', 'b'] });
    expect(form.name).toBe('套装');
    expect(Object.keys(form.points)).toHaveLength(12);
    expect(form.points.en).toEqual(['a', 'b', '', '', '']);
    expect(form.points.ae).toEqual(['', '', '', '', '']);
  });

  it('sends trimmed bullets, drops empty ones and languages without any', () => {
    expect(formToPoints({ en: [' a ', '', undefined, 'b', '  '], de: ['', ''], fr: ['x'] })).toEqual({
      fr: ['x'],
      en: ['a', 'b'],
    });
  });

  it('counts filled bullets and flags a language with a bullet over 500 characters', () => {
    expect(filledCount(['a', ' ', undefined, 'b'])).toBe(2);
    expect(filledCount(undefined)).toBe(0);
    expect(overLimit(['x'.repeat(500)])).toBe(false);
    expect(overLimit(['', 'x'.repeat(501)])).toBe(true);
  });

  it('opens the first language with bullets, else English', () => {
    expect(firstFilledLanguage({ de: ['x'], fr: ['y'] })).toBe('fr');
    expect(firstFilledLanguage({ ja: [] })).toBe('en');
  });
});
