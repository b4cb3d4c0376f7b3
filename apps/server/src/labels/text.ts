import { visualRuns } from './bidi.js';
import { baseAscent, type FontRun, RTL_FONTS, useFont } from './fonts.js';

/** Drawing and measuring text in the label fonts (the chain of `fonts.ts`). */

/**
 * pdfkit lays text out word by word (a cache per word) unless OpenType features are named, which
 * would leave the words of an Arabic or Hebrew run in left-to-right order: such a run is laid out
 * whole (fontkit then reverses it as one), naming `kern`, which fontkit applies anyway.
 */
function whole(r: FontRun): PDFKit.Mixins.TextOptions {
  return RTL_FONTS.has(r.font) ? { features: ['kern'] } : {};
}

/**
 * Text in the label fonts at (x, y) in `size` points: one call when one font has every glyph
 * (the usual case), else its font runs chained as one paragraph (`continued`), so width and
 * wrapping apply to the whole line (with `ellipsis`, the line is cut by `fitLine` first), each run on the first font's baseline
 * (the fonts' ascents differ, and pdfkit would otherwise hang each run from its own).
 */
export function drawText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  size: number,
  opts: PDFKit.Mixins.TextOptions = {},
): void {
  if (opts.ellipsis && opts.width) {
    // One line cut by our measure: pdfkit's own ellipsis would take the last run's font, which
    // may lack '…' (Noto Sans latin-ext does) and print it blank.
    const { ellipsis: _e, height: _h, ...rest } = opts;
    text = fitLine(doc, text, size, opts.width);
    opts = { ...rest, lineBreak: false };
  }
  const runs = visualRuns(text);
  if (runs.length === 1) {
    useFont(doc, runs[0]!.font, size).text(runs[0]!.text, x, y, { ...opts, ...whole(runs[0]!) });
    return;
  }
  const baseline = -baseAscent() * size;
  runs.forEach((r, i) => {
    const continued = i < runs.length - 1;
    useFont(doc, r.font, size);
    if (i === 0) doc.text(r.text, x, y, { ...opts, baseline, continued, ...whole(r) });
    else doc.text(r.text, { baseline, continued, ...whole(r) });
  });
}

/** The width of a line of text in points, measured run by run with the fonts that draw it. */
export function textWidth(doc: PDFKit.PDFDocument, text: string, size: number): number {
  let w = 0;
  for (const r of visualRuns(text)) w += useFont(doc, r.font, size).widthOfString(r.text, whole(r));
  return w;
}

const ELLIPSIS = '…';

/** The longest n (0..chars.length) for which `fits(n)` holds, `fits` being monotone. */
function longest(count: number, fits: (n: number) => boolean): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Text cut to fit `maxWidth` points at `size`: as it is when it fits, else its longest prefix
 * (by code point, measured with the fonts, not counted) followed by an ellipsis.
 */
export function fitLine(doc: PDFKit.PDFDocument, text: string, size: number, maxWidth: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (textWidth(doc, clean, size) <= maxWidth) return clean;
  const chars = Array.from(clean);
  const cut = (n: number) => `${chars.slice(0, n).join('').trimEnd()}${ELLIPSIS}`;
  const n = longest(chars.length, (k) => textWidth(doc, cut(k), size) <= maxWidth);
  return n === 0 ? '' : cut(n);
}

/**
 * Text in at most `lines` lines of `maxWidth` points: each line but the last as much as fits
 * (broken after a space when one is in its second half, else anywhere, as Chinese is), the last
 * cut with an ellipsis by `fitLine`.
 */
export function fitLines(
  doc: PDFKit.PDFDocument,
  text: string,
  size: number,
  maxWidth: number,
  lines: number,
): string[] {
  let rest = text.replace(/\s+/g, ' ').trim();
  const out: string[] = [];
  while (out.length < lines - 1 && rest) {
    if (textWidth(doc, rest, size) <= maxWidth) break;
    const chars = Array.from(rest);
    let n = longest(chars.length, (k) => textWidth(doc, chars.slice(0, k).join(''), size) <= maxWidth);
    if (n === 0) break;
    const space = chars.slice(0, n + 1).lastIndexOf(' ');
    if (space > n / 2) n = space;
    out.push(chars.slice(0, n).join('').trimEnd());
    rest = chars.slice(n).join('').trimStart();
  }
  if (rest) out.push(fitLine(doc, rest, size, maxWidth));
  return out;
}
