import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight-hits';

describe('highlightSegments', () => {
  it('splits a text around hits given by offsets', () => {
    const text = 'Best NIKE-style shoe, nike!';
    const segs = highlightSegments(text, [
      { word: 'nike', start: 22, end: 26 },
      { word: 'nike', start: 5, end: 9 },
    ]);
    expect(segs).toEqual([
      { text: 'Best ', start: 0 },
      { text: 'NIKE', word: 'nike', start: 5 },
      { text: '-style shoe, ', start: 9 },
      { text: 'nike', word: 'nike', start: 22 },
      { text: '!', start: 26 },
    ]);
    expect(segs.map((s) => s.text).join('')).toBe(text);
  });

  it('merges overlapping hits and keeps the text intact', () => {
    const text = '正品耐克鞋';
    const segs = highlightSegments(text, [
      { word: '耐克', start: 2, end: 4 },
      { word: '耐克鞋', start: 2, end: 5 },
      { word: '克鞋', start: 3, end: 5 },
    ]);
    expect(segs).toEqual([
      { text: '正品', start: 0 },
      { text: '耐克鞋', word: '耐克鞋', start: 2 },
    ]);
  });

  it('handles no hits, hits at the edges and offsets past the end (UTF-16 indices)', () => {
    expect(highlightSegments('abc', [])).toEqual([{ text: 'abc', start: 0 }]);
    expect(highlightSegments('😀 gucci', [{ word: 'gucci', start: 3, end: 99 }])).toEqual([
      { text: '😀 ', start: 0 },
      { text: 'gucci', word: 'gucci', start: 3 },
    ]);
    expect(highlightSegments('', [{ word: 'x', start: 0, end: 1 }])).toEqual([]);
  });
});
