import { drawCode128 } from '../labels/barcode.js';
import { prepareLabelFonts } from '../labels/fonts.js';
import { closeLabelDoc, LABEL_SLICE_MS, openLabelDoc } from '../labels/pdf-doc.js';
import { drawText } from '../labels/text.js';
import { TimeSlicer } from '../lib/time-slice.js';

export { visualRuns } from '../labels/bidi.js';
export { type FontRun, fontRuns, woffToSfnt } from '../labels/fonts.js';

/**
 * Shipping labels as PDF (issue 18 §2): 100x100 or 100x150 mm, the tracking number as a
 * Code 128 barcode (bars drawn as vectors from bwip-js's encoding, so a page stays small and
 * sharp at any printer resolution) with its digits in Helvetica, the recipient in the label
 * fonts' fallback chain (`../labels/fonts.ts`: Noto Sans SC, then Noto Sans subsets for Central
 * European ő, ł, ř ..., Cyrillic, Greek, Vietnamese, then Arabic, Hebrew, Thai, then slices of
 * the whole Noto Sans SC for symbols), embedded as subsets of the glyphs used, so no system font
 * is needed; Arabic and Hebrew lines are put in visual order (`visualRuns`). A batch is one PDF,
 * a page a label. The chain is read before the document, awaited (`prepareLabelFonts`, as the
 * FBA labels do), so a process's first label neither holds the event loop reading fonts nor
 * depends on which font happened to be read first.
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

/** Renders labels as one PDF. */
export async function renderLabels(labels: LabelData[], size: LabelSizeMm): Promise<Buffer> {
  await prepareLabelFonts();
  const width = 100 * MM;
  const height = (size === '100x150' ? 150 : 100) * MM;
  const tall = size === '100x150';
  const ld = openLabelDoc(labels.length === 1 ? `Label ${labels[0]!.tracking_no}` : `Labels (${labels.length})`);
  const { doc } = ld;
  const m = 4 * MM;
  const inner = width - 2 * m;
  // A batch (up to 2,000 labels) is drawn in slices of a few ms: other requests go on meanwhile.
  const slicer = new TimeSlicer(LABEL_SLICE_MS);
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
    drawText(doc, `${l.channel_name}${l.service ? ` · ${l.service}` : ''}`, m, m + 17, 8, {
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
    drawText(doc, l.recipient.name, m, y, tall ? 12 : 11, { width: inner, height: 16, ellipsis: true });
    y += tall ? 17 : 15;
    const small = tall ? 9.5 : 8.5;
    const addr = [...l.recipient.lines, l.recipient.city_line, l.recipient.country].filter(Boolean);
    for (const line of addr.slice(0, tall ? 5 : 4)) {
      drawText(doc, line, m, y, small, { width: inner, height: 13, ellipsis: true });
      y += tall ? 13 : 11.5;
    }
    if (l.recipient.phone && tall) {
      drawText(doc, `TEL ${l.recipient.phone}`, m, y, small, { width: inner, lineBreak: false });
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
    drawCode128(doc, l.tracking_no, m, y, inner, barH);
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
  return closeLabelDoc(ld, slicer);
}
