import type { SensitiveHit } from '@console/shared/schemas/goods';
import { runAll, runSliced } from '../../lib/time-slice.js';

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

/** How many code points (of words or texts) are handled between two chances to yield. */
const STEP = 2048;

const foldCache = new Map<number, number>();

/**
 * The case-folded code point (as a case-insensitive Unicode regular expression compares):
 * upper then lower case, kept only when each is one code point (`ς` → `σ`, `K` → `k`, `ß` stays).
 */
function fold(cp: number): number {
  if (cp < 128) return cp >= 65 && cp <= 90 ? cp + 32 : cp;
  let f = foldCache.get(cp);
  if (f === undefined) {
    const ch = String.fromCodePoint(cp);
    const upper = ch.toUpperCase();
    const base = upper.length === ch.length || upper.codePointAt(0) === undefined ? upper : ch;
    const lower = [...base].length === 1 ? base.toLowerCase() : ch.toLowerCase();
    f = [...lower].length === 1 ? (lower.codePointAt(0) ?? cp) : cp;
    foldCache.set(cp, f);
  }
  return f;
}

/** One distinct (case-folded) word of the automaton and the library entries that share it. */
interface Pattern {
  /** Length in code points. */
  length: number;
  /** Whole-word matching at the start / end (spaced scripts, a word character there). */
  boundaryStart: boolean;
  boundaryEnd: boolean;
  entries: SensitiveWord[];
}

/**
 * An Aho–Corasick automaton of the words over case-folded code points: every text is read once,
 * whatever the number of words (the old word-by-word scan took 13 s for 5,000 words and 95 long texts).
 */
class Automaton {
  /** Transitions: key `node * 0x110000 + codePoint`. */
  private readonly edges = new Map<number, number>();
  private readonly kids: number[][] = [[]];
  private readonly fail: number[] = [0];
  /** The pattern ending at a node, or -1. */
  private readonly terminal: number[] = [-1];
  /** The nearest node on the failure chain that ends a pattern, or 0. */
  private readonly output: number[] = [0];
  readonly patterns: Pattern[] = [];

  private next(node: number, cp: number): number | undefined {
    return this.edges.get(node * 0x110000 + cp);
  }

  /** Adds the words, yielding every `STEP` code points. */
  *build(words: readonly SensitiveWord[]): Generator<void, void> {
    let work = 0;
    for (const w of words) {
      let node = 0;
      let length = 0;
      for (const ch of w.word) {
        const cp = fold(ch.codePointAt(0) ?? 0);
        length++;
        let child = this.next(node, cp);
        if (child === undefined) {
          child = this.fail.length;
          this.edges.set(node * 0x110000 + cp, child);
          this.kids[node]?.push(child);
          this.kids.push([]);
          this.fail.push(0);
          this.terminal.push(-1);
          this.output.push(0);
        }
        node = child;
      }
      if (length === 0) continue;
      let p = this.terminal[node] ?? -1;
      if (p < 0) {
        p = this.patterns.length;
        const spaced = !UNSPACED.test(w.word);
        this.patterns.push({
          length,
          boundaryStart: spaced && WORD_CHAR.test(w.word[0] ?? ''),
          boundaryEnd: spaced && WORD_CHAR.test(w.word.at(-1) ?? ''),
          entries: [],
        });
        this.terminal[node] = p;
      }
      this.patterns[p]?.entries.push(w);
      work += length;
      if (work >= STEP) {
        work = 0;
        yield;
      }
    }
    // Failure links, breadth first.
    const queue: number[] = [...(this.kids[0] ?? [])];
    const cpOf = new Map<number, number>();
    for (const [key, child] of this.edges) cpOf.set(child, key % 0x110000);
    for (let head = 0; head < queue.length; head++) {
      const u = queue[head] as number;
      for (const c of this.kids[u] ?? []) {
        const cp = cpOf.get(c) as number;
        let f = this.fail[u] as number;
        let target = this.next(f, cp);
        while (target === undefined && f !== 0) {
          f = this.fail[f] as number;
          target = this.next(f, cp);
        }
        const fc = target ?? 0;
        this.fail[c] = fc;
        this.output[c] = (this.terminal[fc] ?? -1) >= 0 ? fc : (this.output[fc] as number);
        queue.push(c);
      }
      if ((head & (STEP - 1)) === 0) yield;
    }
  }

  /** Every match in a text: pattern index and the code-point index where it ends. */
  *scan(text: string, found: (pattern: number, endCp: number) => void): Generator<void, void> {
    let node = 0;
    let k = 0;
    for (const ch of text) {
      const cp = fold(ch.codePointAt(0) ?? 0);
      let target = this.next(node, cp);
      while (target === undefined && node !== 0) {
        node = this.fail[node] as number;
        target = this.next(node, cp);
      }
      node = target ?? 0;
      for (let o = (this.terminal[node] ?? -1) >= 0 ? node : (this.output[node] as number); o !== 0; ) {
        found(this.terminal[o] as number, k);
        o = this.output[o] as number;
      }
      k++;
      if ((k & (STEP - 1)) === 0) yield;
    }
  }
}

/** Whether the code point before/after a match is a word character (whole-word boundary). */
function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && WORD_CHAR.test(ch);
}

/** The matching as steps (yields between slices of work); see `matchSensitiveWords`. */
function* matchSteps(words: readonly SensitiveWord[], texts: readonly TextToCheck[]): Generator<void, SensitiveHit[]> {
  const hits: SensitiveHit[] = [];
  const ac = new Automaton();
  yield* ac.build(words);
  if (ac.patterns.length === 0) return hits;
  for (const t of texts) {
    if (!t.text) continue;
    const chars = Array.from(t.text);
    // String index of each code point (JS offsets for the editor), and one past the end.
    const at = new Int32Array(chars.length + 1);
    for (let i = 0, idx = 0; i < chars.length; i++) {
      at[i] = idx;
      idx += (chars[i] as string).length;
      at[i + 1] = idx;
    }
    /** Where the last accepted match of each pattern ended: matches of one word never overlap. */
    const lastEnd = new Map<number, number>();
    yield* ac.scan(t.text, (p, endCp) => {
      const pattern = ac.patterns[p] as Pattern;
      const startCp = endCp - pattern.length + 1;
      if (startCp < (lastEnd.get(p) ?? 0)) return;
      if (pattern.boundaryStart && isWordChar(chars[startCp - 1])) return;
      if (pattern.boundaryEnd && isWordChar(chars[endCp + 1])) return;
      const entries = pattern.entries.filter((w) => w.lang === 'all' || w.lang === t.lang);
      if (entries.length === 0) return;
      lastEnd.set(p, endCp + 1);
      const start = at[startCp] as number;
      const end = at[endCp + 1] as number;
      for (const w of entries) hits.push({ lang: t.lang, field: t.field, word: w.word, start, end });
    });
  }
  const order = new Map(texts.map((t, i) => [`${t.lang}\u0000${t.field}`, i]));
  return hits.sort(
    (a, b) =>
      (order.get(`${a.lang}\u0000${a.field}`) ?? 0) - (order.get(`${b.lang}\u0000${b.field}`) ?? 0) ||
      a.start - b.start ||
      b.end - a.end,
  );
}

/**
 * Every occurrence of the words in the texts. A word applies to texts of its language, and
 * `all` words to every text. Case-insensitive; in spaced scripts (Latin, Cyrillic, Arabic ...)
 * only whole words match, so "ban" does not hit "banana"; in CJK any occurrence matches.
 * Occurrences of one word do not overlap (the first wins, as a global regular expression finds
 * them). `start`/`end` are JS string indices (end exclusive), what the editor needs to
 * highlight. Sorted by text order, then position.
 */
export function matchSensitiveWords(words: readonly SensitiveWord[], texts: readonly TextToCheck[]): SensitiveHit[] {
  return runAll(matchSteps(words, texts));
}

/** `matchSensitiveWords` in slices of a few milliseconds, so a large check never holds the event loop. */
export function matchSensitiveWordsSliced(
  words: readonly SensitiveWord[],
  texts: readonly TextToCheck[],
): Promise<SensitiveHit[]> {
  return runSliced(matchSteps(words, texts));
}
