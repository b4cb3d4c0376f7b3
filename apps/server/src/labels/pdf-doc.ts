import PDFDocument from 'pdfkit';
import type { TimeSlicer } from '../lib/time-slice.js';
import { registerLabelFonts } from './fonts.js';

export { LABEL_SLICE_MS } from './fonts.js';

/** A label document being written, with the promise of its bytes. */
export interface LabelDoc {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
}

/** Points per millimetre. */
export const MM = 72 / 25.4;

/** A PDF for labels: no margins, no first page, compressed, every font of the chain registered. */
export function openLabelDoc(title: string): LabelDoc {
  const doc = new PDFDocument({ margin: 0, autoFirstPage: false, compress: true });
  doc.info.Title = title;
  doc.info.Creator = 'store-group console';
  registerLabelFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

interface FinalizableFont {
  finalize(): void;
}

/**
 * Ends the document. The font subsets (the costly part of `end()` for a document with many
 * Chinese characters) are embedded one font at a time with a turn of the event loop between.
 */
export async function closeLabelDoc(ld: LabelDoc, slicer: TimeSlicer): Promise<Buffer> {
  const families = (ld.doc as unknown as { _fontFamilies: Record<string, FinalizableFont> })._fontFamilies;
  for (const font of Object.values(families)) {
    await slicer.pause();
    font.finalize();
  }
  await slicer.pause();
  ld.doc.end();
  return ld.done;
}
