import bwipjs from 'bwip-js/node';

/**
 * Code 128 barcodes drawn as vector bars from bwip-js's encoding (a page stays small and sharp at
 * any printer resolution). The encodings of a document's texts are kept (an FNSKU printed 500
 * times is encoded once).
 */

const cache = new Map<string, number[]>();

/** Code 128 module widths (bar, space, bar ...) of a text. */
export function code128Modules(text: string): number[] {
  let sbs = cache.get(text);
  if (!sbs) {
    const enc = bwipjs.raw('code128', text, {}) as Array<{ sbs?: number[] }>;
    sbs = enc[0]?.sbs ?? [];
    if (cache.size >= 20_000) cache.clear();
    cache.set(text, sbs);
  }
  return sbs;
}

/** Quiet zone each side, in modules (ISO/IEC 15417 asks for 10). */
export const QUIET_MODULES = 10;

/**
 * Draws a Code 128 barcode of `text` into the box (x, y, width at most `maxW`, height `h`),
 * centred with its quiet zones, a module at most `maxUnit` points wide. Returns the module width.
 */
export function drawCode128(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  maxW: number,
  h: number,
  maxUnit = 1.2,
): number {
  const sbs = code128Modules(text);
  const modules = sbs.reduce((s, n) => s + n, 0) + 2 * QUIET_MODULES;
  const unit = Math.min(maxW / modules, maxUnit);
  let cx = x + (maxW - modules * unit) / 2 + QUIET_MODULES * unit;
  sbs.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(cx, y, w * unit, h);
    cx += w * unit;
  });
  doc.fill('#000');
  return unit;
}
