import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import bwipjs from 'bwip-js/node';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { TimeSlicer } from '../lib/time-slice.js';

/**
 * Shipping labels as PDF (issue 18 §2): 100x100 or 100x150 mm, the tracking number as a
 * Code 128 barcode (bars drawn as vectors from bwip-js's encoding, so a page stays small and
 * sharp at any printer resolution) with its digits in Helvetica, the recipient in Noto Sans SC
 * (CJK and Latin) from the `@fontsource/noto-sans-sc` npm package, embedded as a subset of the
 * glyphs used (pdfkit/fontkit), so no system font is needed. Letters that font lacks (Central
 * European ő, ł, ř ..., Cyrillic, Greek, Vietnamese, Arabic, Hebrew, Thai) are drawn, run by run,
 * in Noto Sans fonts (`FALLBACK_FILES`), embedded only into documents that use them; Arabic and
 * Hebrew lines are put in visual order (`visualRuns`). A batch is one PDF, a page a label.
 */

/** What one label prints. */
export interface LabelData {
  tracking_no: string;
  waybill_no: string;
  carrier: string;
  channel_name: string;
  service: string;
  sort_code: string;
  amazon_order_id: string;
  weight_g: number;
  is_electric: boolean;
  /** Unix seconds. */
  created_at: number;
  /** The customs declaration's summary (CN22 style): value with currency and the lines' HS codes. */
  customs?: {
    declared: string;
    hs_codes: string[];
    /** The operator's IOSS number when it applies (EU, at most EUR 150), printed as "IOSS IM…". */
    ioss_number: string | null;
  };
  recipient: {
    name: string;
    lines: string[];
    city_line: string;
    country: string;
    phone: string;
  };
}

/** Label sizes in millimetres. */
export type LabelSizeMm = '100x100' | '100x150';

const MM = 72 / 25.4;
const require = createRequire(import.meta.url);
let fontBytes: Buffer | null = null;

/**
 * WOFF 1.0 -> the plain TrueType/OpenType font inside (tables inflated with node's zlib).
 * fontkit reads WOFF itself but inflates with a JavaScript inflater on every document (about
 * 6 s for this 1.5 MB font); done once here, a document costs milliseconds.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const e = 44 + i * 20;
    const offset = woff.readUInt32BE(e + 4);
    const compLength = woff.readUInt32BE(e + 8);
    const origLength = woff.readUInt32BE(e + 12);
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? zlib.inflateSync(raw) : Buffer.from(raw);
    tables.push({ tag: woff.readUInt32BE(e), checksum: woff.readUInt32BE(e + 16), data });
  }
  let pow = 1;
  let log = 0;
  while (pow * 2 <= numTables) {
    pow *= 2;
    log++;
  }
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(pow * 16, 6);
  header.writeUInt16BE(log, 8);
  header.writeUInt16BE(numTables * 16 - pow * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const e = 12 + i * 16;
    header.writeUInt32BE(t.tag, e);
    header.writeUInt32BE(t.checksum, e + 4);
    header.writeUInt32BE(offset, e + 8);
    header.writeUInt32BE(t.data.length, e + 12);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** A font unpacked once, with the code points it has glyphs for. */
interface LoadedFont {
  bytes: Buffer;
  has: ReadonlySet<number>;
  /** Ascent per unit of font size (pdfkit places a line's top, the baseline below it by this). */
  ascent: number;
}

function loadFont(file: string): LoadedFont {
  const bytes = woffToSfnt(fs.readFileSync(require.resolve(file)));
  const font = fontkit.create(bytes);
  if (!('characterSet' in font)) throw new Error(`${file}: a font collection, not one font`);
  return { bytes, has: new Set(font.characterSet), ascent: font.ascent / font.unitsPerEm };
}

let cjkSet: ReadonlySet<number> | null = null;
let cjkAscent = 1;

/** The CJK-capable font (read and unpacked once): Noto Sans SC regular, simplified Chinese with Latin. */
function cjkFont(): Buffer {
  if (!fontBytes) {
    const f = loadFont('@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff');
    fontBytes = f.bytes;
    cjkSet = f.has;
    cjkAscent = f.ascent;
  }
  return fontBytes;
}

/**
 * Fonts for letters Noto Sans SC lacks, tried in this order: subsets of Noto Sans regular
 * (`@fontsource/noto-sans`) for Central European, Cyrillic (Bulgarian, Ukrainian ...), Greek
 * and Vietnamese addresses, then Noto Sans Arabic, Hebrew and Thai (`@fontsource/noto-sans-arabic`,
 * `-hebrew`, `-thai`: the AE and SA marketplaces' buyers write their names in Arabic). Each is
 * read when a text first needs it and embedded (as a subset) only into documents that use it.
 */
const FALLBACK_FILES = {
  'latin-ext': '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff',
  cyrillic: '@fontsource/noto-sans/files/noto-sans-cyrillic-400-normal.woff',
  'cyrillic-ext': '@fontsource/noto-sans/files/noto-sans-cyrillic-ext-400-normal.woff',
  greek: '@fontsource/noto-sans/files/noto-sans-greek-400-normal.woff',
  'greek-ext': '@fontsource/noto-sans/files/noto-sans-greek-ext-400-normal.woff',
  vietnamese: '@fontsource/noto-sans/files/noto-sans-vietnamese-400-normal.woff',
  arabic: '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff',
  hebrew: '@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-400-normal.woff',
  thai: '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff',
} as const;
type FallbackName = keyof typeof FALLBACK_FILES;
const FALLBACKS = Object.keys(FALLBACK_FILES) as FallbackName[];
/** The fallbacks of right-to-left scripts: their runs are laid out (and reversed) by fontkit's shaper. */
const RTL_FONTS: ReadonlySet<FontRun['font']> = new Set<FontRun['font']>(['arabic', 'hebrew']);
const fallbackFonts = new Map<FallbackName, LoadedFont>();

function fallbackFont(name: FallbackName): LoadedFont {
  let f = fallbackFonts.get(name);
  if (!f) {
    f = loadFont(FALLBACK_FILES[name]);
    fallbackFonts.set(name, f);
  }
  return f;
}

/** A piece of text and the registered font that draws it (`cjk`, or a fallback's name). */
export interface FontRun {
  font: 'cjk' | FallbackName;
  text: string;
  /** Arabic-Indic digits: each its own run, so a number keeps its left-to-right order in Arabic text. */
  digit?: true;
}

/** Arabic-Indic and Eastern Arabic-Indic digits (numbers run left to right inside Arabic text). */
const isArabicDigit = (cp: number) => (cp >= 0x660 && cp <= 0x669) || (cp >= 0x6f0 && cp <= 0x6f9);
/** Hebrew, Arabic and their presentation forms: letters of right-to-left scripts. */
const isRtlLetter = (cp: number) =>
  !isArabicDigit(cp) &&
  ((cp >= 0x590 && cp <= 0x8ff) || (cp >= 0xfb1d && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfefc));

/**
 * Splits text into runs by font: Noto Sans SC where it has the glyph, else the first fallback
 * that has it, else the current run's font (a blank). Characters the current run's font has
 * (spaces, punctuation) stay in it, so a name switches fonts only where it must; a run of a
 * right-to-left script keeps only its own letters and spaces (digits and Latin go to their own
 * runs, which keep their left-to-right order, see `visualRuns`).
 */
export function fontRuns(text: string): FontRun[] {
  cjkFont();
  const cjk = cjkSet!;
  const runs: FontRun[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const current = runs.at(-1);
    let font: FontRun['font'];
    const keeps =
      current &&
      current.font !== 'cjk' &&
      !current.digit &&
      fallbackFont(current.font).has.has(cp) &&
      (!RTL_FONTS.has(current.font) || isRtlLetter(cp) || /\s/.test(ch));
    if (keeps) font = current.font;
    else if (cjk.has(cp)) font = 'cjk';
    else font = FALLBACKS.find((name) => fallbackFont(name).has.has(cp)) ?? current?.font ?? 'cjk';
    const digit = isArabicDigit(cp);
    if (current?.font === font && !digit && !current.digit) current.text += ch;
    else runs.push(digit ? { font, text: ch, digit: true } : { font, text: ch });
  }
  return runs.length ? runs : [{ font: 'cjk', text }];
}

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

/**
 * Text in the label's fonts at (x, y) in `size` points: one call when Noto Sans SC has every
 * glyph (the usual case), else its font runs chained as one paragraph (`continued`), so width,
 * wrapping and the ellipsis apply to the whole line, each run on Noto Sans SC's baseline (the
 * fonts' ascents differ, and pdfkit would otherwise hang each run from its own).
 */
function mixedText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  size: number,
  opts: PDFKit.Mixins.TextOptions,
) {
  doc.fontSize(size);
  const runs = visualRuns(text);
  if (runs.length === 1) {
    doc.font(runs[0]!.font).text(runs[0]!.text, x, y, { ...opts, ...whole(runs[0]!) });
    return;
  }
  const baseline = -cjkAscent * size;
  runs.forEach((r, i) => {
    const continued = i < runs.length - 1;
    doc.font(r.font);
    if (i === 0) doc.text(r.text, x, y, { ...opts, baseline, continued, ...whole(r) });
    else doc.text(r.text, { baseline, continued, ...whole(r) });
  });
}

/**
 * pdfkit lays text out word by word (a cache per word) unless OpenType features are named, which
 * would leave the words of an Arabic or Hebrew run in left-to-right order: such a run is laid out
 * whole (fontkit then reverses it as one), naming `kern`, which fontkit applies anyway.
 */
function whole(r: FontRun): PDFKit.Mixins.TextOptions {
  return RTL_FONTS.has(r.font) ? { features: ['kern'] } : {};
}

/** Code 128 module widths (bar, space, bar ...) of a text. */
function code128Modules(text: string): number[] {
  const enc = bwipjs.raw('code128', text, {}) as Array<{ sbs?: number[] }>;
  return enc[0]?.sbs ?? [];
}

/** Draws a Code 128 barcode of `text` into the box (x, y, width at most `maxW`, height `h`), centred. */
function drawBarcode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, maxW: number, h: number): void {
  const sbs = code128Modules(text);
  const modules = sbs.reduce((s, n) => s + n, 0) + 20;
  const unit = Math.min(maxW / modules, 1.2);
  let cx = x + (maxW - modules * unit) / 2 + 10 * unit;
  sbs.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(cx, y, w * unit, h);
    cx += w * unit;
  });
  doc.fill('#000');
}

/** Renders labels as one PDF. */
export async function renderLabels(labels: LabelData[], size: LabelSizeMm): Promise<Buffer> {
  const width = 100 * MM;
  const height = (size === '100x150' ? 150 : 100) * MM;
  const tall = size === '100x150';
  const doc = new PDFDocument({ size: [width, height], margin: 0, autoFirstPage: false, compress: true });
  doc.info.Title = labels.length === 1 ? `Label ${labels[0]!.tracking_no}` : `Labels (${labels.length})`;
  doc.info.Creator = 'store-group console';
  doc.registerFont('cjk', cjkFont());
  for (const name of FALLBACKS) doc.registerFont(name, fallbackFont(name).bytes);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const m = 4 * MM;
  const inner = width - 2 * m;
  // A batch (up to 2,000 labels) is drawn in slices of a few ms: other requests go on meanwhile.
  const slicer = new TimeSlicer();
  for (const l of labels) {
    await slicer.pause();
    doc.addPage({ size: [width, height], margin: 0 });
    doc
      .lineWidth(0.8)
      .rect(m / 2, m / 2, width - m, height - m)
      .stroke();
    // Header: carrier and channel, sort code.
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .text(l.carrier, m, m, { width: inner * 0.6, lineBreak: false });
    mixedText(doc, `${l.channel_name}${l.service ? ` · ${l.service}` : ''}`, m, m + 17, 8, {
      width: inner * 0.62,
      height: 11,
      ellipsis: true,
    });
    doc
      .font('Helvetica-Bold')
      .fontSize(18)
      .text(l.sort_code, m + inner * 0.6, m, { width: inner * 0.4, align: 'right' });
    let y = m + 32;
    doc
      .moveTo(m / 2, y)
      .lineTo(width - m / 2, y)
      .stroke();
    // Recipient.
    y += 5;
    doc.font('Helvetica-Bold').fontSize(8).text('SHIP TO / ', m, y, { lineBreak: false, continued: true });
    doc.font('cjk').text('收件人', { lineBreak: false });
    y += 11;
    mixedText(doc, l.recipient.name, m, y, tall ? 12 : 11, { width: inner, height: 16, ellipsis: true });
    y += tall ? 17 : 15;
    const small = tall ? 9.5 : 8.5;
    const addr = [...l.recipient.lines, l.recipient.city_line, l.recipient.country].filter(Boolean);
    for (const line of addr.slice(0, tall ? 5 : 4)) {
      mixedText(doc, line, m, y, small, { width: inner, height: 13, ellipsis: true });
      y += tall ? 13 : 11.5;
    }
    if (l.recipient.phone && tall) {
      mixedText(doc, `TEL ${l.recipient.phone}`, m, y, small, { width: inner, lineBreak: false });
      y += 13;
    }
    y += 3;
    doc
      .moveTo(m / 2, y)
      .lineTo(width - m / 2, y)
      .stroke();
    // Barcode of the tracking number with its text.
    y += 6;
    const barH = tall ? 70 : 48;
    drawBarcode(doc, l.tracking_no, m, y, inner, barH);
    y += barH + 3;
    doc.font('Helvetica-Bold').fontSize(11).text(l.tracking_no, m, y, { width: inner, align: 'center' });
    y += 16;
    doc
      .moveTo(m / 2, y)
      .lineTo(width - m / 2, y)
      .stroke();
    // Footer: references.
    y += 4;
    const date = new Date(l.created_at * 1000).toISOString().slice(0, 10);
    doc.font('Helvetica').fontSize(7.5);
    doc.text(`Waybill ${l.waybill_no}   Order ${l.amazon_order_id}`, m, y, { width: inner, lineBreak: false });
    y += 10;
    doc.text(`Weight ${l.weight_g} g   Date ${date}`, m, y, { width: inner, lineBreak: false });
    if (l.is_electric) {
      doc
        .font('cjk')
        .fontSize(9)
        .text('带电 / BATTERY', m, y - 2, { width: inner, align: 'right' });
    }
    if (l.customs) {
      // Customs: declared value and HS codes; the IOSS number in bold where it applies.
      y += 10;
      const hs = l.customs.hs_codes.length ? `   HS ${l.customs.hs_codes.join(' ')}` : '';
      doc
        .font('Helvetica')
        .fontSize(7.5)
        .text(`Declared ${l.customs.declared}${hs}`, m, y, { width: inner, height: 10, ellipsis: true });
      if (l.customs.ioss_number) {
        y += 10;
        doc.font('Helvetica-Bold').fontSize(9).text(`IOSS ${l.customs.ioss_number}`, m, y, { width: inner });
      }
    }
  }
  doc.end();
  return done;
}
