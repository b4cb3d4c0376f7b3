import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { sampleLabel } from '../../test/support/heavy-fixtures.js';
import { notdefGlyphs, openPdf, pageText } from '../../test/support/label-pdf-check.js';
import { probeEventLoop } from '../../test/support/loop-probe.js';
import { TimeSlicer } from '../lib/time-slice.js';
import { renderLabels } from '../logistics/label-pdf.js';
import { renderFnskuLabels } from './fnsku-labels.js';
import { chainFont, FONT_CHAIN, fontFor, fontRuns, forgetLabelFonts, prepareLabelFonts, woffToSfnt } from './fonts.js';
import { closeLabelDoc, openLabelDoc } from './pdf-doc.js';

/** Central European letters, Chinese, and symbols common in product titles. */
const CENTRAL = 'ąłőřžščęń ĄŁŐŘŽŠČĘŃ ůťďľĺŕ';
const CHINESE = '收纳盒 大容量 桌面整理';
const SYMBOLS = '→ ★ ¥ © ° × ① ±';

describe('the label font chain', () => {
  it('gives every letter a font with a real glyph (not .notdef, not empty)', () => {
    for (const ch of `${CENTRAL}${CHINESE}${SYMBOLS}`.replace(/\s/g, '')) {
      const cp = ch.codePointAt(0)!;
      const name = fontFor(cp);
      expect(name, ch).not.toBeNull();
      const font = fontkit.create(chainFont(name!).bytes) as fontkit.Font;
      const glyph = font.glyphForCodePoint(cp);
      expect(glyph.id, `${ch} in ${name}`).not.toBe(0);
      expect(glyph.path.commands.length, `${ch} in ${name}`).toBeGreaterThan(0);
    }
  });

  it('reads each font off the loop into the same bytes as at once (tables copied a megabyte at a time)', async () => {
    forgetLabelFonts();
    await prepareLabelFonts();
    const require = createRequire(import.meta.url);
    for (const [name, file] of Object.entries(FONT_CHAIN)) {
      const atOnce = woffToSfnt(fs.readFileSync(require.resolve(file)));
      expect(chainFont(name as keyof typeof FONT_CHAIN).bytes.equals(atOnce), name).toBe(true);
    }
  });

  it('keeps a text in one font where it can', () => {
    expect(fontRuns('收纳盒 Storage Box')).toEqual([{ font: 'cjk', text: '收纳盒 Storage Box' }]);
    expect(fontRuns('Wałęsa').map((r) => r.font)).toEqual(['cjk', 'latin-ext', 'cjk']);
    expect(fontRuns('深圳→LEJ1')[1]!.font).toMatch(/^sc-\d+$/);
  });

  it('the .notdef check fails on a PDF that draws a letter its font lacks', async () => {
    const ld = openLabelDoc('control');
    ld.doc.addPage({ size: [200, 100], margin: 0 });
    ld.doc.font('cjk').fontSize(10).text('A → ★', 10, 10);
    const pdf = await closeLabelDoc(ld, new TimeSlicer());
    expect(notdefGlyphs(pdf)).toBe(2);
  });
});

describe('labels print Chinese, Central European letters and symbols with real glyphs', () => {
  it("a process's first logistics label awaits the font chain: every letter prints, the loop is not held", async () => {
    // The fonts forgotten: the label reads the chain itself (awaited, off the loop), as the FBA labels do.
    // Read synchronously on first use instead, the Chinese font alone holds the loop 200-300 ms of CPU.
    forgetLabelFonts();
    const run = await probeEventLoop(() =>
      renderLabels([sampleLabel(`张伟 Łukasz Wałęsa`, [`ul. Świętokrzyska 12, ${CENTRAL}`, CHINESE])], '100x150'),
    );
    expect(notdefGlyphs(run.result)).toBe(0);
    const text = await pageText(await openPdf(run.result), 1);
    for (const s of ['张伟 Łukasz Wałęsa', 'ul. Świętokrzyska 12', CENTRAL, CHINESE]) expect(text).toContain(s);
    expect(run.maxCpuMs, `worst turn of ${run.ticks} in ${run.ms.toFixed(0)} ms`).toBeLessThan(150);
  });

  it('logistics label (100x150)', async () => {
    // The name is too long for its line: cut after a Central European run, its ellipsis prints too.
    const name = `${CHINESE} ${CENTRAL} ${CENTRAL} ${CENTRAL}`;
    const pdf = await renderLabels([sampleLabel(name, [CENTRAL, SYMBOLS])], '100x150');
    expect(notdefGlyphs(pdf)).toBe(0);
    const text = await pageText(await openPdf(pdf), 1);
    for (const s of [CHINESE, CENTRAL, '…']) expect(text).toContain(s);
  });

  it('FNSKU labels (thermal 60x30 and A4 21)', async () => {
    const items = [
      { fnsku: 'X001ABCDEF', title: CHINESE, quantity: 1 },
      { fnsku: 'X001ABCDEG', title: 'ąłőřžščęń', quantity: 1 },
      { fnsku: 'X001ABCDEH', title: '★ → ¥', quantity: 1 },
    ];
    for (const layout of ['thermal-60x30', 'a4-21'] as const) {
      const pdf = await renderFnskuLabels(items, layout);
      expect(notdefGlyphs(pdf), layout).toBe(0);
      const doc = await openPdf(pdf);
      let text = '';
      for (let p = 1; p <= doc.numPages; p++) text += await pageText(doc, p);
      for (const i of items) expect(text).toContain(i.title);
    }
  });
});
