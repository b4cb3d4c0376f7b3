import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';

/**
 * Shipping labels as PDF (issue 18 §2): 100x100 or 100x150 mm, the tracking number as a
 * Code 128 barcode (bars drawn as vectors from bwip-js's encoding, so a page stays small and
 * sharp at any printer resolution) with its digits in Helvetica, the recipient in Noto Sans SC
 * (CJK and Latin) from the `@fontsource/noto-sans-sc` npm package, embedded as a subset of the
 * glyphs used (pdfkit/fontkit), so no system font is needed. A batch is one PDF, a page a label.
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

/** The CJK-capable font (read and unpacked once): Noto Sans SC regular, simplified Chinese with Latin. */
function cjkFont(): Buffer {
  fontBytes ??= woffToSfnt(
    fs.readFileSync(require.resolve('@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff')),
  );
  return fontBytes;
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
    doc
      .font('cjk')
      .fontSize(8)
      .text(`${l.channel_name}${l.service ? ` · ${l.service}` : ''}`, m, m + 17, {
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
    doc
      .font('cjk')
      .fontSize(tall ? 12 : 11)
      .text(l.recipient.name, m, y, { width: inner, height: 16, ellipsis: true });
    y += tall ? 17 : 15;
    doc.fontSize(tall ? 9.5 : 8.5);
    const addr = [...l.recipient.lines, l.recipient.city_line, l.recipient.country].filter(Boolean);
    for (const line of addr.slice(0, tall ? 5 : 4)) {
      doc.text(line, m, y, { width: inner, height: 13, ellipsis: true });
      y += tall ? 13 : 11.5;
    }
    if (l.recipient.phone && tall) {
      doc.text(`TEL ${l.recipient.phone}`, m, y, { width: inner, lineBreak: false });
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
