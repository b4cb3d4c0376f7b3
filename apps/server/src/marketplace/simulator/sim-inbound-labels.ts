import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { fulfillmentCentres, type SimBox, type SimPlan, type SimShipment } from './sim-inbound.js';

/**
 * The box labels the simulated Amazon's getLabels hands out: one 4x6 in label per box with
 * the ship-from and the fulfilment centre's address, the FBA box id as a Code 128 barcode and
 * text, the shipment's name and "Box n of N", laid out as the page type asks (thermal 4x6, or
 * 2, 4 or 6 labels on a Letter or A4 sheet). Standard PDF fonts: letters outside Latin-1 print
 * as their base letter or `?` (Amazon's labels carry Latin addresses).
 */

const PT_PER_IN = 72;
const LETTER: [number, number] = [612, 792];
const A4: [number, number] = [595.28, 841.89];
const THERMAL: [number, number] = [4 * PT_PER_IN, 6 * PT_PER_IN];

/** Text in the standard fonts' repertoire: accents dropped, anything else outside Latin-1 as `?`. */
function latin(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\u0020-\u00ff]/g, '?');
}

/** Page size and labels per page of a `PageType`. */
function layout(pageType: string): { size: [number, number]; cols: number; rows: number } {
  if (pageType.startsWith('PackageLabel_Thermal')) return { size: THERMAL, cols: 1, rows: 1 };
  const size = pageType.startsWith('PackageLabel_A4') ? A4 : LETTER;
  const n = Number(/_(\d)(?:_|$)/.exec(pageType)?.[1] ?? 1);
  return n === 2
    ? { size, cols: 1, rows: 2 }
    : n === 4
      ? { size, cols: 2, rows: 2 }
      : n === 6
        ? { size, cols: 2, rows: 3 }
        : { size, cols: 1, rows: 1 };
}

/** Draws a Code 128 barcode as filled bars (vectors) in the box x, y, w, h. */
function code128(doc: PDFKit.PDFDocument, text: string, x: number, y: number, w: number, h: number): void {
  const sbs = (bwipjs.raw('code128', text, {}) as { sbs: number[] }[])[0]!.sbs;
  const modules = sbs.reduce((a, b) => a + b, 0);
  const unit = w / modules;
  let cx = x;
  sbs.forEach((width, i) => {
    if (i % 2 === 0) doc.rect(cx, y, width * unit, h).fill('#000');
    cx += width * unit;
  });
}

function address(a: {
  name: string;
  addressLine1: string;
  city: string;
  postalCode: string;
  countryCode: string;
  stateOrProvinceCode?: string;
}): string[] {
  return [
    a.name,
    a.addressLine1,
    `${a.city}${a.stateOrProvinceCode ? `, ${a.stateOrProvinceCode}` : ''} ${a.postalCode}`,
    a.countryCode,
  ].map(latin);
}

/** One label in the cell at x, y of size w x h (scaled from the 4x6 in design). */
function label(
  doc: PDFKit.PDFDocument,
  p: SimPlan,
  s: SimShipment,
  b: SimBox,
  n: number,
  total: number,
  cell: { x: number; y: number; w: number; h: number },
): void {
  const k = Math.min(cell.w / THERMAL[0], cell.h / THERMAL[1]);
  const x = cell.x + (cell.w - THERMAL[0] * k) / 2;
  const y = cell.y + (cell.h - THERMAL[1] * k) / 2;
  const pad = 12 * k;
  const inner = THERMAL[0] * k - 2 * pad;
  const fc = fulfillmentCentres(p.marketplaceId).find((f) => f.id === s.fc)!;
  doc
    .lineWidth(1 * k)
    .rect(x + 2 * k, y + 2 * k, THERMAL[0] * k - 4 * k, THERMAL[1] * k - 4 * k)
    .stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(9 * k)
    .text('SHIP FROM:', x + pad, y + pad);
  doc
    .font('Helvetica')
    .fontSize(8 * k)
    .text(address(p.sourceAddress).join('\n'), x + pad, y + pad + 11 * k, { width: inner / 2 });
  doc
    .font('Helvetica-Bold')
    .fontSize(9 * k)
    .text('SHIP TO:', x + pad + inner / 2, y + pad);
  doc
    .font('Helvetica')
    .fontSize(8 * k)
    .text(address(fc.address).join('\n'), x + pad + inner / 2, y + pad + 11 * k, { width: inner / 2 });
  doc
    .font('Helvetica-Bold')
    .fontSize(28 * k)
    .text(fc.id, x + pad, y + 90 * k, { width: inner, align: 'center' });
  code128(doc, b.boxId!, x + pad + 10 * k, y + 140 * k, inner - 20 * k, 90 * k);
  doc
    .font('Helvetica')
    .fontSize(11 * k)
    .text(b.boxId!, x + pad, y + 236 * k, { width: inner, align: 'center' });
  doc.fontSize(9 * k).text(latin(s.name), x + pad, y + 262 * k, { width: inner, align: 'center' });
  doc
    .font('Helvetica-Bold')
    .fontSize(12 * k)
    .text(`Box ${n} of ${total}`, x + pad, y + 290 * k, { width: inner, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(8 * k)
    .text(`${b.weight.value} ${b.weight.unit}`, x + pad, y + 310 * k, { width: inner, align: 'center' });
  doc
    .fontSize(7 * k)
    .text('PLEASE LEAVE THIS LABEL UNCOVERED', x + pad, y + THERMAL[1] * k - 30 * k, { width: inner, align: 'center' });
}

/** The PDF of the boxes' labels. */
export async function labelsPdf(p: SimPlan, s: SimShipment, boxes: SimBox[], pageType: string): Promise<Buffer> {
  const { size, cols, rows } = layout(pageType);
  const all = p.boxes.filter((b) => s.packingGroupIds.includes(b.packingGroupId));
  const index = new Map(all.map((b, n) => [b, n + 1]));
  const doc = new PDFDocument({ size, margin: 0, autoFirstPage: false, compress: true });
  doc.info.Title = `Box labels ${s.confirmationId}`;
  doc.info.Creator = 'SP-API simulator';
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const per = cols * rows;
  const [pw, ph] = size;
  for (const [i, b] of boxes.entries()) {
    // The simulator shares the server's process (sandbox shops): give the event loop back now and then.
    if (i > 0 && i % 50 === 0) await new Promise((r) => setImmediate(r));
    if (i % per === 0) doc.addPage({ size, margin: 0 });
    const slot = i % per;
    const w = pw / cols;
    const h = ph / rows;
    label(doc, p, s, b, index.get(b) ?? 0, all.length, { x: (slot % cols) * w, y: Math.floor(slot / cols) * h, w, h });
  }
  if (!boxes.length) doc.addPage({ size, margin: 0 });
  doc.end();
  return done;
}
