import type { SensitiveHit } from '@console/shared/schemas/goods';
import { escapeRegExp } from '../../lib/regexp.js';

/** A sensitive word of the library: its language key or `all`. */
export interface SensitiveWord {
  lang: string;
  word: string;
}

/** One text of a product to check: language key, field name (title, bullet_points.2 ...) and the text. */
export interface TextToCheck {
  lang: string;
  field: string;
  text: string;
}

/** Scripts written without spaces between words: a word there matches anywhere (substring). */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;

/**
 * The pattern of one word: case-insensitive; in spaced scripts (Latin, Cyrillic, Arabic ...)
 * only whole words match, so "ban" does not hit "banana"; in CJK any occurrence matches.
 */
export function wordPattern(word: string): RegExp {
  const body = escapeRegExp(word);
  if (UNSPACED.test(word)) return new RegExp(body, 'giu');
  const before = WORD_CHAR.test(word[0] ?? '') ? '(?<![\\p{L}\\p{N}\\p{M}_])' : '';
  const after = WORD_CHAR.test(word.at(-1) ?? '') ? '(?![\\p{L}\\p{N}\\p{M}_])' : '';
  return new RegExp(`${before}${body}${after}`, 'giu');
}

/**
 * Every occurrence of the words in the texts. A word applies to texts of its language, and
 * `all` words to every text. `start`/`end` are JS string indices (end exclusive), what the
 * editor needs to highlight. Sorted by text order, then position.
 */
export function matchSensitiveWords(words: readonly SensitiveWord[], texts: readonly TextToCheck[]): SensitiveHit[] {
  const patterns = new Map<string, RegExp>();
  const hits: SensitiveHit[] = [];
  texts.forEach((t) => {
    if (!t.text) return;
    const lower = t.text.toLowerCase();
    for (const w of words) {
      if (w.lang !== 'all' && w.lang !== t.lang) continue;
      // Cheap filter before the regular expression.
      if (!lower.includes(w.word.toLowerCase())) continue;
      let re = patterns.get(w.word);
      if (!re) {
        re = wordPattern(w.word);
        patterns.set(w.word, re);
      }
      re.lastIndex = 0;
      for (const m of t.text.matchAll(re)) {
        hits.push({ lang: t.lang, field: t.field, word: w.word, start: m.index, end: m.index + m[0].length });
      }
    }
  });
  const order = new Map(texts.map((t, i) => [`${t.lang}\u0000${t.field}`, i]));
  return hits.sort(
    (a, b) =>
      (order.get(`${a.lang}\u0000${a.field}`) ?? 0) - (order.get(`${b.lang}\u0000${b.field}`) ?? 0) ||
      a.start - b.start ||
      b.end - a.end,
  );
}
