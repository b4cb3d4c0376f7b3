import { type FontRun, fontRuns, RTL_FONTS } from './fonts.js';

/** Right-to-left runs of a label line (Arabic, Hebrew) in drawing order. */

/**
 * The runs of a line in the order they are drawn left to right (the reordering step of the
 * Unicode bidirectional algorithm at the level of runs; fontkit already lays out each Arabic
 * or Hebrew run right to left, with its joining forms). The line's direction is that of its
 * first strong letter; a run without letters or digits (a space, a comma) between two runs of
 * one direction takes it, else the line's. Right-to-left runs are level 1; left-to-right runs
 * are level 0 on a left-to-right line and 2 on a right-to-left one; sequences are reversed from
 * the highest level down to 1. Text without a right-to-left letter keeps its order.
 */
export function visualRuns(text: string): FontRun[] {
  const runs = fontRuns(text);
  if (!runs.some((r) => RTL_FONTS.has(r.font) && !r.digit)) return runs;
  return reorder(runs.flatMap(splitNeutrals));
}

/** A left-to-right run's leading and trailing spaces and punctuation as runs of their own (they take their neighbours' direction). */
function splitNeutrals(r: FontRun): FontRun[] {
  if (RTL_FONTS.has(r.font) || r.digit) return [r];
  const m = /^([^\p{L}\p{N}]*)([\s\S]*?)([^\p{L}\p{N}]*)$/u.exec(r.text)!;
  return [m[1]!, m[2]!, m[3]!].filter(Boolean).map((text) => ({ font: r.font, text }));
}

function reorder(runs: FontRun[]): FontRun[] {
  type Dir = 'L' | 'R' | 'N';
  const dirs: Dir[] = runs.map((r) =>
    RTL_FONTS.has(r.font) && !r.digit ? 'R' : /[\p{L}\p{N}]/u.test(r.text) ? 'L' : 'N',
  );
  const base: Dir = dirs.find((d) => d !== 'N') ?? 'L';
  const resolved = dirs.map((d, i) => {
    if (d !== 'N') return d;
    const before = dirs.slice(0, i).findLast((x) => x !== 'N') ?? base;
    const after = dirs.slice(i + 1).find((x) => x !== 'N') ?? base;
    return before === after ? before : base;
  });
  const level = resolved.map((d) => (d === 'R' ? 1 : base === 'L' ? 0 : 2));
  const order = runs.map((_, i) => i);
  for (let lv = Math.max(...level); lv >= 1; lv--) {
    for (let i = 0; i < order.length; ) {
      if (level[order[i]!]! < lv) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && level[order[j]!]! >= lv) j++;
      order.splice(i, j - i, ...order.slice(i, j).reverse());
      i = j;
    }
  }
  // A neutral run drawn right to left (", " between Arabic words) is written in reverse too.
  return order.map((i) =>
    dirs[i] === 'N' && resolved[i] === 'R' ? { ...runs[i]!, text: [...runs[i]!.text].reverse().join('') } : runs[i]!,
  );
}
