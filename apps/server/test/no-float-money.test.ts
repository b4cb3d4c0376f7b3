import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * "No float arithmetic on money anywhere" (issue 12 §3): amounts are integer minor units and
 * every conversion, format and parse goes through `packages/shared/src/money/`. This scan fails
 * on a line that does float arithmetic (`/ 100`, `* 100`, `10 **`, `toFixed(`, `parseFloat`,
 * `Math.pow(10`) where it or the lines around it name money (price, cost, fen, yuan, amount,
 * shipping, currency ...), anywhere in the repository's code outside the money module.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SCANNED = ['apps', 'packages', 'bench', 'e2e', 'scripts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'artifacts', '.git']);
/** The one place allowed to scale amounts. */
const MONEY_MODULE = path.join('packages', 'shared', 'src', 'money') + path.sep;
const THIS_FILE = path.relative(ROOT, import.meta.filename);

const FLOAT_OPS = [/\/\s*100\b/, /\*\s*100\b/, /\b10\s*\*\*/, /Math\.pow\(\s*10\b/, /\.toFixed\(/, /\bparseFloat\(/];
const MONEY_WORDS =
  /price|cost|fen\b|fen[A-Z]|yuan|money|amount|shipping|currenc|minor|major|\bfee|balance|\bdigits\b|\bcny\b|\busd\b|\beur\b|\bjpy\b/i;

/** Lines either side whose words count: `value={v / 100}` is money when the next line sets `shipping`. */
const CONTEXT = 1;

/** The lines of a source text that do float arithmetic on money, as `line: text`. */
function floatMoneyLines(source: string): string[] {
  const lines = source.split('\n').map((line) => line.replace(/\/\/.*$/, ''));
  const hits: string[] = [];
  lines.forEach((code, i) => {
    if (!FLOAT_OPS.some((op) => op.test(code))) return;
    const near = lines.slice(Math.max(0, i - CONTEXT), i + CONTEXT + 1).join('\n');
    if (MONEY_WORDS.test(near)) hits.push(`${i + 1}: ${code.trim()}`);
  });
  return hits;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

describe('no float arithmetic on money', () => {
  it('finds float arithmetic on money, and nothing else', () => {
    expect(floatMoneyLines('const yuan = fen / 100;')).toHaveLength(1);
    expect(floatMoneyLines('shipping: Math.round((x ?? 0) * 100)')).toHaveLength(1);
    expect(floatMoneyLines('return (minor / 10 ** d).toFixed(d);')).toHaveLength(1);
    expect(floatMoneyLines('const price = parseFloat(text);')).toHaveLength(1);
    expect(floatMoneyLines('return Number(m[1]) * 10 ** digits;')).toHaveLength(1);
    expect(floatMoneyLines('{fenToYuan(b.cost_price).toFixed(2)} 元')).toHaveLength(1);
    expect(floatMoneyLines('percent: Math.round((done / total) * 100),')).toEqual([]);
    expect(floatMoneyLines('menu_id: s.id * 100 + i + 1,')).toEqual([]);
    expect(floatMoneyLines('// price / 100 in a comment')).toEqual([]);
    expect(floatMoneyLines('<InputNumber\n  value={v / 100}\n  onChange={(x) => set({ shipping: x })}')).toEqual([
      '2: value={v / 100}',
    ]);
  });

  it('the code base has none outside packages/shared/src/money/', () => {
    const offenders: string[] = [];
    let scanned = 0;
    for (const top of SCANNED) {
      const dir = path.join(ROOT, top);
      if (!fs.existsSync(dir)) continue;
      for (const file of sourceFiles(dir)) {
        const rel = path.relative(ROOT, file);
        if (rel.startsWith(MONEY_MODULE) || rel === THIS_FILE) continue;
        scanned++;
        for (const hit of floatMoneyLines(fs.readFileSync(file, 'utf8'))) offenders.push(`${rel}:${hit}`);
      }
    }
    expect(scanned).toBeGreaterThan(300);
    expect(offenders, 'use toDecimalString / parseMoney / moneyFromNumber / convertMoney of the money module').toEqual(
      [],
    );
  });
});
