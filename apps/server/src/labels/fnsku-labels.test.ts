import { describe, expect, it } from 'vitest';
import { decodeCode128, notdefGlyphs, openPdf, pageText, renderPage } from '../../test/support/label-pdf-check.js';
import { FNSKU_LAYOUT_NAMES, FNSKU_LAYOUTS, labelCell, labelsPerPage, renderFnskuLabels } from './fnsku-labels.js';
import { MM } from './pdf-doc.js';

const fnsku = (i: number) => `X00${String(1000000 + i * 7919).slice(-7)}`.replace(/^X00(\d)/, 'X00A$1').slice(0, 10);

describe('FNSKU labels: every barcode on a full page decodes to its FNSKU', () => {
  for (const name of FNSKU_LAYOUT_NAMES) {
    it(name, async () => {
      const layout = FNSKU_LAYOUTS[name];
      const n = labelsPerPage(layout);
      const items = Array.from({ length: n }, (_, i) => ({
        fnsku: fnsku(i),
        title: `收纳盒 Storage box ąłőřžščęń ${i}`,
        quantity: 1,
      }));
      const pdf = await renderFnskuLabels(items, name);
      const doc = await openPdf(pdf);
      expect(doc.numPages).toBe(1);
      const raster = await renderPage(doc, 1, 4);
      const got = items.map((_, i) => {
        const c = labelCell(layout, i);
        return decodeCode128(raster, { x: c.x * MM, y: c.y * MM, w: c.w * MM, h: c.h * MM });
      });
      expect(got).toEqual(items.map((i) => i.fnsku));
      expect(notdefGlyphs(pdf)).toBe(0);
      const text = await pageText(doc, 1);
      expect(text).toContain(items[0]!.fnsku);
    });
  }
});
