import { TimeSlicer } from '../lib/time-slice.js';
import { drawCode128 } from './barcode.js';
import { prepareLabelFonts } from './fonts.js';
import { closeLabelDoc, LABEL_SLICE_MS, MM, openLabelDoc } from './pdf-doc.js';
import { drawText, fitLine, textWidth } from './text.js';

/**
 * FBA carton labels (issue 30 §3, docs/labels.md): 100x150 mm, a page a box: ship from / ship
 * to, the shipment's id and name, the FBA box id (e.g. FBA15XXXXXXU000001) as Code 128 with its
 * text, "BOX n OF N", and what the box holds. Pure: boxes in, PDF bytes out.
 */

export interface CartonAddress {
  name: string;
  lines: string[];
  city_line: string;
  country: string;
}

export interface CartonLabel {
  /** Amazon's box id (the shipment id + U + the box number), printed as Code 128. */
  box_id: string;
  shipment_id: string;
  shipment_name: string;
  box_no: number;
  box_count: number;
  ship_from: CartonAddress;
  /** The fulfilment centre: its code in `name` (e.g. "Amazon.de LEJ1") and address. */
  ship_to: CartonAddress;
  /** The box's units by SKU (or FNSKU). */
  contents: { sku: string; quantity: number }[];
  /** Gross weight in grams, printed when given. */
  weight_g?: number;
}

/** At most this many carton labels in one PDF. */
export const MAX_CARTON_LABELS = 2000;

const W = 100 * MM;
const H = 150 * MM;
/** Content lines of the box shown before "+ n more". */
const CONTENT_LINES = 8;

type Fit = (text: string, size: number, width: number) => string;

/** `fitLine` remembered for one document (the same addresses and SKUs on every box). */
function fitter(doc: PDFKit.PDFDocument): Fit {
  const memo = new Map<string, string>();
  return (text, size, width) => {
    const key = `${size}\u0000${width}\u0000${text}`;
    let v = memo.get(key);
    if (v === undefined) {
      v = fitLine(doc, text, size, width);
      if (memo.size < 10_000) memo.set(key, v);
    }
    return v;
  };
}

/** An address block: a caption, then the name and lines cut to the column's width. */
function address(
  doc: PDFKit.PDFDocument,
  fit: Fit,
  caption: string,
  a: CartonAddress,
  x: number,
  y: number,
  w: number,
) {
  doc.font('Helvetica-Bold').fontSize(7).text(caption, x, y, { lineBreak: false });
  let cy = y + 10;
  const lines = [a.name, ...a.lines, a.city_line, a.country].filter(Boolean).slice(0, 6);
  lines.forEach((line, i) => {
    drawText(doc, fit(line, i === 0 ? 8.5 : 7.5, w), x, cy, i === 0 ? 8.5 : 7.5, { lineBreak: false });
    cy += i === 0 ? 11 : 9.5;
  });
}

/** One PDF of carton labels, a page a box, drawn in slices of a few ms. */
export async function renderCartonLabels(labels: CartonLabel[]): Promise<Buffer> {
  if (labels.length < 1 || labels.length > MAX_CARTON_LABELS)
    throw new RangeError(`1..${MAX_CARTON_LABELS} carton labels, not ${labels.length}`);
  for (const l of labels)
    if (!/^[\x21-\x7e]{1,40}$/.test(l.box_id)) throw new RangeError(`box id not printable as Code 128: ${l.box_id}`);
  await prepareLabelFonts();
  const ld = openLabelDoc(labels.length === 1 ? `Carton ${labels[0]!.box_id}` : `Cartons (${labels.length})`);
  const { doc } = ld;
  const m = 4 * MM;
  const inner = W - 2 * m;
  const slicer = new TimeSlicer(LABEL_SLICE_MS);
  const fit = fitter(doc);
  for (const l of labels) {
    await slicer.pause();
    doc.addPage({ size: [W, H], margin: 0 });
    doc
      .lineWidth(0.8)
      .rect(m / 2, m / 2, W - m, H - m)
      .stroke();
    // Ship from / ship to, side by side.
    const col = (inner - 6) / 2;
    address(doc, fit, 'SHIP FROM', l.ship_from, m, m, col);
    address(doc, fit, 'SHIP TO', l.ship_to, m + col + 6, m, col);
    let y = m + 72;
    doc
      .moveTo(m / 2, y)
      .lineTo(W - m / 2, y)
      .stroke();
    // Shipment.
    y += 5;
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(`FBA SHIPMENT ${l.shipment_id}`, m, y, { width: inner, lineBreak: false });
    y += 12;
    drawText(doc, fit(l.shipment_name, 8, inner), m, y, 8, { lineBreak: false });
    y += 13;
    // The box id as Code 128, its text under it.
    doc.font('Helvetica-Bold').fontSize(7).text('FBA BOX ID', m, y, { lineBreak: false });
    y += 10;
    const barH = 62;
    drawCode128(doc, l.box_id, m, y, inner, barH, 1.6);
    y += barH + 3;
    doc.font('Helvetica-Bold').fontSize(12).text(l.box_id, m, y, { width: inner, align: 'center', lineBreak: false });
    y += 18;
    doc
      .moveTo(m / 2, y)
      .lineTo(W - m / 2, y)
      .stroke();
    // Box n of N, weight.
    y += 6;
    doc
      .font('Helvetica-Bold')
      .fontSize(20)
      .text(`BOX ${l.box_no} OF ${l.box_count}`, m, y, { width: inner * 0.65, lineBreak: false });
    if (l.weight_g !== undefined) {
      const cg = Math.round(l.weight_g / 10);
      const kg = `${Math.floor(cg / 100)}.${String(cg % 100).padStart(2, '0')} KG`;
      doc
        .font('Helvetica-Bold')
        .fontSize(12)
        .text(kg, m + inner * 0.65, y + 5, { width: inner * 0.35, align: 'right' });
    }
    y += 28;
    doc
      .moveTo(m / 2, y)
      .lineTo(W - m / 2, y)
      .stroke();
    // Contents.
    y += 5;
    const units = l.contents.reduce((s, c) => s + c.quantity, 0);
    doc
      .font('Helvetica-Bold')
      .fontSize(8)
      .text(`CONTENTS: ${l.contents.length} SKU, ${units} UNITS`, m, y, { width: inner, lineBreak: false });
    y += 11;
    const shown = l.contents.length > CONTENT_LINES ? CONTENT_LINES - 1 : CONTENT_LINES;
    // SKU and quantity in the same fonts, so both sit on one baseline.
    for (const c of l.contents.slice(0, shown)) {
      drawText(doc, fit(c.sku, 7.5, inner - 40), m, y, 7.5, { lineBreak: false });
      const qty = `x ${c.quantity}`;
      drawText(doc, qty, m + inner - textWidth(doc, qty, 7.5), y, 7.5, { lineBreak: false });
      y += 10.5;
    }
    if (l.contents.length > shown)
      drawText(doc, `+ ${l.contents.length - shown} more SKU`, m, y, 7.5, { lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fontSize(7)
      .text('PLEASE LEAVE THIS LABEL UNCOVERED', m, H - m - 9, { width: inner, align: 'center', lineBreak: false });
  }
  return closeLabelDoc(ld, slicer);
}
