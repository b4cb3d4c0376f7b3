import type { FnskuLabelLayout } from '@console/shared/schemas/fba-labels';
import { TimeSlicer } from '../lib/time-slice.js';
import { drawCode128 } from './barcode.js';
import { prepareLabelFonts } from './fonts.js';
import { closeLabelDoc, LABEL_SLICE_MS, MM, openLabelDoc } from './pdf-doc.js';
import { drawText, fitLines } from './text.js';

/**
 * FNSKU item labels (issue 30 §3, docs/labels.md): each label a Code 128 of the FNSKU, the FNSKU
 * under it, the product title cut to fit (measured with the fonts, ellipsis) and the condition
 * ("NEW"). A4 sheets of 21, 24, 30, 40 or 44 labels (the common Avery / Zweckform layouts) or
 * thermal rolls of 50x25 or 60x30 mm (a page a label). Pure: items in, PDF bytes out.
 */

/** A sheet or roll: label size, grid and where the grid starts on the page, all in mm. */
export interface FnskuLayout {
  /** Page size in mm (A4 210x297, a thermal label its own size). */
  page: [number, number];
  cols: number;
  rows: number;
  /** One label's size. */
  w: number;
  h: number;
  /** The top-left label's top-left corner. */
  left: number;
  top: number;
  /** Distance from a label's left (top) edge to the next one's (label size plus the gap). */
  pitchX: number;
  pitchY: number;
  /** Inner padding of a label's content, horizontal and vertical. */
  padX: number;
  padY: number;
  /** The product the layout is made for (documentation). */
  stock: string;
}

const A4: [number, number] = [210, 297];
const sheet = (
  cols: number,
  rows: number,
  w: number,
  h: number,
  left: number,
  top: number,
  gapX: number,
  stock: string,
): FnskuLayout => ({ page: A4, cols, rows, w, h, left, top, pitchX: w + gapX, pitchY: h, padX: 2.5, padY: 1.5, stock });
const roll = (w: number, h: number): FnskuLayout => ({
  page: [w, h],
  cols: 1,
  rows: 1,
  w,
  h,
  left: 0,
  top: 0,
  pitchX: w,
  pitchY: h,
  padX: 1.5,
  padY: 1.2,
  stock: `thermal ${w}x${h} mm`,
});

/**
 * The layouts. Sheets are centred on A4 (margins = (page - grid) / 2), rows without a gap:
 * 21 = 3x7 of 63.5x38.1 (Avery L7160), 24 = 3x8 of 63.5x33.9 (L7159), both with 2.5 mm between
 * columns; 30 = 3x10 of 70x29.7 (Zweckform 3489), 40 = 4x10 of 52.5x29.7 (3651), edge to edge;
 * 44 = 4x11 of 48.5x25.4 (3657).
 */
export const FNSKU_LAYOUTS = {
  'a4-21': sheet(3, 7, 63.5, 38.1, 7.25, 15.15, 2.5, 'A4 3x7 63.5x38.1 mm (Avery L7160)'),
  'a4-24': sheet(3, 8, 63.5, 33.9, 7.25, 12.9, 2.5, 'A4 3x8 63.5x33.9 mm (Avery L7159)'),
  'a4-30': sheet(3, 10, 70, 29.7, 0, 0, 0, 'A4 3x10 70x29.7 mm (Zweckform 3489)'),
  'a4-40': sheet(4, 10, 52.5, 29.7, 0, 0, 0, 'A4 4x10 52.5x29.7 mm (Zweckform 3651)'),
  'a4-44': sheet(4, 11, 48.5, 25.4, 8, 8.8, 0, 'A4 4x11 48.5x25.4 mm (Zweckform 3657)'),
  'thermal-50x25': roll(50, 25),
  'thermal-60x30': roll(60, 30),
} as const satisfies Record<FnskuLabelLayout, FnskuLayout>;
export type FnskuLayoutName = keyof typeof FNSKU_LAYOUTS;
export const FNSKU_LAYOUT_NAMES = Object.keys(FNSKU_LAYOUTS) as FnskuLayoutName[];

/** At most this many labels in one PDF. */
export const MAX_FNSKU_LABELS = 5000;

/** One product to label, `quantity` times. */
export interface FnskuItem {
  fnsku: string;
  title: string;
  /** Printed as is (upper case); default NEW. */
  condition?: string;
  quantity: number;
}

/** Labels per page of a layout. */
export const labelsPerPage = (layout: FnskuLayout) => layout.cols * layout.rows;

/** The box (mm from the page's top-left corner) of the n-th label of a page. */
export function labelCell(layout: FnskuLayout, n: number): { x: number; y: number; w: number; h: number } {
  const col = n % layout.cols;
  const row = Math.floor(n / layout.cols);
  return { x: layout.left + col * layout.pitchX, y: layout.top + row * layout.pitchY, w: layout.w, h: layout.h };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Text sizes and heights of a layout's labels, in points. */
function metrics(layout: FnskuLayout) {
  const innerW = (layout.w - 2 * layout.padX) * MM;
  const innerH = (layout.h - 2 * layout.padY) * MM;
  const s = innerH / 62;
  return {
    innerW,
    innerH,
    barH: innerH * 0.4,
    fnskuSize: clamp(8 * s, 7, 11),
    titleSize: clamp(6.5 * s, 5.5, 8.5),
    titleLines: innerH >= 80 ? 2 : 1,
  };
}

/**
 * One PDF of FNSKU labels: each item `quantity` times, in order, filling the sheets row by row
 * (`skip` leaves the first labels of the first sheet empty, for a sheet already partly used).
 * Drawn in slices of a few ms, so other requests are answered meanwhile.
 */
export async function renderFnskuLabels(
  items: FnskuItem[],
  layoutName: FnskuLayoutName,
  opts: { skip?: number } = {},
): Promise<Buffer> {
  const layout: FnskuLayout = FNSKU_LAYOUTS[layoutName];
  const total = items.reduce((s, i) => s + i.quantity, 0);
  if (total < 1 || total > MAX_FNSKU_LABELS) throw new RangeError(`1..${MAX_FNSKU_LABELS} labels, not ${total}`);
  for (const i of items) {
    if (!/^[\x21-\x7e]{1,40}$/.test(i.fnsku)) throw new RangeError(`FNSKU not printable as Code 128: ${i.fnsku}`);
    if (!Number.isInteger(i.quantity) || i.quantity < 0) throw new RangeError(`bad quantity ${i.quantity}`);
  }
  const perPage = labelsPerPage(layout);
  const skip = clamp(Math.trunc(opts.skip ?? 0), 0, perPage - 1);
  await prepareLabelFonts();
  const slicer = new TimeSlicer(LABEL_SLICE_MS);
  const ld = openLabelDoc(`FNSKU labels (${total}, ${layoutName})`);
  const { doc } = ld;
  const m = metrics(layout);
  const fitted = new Map<string, string[]>();
  let slot = skip;
  for (const item of items) {
    const condition = (item.condition ?? 'NEW').trim().toUpperCase() || 'NEW';
    for (let q = 0; q < item.quantity; q++, slot++) {
      await slicer.pause();
      const n = slot % perPage;
      if (n === 0 || slot === skip)
        doc.addPage({ size: layout.page.map((v) => v * MM) as [number, number], margin: 0 });
      const cell = labelCell(layout, n);
      const x = (cell.x + layout.padX) * MM;
      let y = (cell.y + layout.padY) * MM;
      drawCode128(doc, item.fnsku, x, y, m.innerW, m.barH);
      // A label's parts are quick once warm, but the first label of a process runs each for
      // the first time (the barcode encoder, the fonts' first runs): a chance to pause between.
      await slicer.pause();
      y += m.barH + 1;
      // Centred by its measured width (no line wrapper: a third of the time of a label).
      doc.font('Helvetica').fontSize(m.fnskuSize);
      const fw = doc.widthOfString(item.fnsku);
      doc.text(item.fnsku, x + Math.max(0, (m.innerW - fw) / 2), y, { lineBreak: false });
      y += m.fnskuSize * 1.15;
      let lines = fitted.get(item.title);
      if (!lines) {
        await slicer.pause();
        lines = fitLines(doc, item.title, m.titleSize, m.innerW, m.titleLines);
        fitted.set(item.title, lines);
      }
      for (const line of lines) {
        await slicer.pause();
        drawText(doc, line, x, y, m.titleSize, { lineBreak: false });
        y += m.titleSize * 1.25;
      }
      await slicer.pause();
      const condY = (cell.y + cell.h - layout.padY) * MM - m.titleSize * 1.25;
      if (/^[\x20-\x7e]*$/.test(condition))
        doc.font('Helvetica-Bold').fontSize(m.titleSize).text(condition, x, condY, { lineBreak: false });
      else drawText(doc, condition, x, condY, m.titleSize, { lineBreak: false });
    }
  }
  return closeLabelDoc(ld, slicer);
}
