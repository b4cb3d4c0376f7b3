import { escapeRegExp } from '../lib/regexp.js';
/** One glossary entry: `translation` empty means "do not translate"; `lang` empty means every target language. */
export interface GlossaryEntry {
  term: string;
  lang: string;
  translation: string;
}

/** A text with its protected parts replaced by ⟦n⟧ tokens, and what each token stands for. */
export interface Protected {
  masked: string;
  tokens: string[];
}

/** HTML tags, and placeholders such as {0}, {name}, {{x}}, ${x}, %s, %d, %1$s. */
const FIXED = /<\/?[a-zA-Z][^<>]*>|\{\{[^{}\s]*\}\}|\{[\w.]*\}|\$\{\w+\}|%(?:\d+\$)?[sdif@]/g;
const TOKEN = /⟦\s*(\d+)\s*⟧/g;

const isWordChar = (c: string) => /[\p{L}\p{N}]/u.test(c);

/** The entries that apply to a target language: a language-specific one wins over an all-language one. */
export function entriesFor(entries: GlossaryEntry[], target: string): GlossaryEntry[] {
  const byTerm = new Map<string, GlossaryEntry>();
  for (const e of entries) {
    if (e.lang !== '' && e.lang !== target) continue;
    const key = e.term.toLowerCase();
    const prev = byTerm.get(key);
    if (!prev || (prev.lang === '' && e.lang === target)) byTerm.set(key, e);
  }
  // Longest first, so "Acme Pro X" wins over "Acme".
  return [...byTerm.values()].sort((a, b) => b.term.length - a.term.length);
}

/**
 * Replaces tags, placeholders and glossary terms by ⟦n⟧ tokens before the text goes to a
 * provider. Terms match case-insensitively and, where they start or end with a letter or
 * digit, only as whole words. A do-not-translate term comes back exactly as written in the
 * text; a forced one comes back as its translation.
 */
export function protect(text: string, entries: GlossaryEntry[]): Protected {
  const tokens: string[] = [];
  const tokenFor = (value: string) => {
    tokens.push(value);
    return `⟦${tokens.length - 1}⟧`;
  };
  let masked = text.replace(FIXED, (m) => tokenFor(m));
  for (const e of entries) {
    if (!e.term) continue;
    const re = new RegExp(escapeRegExp(e.term), 'giu');
    masked = masked.replace(re, (m, offset: number, whole: string) => {
      const before = whole[offset - 1] ?? '';
      const after = whole[offset + m.length] ?? '';
      const wordish = isWordChar(e.term[0]!) && isWordChar(e.term[e.term.length - 1]!);
      if (wordish && /[A-Za-z0-9]/.test(e.term) && ((before && isWordChar(before)) || (after && isWordChar(after)))) {
        return m;
      }
      return tokenFor(e.translation || m);
    });
  }
  return { masked, tokens };
}

/** Puts the protected parts back (tolerating spaces a provider put inside a token); lost tokens are appended. */
export function restore(translated: string, tokens: string[]): string {
  const seen = new Set<number>();
  let out = translated.replace(TOKEN, (m, n: string) => {
    const i = Number(n);
    if (i >= tokens.length) return m;
    seen.add(i);
    return tokens[i]!;
  });
  const lost = tokens.filter((_, i) => !seen.has(i));
  if (lost.length) out = `${out} ${lost.join(' ')}`;
  return out;
}
