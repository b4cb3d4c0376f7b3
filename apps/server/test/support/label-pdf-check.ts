import zlib from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import zxing from '@zxing/library';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// A CommonJS package: its default export is the module (named imports fail under plain node).
const { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } = zxing;

/**
 * Test helpers that look at a label PDF as a reader does: pdf.js renders a page to pixels (on
 * @napi-rs/canvas) and ZXing decodes the barcodes in them; pdf.js extracts the text; the content
 * streams are searched for glyph id 0 (.notdef, a blank or a box on paper).
 */

type PdfDoc = Awaited<ReturnType<typeof getDocument>['promise']>;

export async function openPdf(pdf: Buffer): Promise<PdfDoc> {
  return getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 }).promise;
}

/** A page rendered in grey levels (one byte a pixel) at `scale` pixels per point. */
export interface Raster {
  width: number;
  height: number;
  grey: Uint8ClampedArray;
  scale: number;
}

export async function renderPage(doc: PdfDoc, pageNo: number, scale: number): Promise<Raster> {
  const page = await doc.getPage(pageNo);
  const vp = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(vp.width), Math.ceil(vp.height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  // pdf.js accepts any 2D context of the canvas API; @napi-rs/canvas's is one.
  await page.render({ canvasContext: ctx as never, canvas: canvas as never, viewport: vp }).promise;
  const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  const grey = new Uint8ClampedArray(canvas.width * canvas.height);
  for (let i = 0; i < grey.length; i++) grey[i] = (rgba[i * 4]! + rgba[i * 4 + 1]! + rgba[i * 4 + 2]!) / 3;
  return { width: canvas.width, height: canvas.height, grey, scale };
}

/**
 * Decodes the one Code 128 barcode in a box of a rendered page (in points from the top-left
 * corner), or null when ZXing finds none.
 */
export function decodeCode128(r: Raster, box?: { x: number; y: number; w: number; h: number }): string | null {
  const b = box ?? { x: 0, y: 0, w: r.width / r.scale, h: r.height / r.scale };
  const x0 = Math.max(0, Math.floor(b.x * r.scale));
  const y0 = Math.max(0, Math.floor(b.y * r.scale));
  const w = Math.min(r.width - x0, Math.ceil(b.w * r.scale));
  const h = Math.min(r.height - y0, Math.ceil(b.h * r.scale));
  const crop = new Uint8ClampedArray(w * h);
  for (let y = 0; y < h; y++) crop.set(r.grey.subarray((y0 + y) * r.width + x0, (y0 + y) * r.width + x0 + w), y * w);
  const reader = new MultiFormatReader();
  reader.setHints(
    new Map<zxing.DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
      [DecodeHintType.TRY_HARDER, true],
    ]),
  );
  try {
    return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(crop, w, h)))).getText();
  } catch {
    return null;
  }
}

/** The text pdf.js extracts from a page (its items joined, a line break between lines). */
export async function pageText(doc: PdfDoc, pageNo: number): Promise<string> {
  const page = await doc.getPage(pageNo);
  const tc = await page.getTextContent();
  return tc.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : '') : '')).join('');
}

/**
 * How many glyphs of embedded (Identity-H, two bytes a glyph) fonts are glyph 0, .notdef: a
 * letter the font had no glyph for. pdfkit's subsets keep glyph 0 as 0, so a 0000 code in a
 * shown string is a blank (or a box) on paper.
 */
export function notdefGlyphs(pdf: Buffer): number {
  const raw = pdf.toString('latin1');
  // Resource names of the embedded (Type0) fonts, and every content stream.
  const type0 = new Set<string>();
  const objs = new Map<number, string>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) objs.set(Number(m[1]), m[2]!);
  for (const m of raw.matchAll(/\/(F\d+) (\d+) 0 R/g))
    if (/\/Subtype \/Type0/.test(objs.get(Number(m[2])) ?? '')) type0.add(m[1]!);
  let count = 0;
  for (const body of objs.values()) {
    const at = body.indexOf('stream');
    if (at < 0 || !/\/FlateDecode/.test(body.slice(0, at))) continue;
    const start = at + 'stream'.length + (body[at + 6] === '\r' ? 2 : 1);
    let content: string;
    try {
      content = zlib
        .inflateSync(Buffer.from(body.slice(start, body.lastIndexOf('endstream')), 'latin1'))
        .toString('latin1');
    } catch {
      continue;
    }
    if (!/\bT[Jj]\b/.test(content)) continue;
    let embedded = false;
    for (const t of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ|<([0-9a-f]*)> Tj/gi)) {
      if (t[1]) embedded = type0.has(t[1]);
      else if (embedded)
        for (const hex of t[2] !== undefined ? [...t[2].matchAll(/<([0-9a-f]*)>/gi)].map((h) => h[1]!) : [t[3]!])
          for (let i = 0; i < hex.length; i += 4) if (Number.parseInt(hex.slice(i, i + 4), 16) === 0) count++;
    }
  }
  return count;
}
