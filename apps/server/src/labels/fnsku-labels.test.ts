import { describe, expect, it } from 'vitest';
import { decodeCode128, notdefGlyphs, openPdf, pageText, renderPage } from '../../test/support/label-pdf-check.js';
import { FNSKU_LAYOUT_NAMES, FNSKU_LAYOUTS, labelCell, labelsPerPage, renderFnskuLabels } from './fnsku-labels.js';
import { MM, openLabelDoc } from './pdf-doc.js';
import { fitLine, textWidth } from './text.js';

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

describe('FNSKU labels: titles, quantities, sheets', () => {
  it('cuts a title by its measured width, with an ellipsis, not by a count of characters', () => {
    const { doc } = openLabelDoc('measure');
    const narrow = fitLine(doc, 'i'.repeat(300), 6.5, 130);
    const wide = fitLine(doc, 'W'.repeat(300), 6.5, 130);
    const chinese = fitLine(doc, '收纳盒'.repeat(100), 6.5, 130);
    for (const s of [narrow, wide, chinese]) {
      expect(s.endsWith('…')).toBe(true);
      expect(textWidth(doc, s, 6.5)).toBeLessThanOrEqual(130);
    }
    // One more letter would not fit: the cut is as long as the width allows.
    expect(textWidth(doc, `${narrow.slice(0, -1)}i…`, 6.5)).toBeGreaterThan(130);
    expect(textWidth(doc, `${wide.slice(0, -1)}W…`, 6.5)).toBeGreaterThan(130);
    expect(narrow.length).toBeGreaterThan(wide.length * 3);
    expect(fitLine(doc, 'Short title', 6.5, 130)).toBe('Short title');
  });

  it('prints each item quantity times in order, a page per thermal label, with the condition', async () => {
    const items = [
      {
        fnsku: 'X001AAAAAA',
        title: `收纳盒 ${'Storage box with a title far too long for one line '.repeat(3)}`,
        quantity: 2,
      },
      { fnsku: 'X001BBBBBB', title: 'Łódź', condition: 'used', quantity: 1 },
    ];
    const pdf = await renderFnskuLabels(items, 'thermal-50x25');
    const doc = await openPdf(pdf);
    expect(doc.numPages).toBe(3);
    const codes: (string | null)[] = [];
    for (let p = 1; p <= 3; p++) codes.push(decodeCode128(await renderPage(doc, p, 6)));
    expect(codes).toEqual(['X001AAAAAA', 'X001AAAAAA', 'X001BBBBBB']);
    const first = await pageText(doc, 1);
    expect(first).toMatch(/收纳盒 Storage box.*…/);
    expect(first).toContain('NEW');
    expect(await pageText(doc, 3)).toContain('USED');
  });

  it('fills sheets row by row, skipping the used labels of the first sheet, and starts a new sheet when full', async () => {
    const layout = FNSKU_LAYOUTS['a4-21'];
    const pdf = await renderFnskuLabels([{ fnsku: 'X001CCCCCC', title: 't', quantity: 20 }], 'a4-21', { skip: 5 });
    const doc = await openPdf(pdf);
    expect(doc.numPages).toBe(2);
    const raster = await renderPage(doc, 1, 4);
    const at = (n: number) => {
      const c = labelCell(layout, n);
      return decodeCode128(raster, { x: c.x * MM, y: c.y * MM, w: c.w * MM, h: c.h * MM });
    };
    expect([0, 4].map(at)).toEqual([null, null]);
    expect([5, 20].map(at)).toEqual(['X001CCCCCC', 'X001CCCCCC']);
    const second = await renderPage(doc, 2, 4);
    const c0 = labelCell(layout, 3);
    const c1 = labelCell(layout, 4);
    expect(decodeCode128(second, { x: c0.x * MM, y: c0.y * MM, w: c0.w * MM, h: c0.h * MM })).toBe('X001CCCCCC');
    expect(decodeCode128(second, { x: c1.x * MM, y: c1.y * MM, w: c1.w * MM, h: c1.h * MM })).toBeNull();
  });

  it('refuses more than 5,000 labels and an FNSKU Code 128 cannot carry', async () => {
    await expect(renderFnskuLabels([{ fnsku: 'X001', title: '', quantity: 5001 }], 'a4-44')).rejects.toThrow(
      RangeError,
    );
    await expect(renderFnskuLabels([{ fnsku: 'X001 é', title: '', quantity: 1 }], 'a4-44')).rejects.toThrow(RangeError);
  });
});
