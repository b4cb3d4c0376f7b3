import { describe, expect, it } from 'vitest';
import { decodeCode128, notdefGlyphs, openPdf, pageText, renderPage } from '../../test/support/label-pdf-check.js';
import { type CartonLabel, renderCartonLabels } from './carton-labels.js';

const box = (n: number, count: number, over: Partial<CartonLabel> = {}): CartonLabel => ({
  box_id: `FBA15K7Q2X9LU${String(n).padStart(6, '0')}`,
  shipment_id: 'FBA15K7Q2X9L',
  shipment_name: '2026-11 头程 深圳→LEJ1 第3批',
  box_no: n,
  box_count: count,
  ship_from: {
    name: '深圳市宝安区跨境仓 王磊',
    lines: ['西乡街道 固戍二路 88号'],
    city_line: 'Shenzhen 518000',
    country: 'CN',
  },
  ship_to: {
    name: 'Amazon.de LEJ1',
    lines: ['Amazonstraße 1'],
    city_line: '04347 Leipzig',
    country: 'DE',
  },
  contents: [
    { sku: 'BOX-RED-ł', quantity: 12 },
    { sku: 'BOX-BLUE', quantity: 8 },
  ],
  weight_g: 12_345,
  ...over,
});

describe('carton labels (100x150 mm)', () => {
  it('every box id decodes from the rendered page; texts print with every letter', async () => {
    const boxes = [1, 2, 3].map((n) => box(n, 3));
    boxes[2] = box(3, 3, {
      ship_from: {
        name: 'Łukasz Wałęsa-Żółć',
        lines: ['ul. Świętokrzyska 12'],
        city_line: '00-001 Warszawa',
        country: 'PL',
      },
      contents: Array.from({ length: 12 }, (_, i) => ({ sku: `SKU-${i}`, quantity: i + 1 })),
    });
    const pdf = await renderCartonLabels(boxes);
    const doc = await openPdf(pdf);
    expect(doc.numPages).toBe(3);
    for (let p = 1; p <= 3; p++) {
      const raster = await renderPage(doc, p, 3);
      expect(decodeCode128(raster)).toBe(boxes[p - 1]!.box_id);
      const text = await pageText(doc, p);
      expect(text).toContain(`BOX ${p} OF 3`);
      expect(text).toContain(boxes[p - 1]!.box_id);
    }
    const first = await pageText(doc, 1);
    for (const s of [
      '2026-11 头程 深圳→LEJ1 第3批',
      'Amazonstraße 1',
      '深圳市宝安区跨境仓 王磊',
      'BOX-RED-ł',
      '12.35 KG',
      'CONTENTS: 2 SKU, 20 UNITS',
    ])
      expect(first).toContain(s);
    const third = await pageText(doc, 3);
    expect(third).toContain('Łukasz Wałęsa-Żółć');
    expect(third).toContain('ul. Świętokrzyska 12');
    expect(third).toContain('+ 5 more SKU');
    expect(notdefGlyphs(pdf)).toBe(0);
  });

  it('refuses a box id Code 128 cannot carry, and no boxes', async () => {
    await expect(renderCartonLabels([box(1, 1, { box_id: 'FBA 15' })])).rejects.toThrow(RangeError);
    await expect(renderCartonLabels([])).rejects.toThrow(RangeError);
  });
});
