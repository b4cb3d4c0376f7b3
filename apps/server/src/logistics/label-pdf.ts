import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import bwipjs from 'bwip-js/node';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * Shipping labels as PDF (issue 18 §2): 100x100 or 100x150 mm, the tracking number as a
 * Code 128 barcode (bars drawn as vectors from bwip-js's encoding, so a page stays small and
 * sharp at any printer resolution) with its digits in Helvetica, the recipient in Noto Sans SC
 * (CJK and Latin) from the `@fontsource/noto-sans-sc` npm package, embedded as a subset of the
 * glyphs used (pdfkit/fontkit), so no system font is needed. Letters that font lacks (Central
 * European ő, ł, ř ..., Cyrillic, Greek, Vietnamese) are drawn, run by run, in subsets of Noto
 * Sans (`@fontsource/noto-sans`, `FALLBACKS`), embedded only into documents that use them. A
 * batch is one PDF, a page a label.
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
 * and Vietnamese addresses. Each is read when a text first needs it and embedded only into
 * documents that use it. Scripts none of them has (Arabic, Hebrew, Thai ...) still print blank.
 */
const FALLBACKS = ['latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'] as const;
type FallbackName = (typeof FALLBACKS)[number];
const fallbackFonts = new Map<FallbackName, LoadedFont>();

function fallbackFont(name: FallbackName): LoadedFont {
  let f = fallbackFonts.get(name);
  if (!f) {
    f = loadFont(`@fontsource/noto-sans/files/noto-sans-${name}-400-normal.woff`);
    fallbackFonts.set(name, f);
  }
  return f;
}

/** A piece of text and the registered font that draws it (`cjk`, or a fallback subset's name). */
export interface FontRun {
  font: 'cjk' | FallbackName;
  text: string;
}

/**
 * Splits text into runs by font: Noto Sans SC where it has the glyph, else the first fallback
 * that has it, else the current run's font (a blank). Characters the current run's font has
 * (spaces, punctuation) stay in it, so a name switches fonts only where it must.
 */
export function fontRuns(text: string): FontRun[] {
  cjkFont();
  const cjk = cjkSet!;
  const runs: FontRun[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const current = runs.at(-1);
    let font: FontRun['font'];
    if (current && current.font !== 'cjk' && fallbackFont(current.font).has.has(cp)) font = current.font;
    else if (cjk.has(cp)) font = 'cjk';
    else font = FALLBACKS.find((name) => fallbackFont(name).has.has(cp)) ?? current?.font ?? 'cjk';
    if (current?.font === font) current.text += ch;
    else runs.push({ font, text: ch });
  }
  return runs.length ? runs : [{ font: 'cjk', text }];
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
  const runs = fontRuns(text);
  if (runs.length === 1) {
    doc.font(runs[0]!.font).text(runs[0]!.text, x, y, opts);
    return;
  }
  const baseline = -cjkAscent * size;
  runs.forEach((r, i) => {
    const continued = i < runs.length - 1;
    doc.font(r.font);
    if (i === 0) doc.text(r.text, x, y, { ...opts, baseline, continued });
    else doc.text(r.text, { baseline, continued });
  });
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
export function renderLabels(labels: LabelData[], size: LabelSizeMm): Promise<Buffer> {
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
  for (const l of labels) {
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
  }
  doc.end();
  return done;
}
