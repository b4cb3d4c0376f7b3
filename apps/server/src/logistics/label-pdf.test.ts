import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { withEventLoopDelay } from '../../test/support/event-loop.js';
import { sampleLabel } from '../../test/support/heavy-fixtures.js';
import { forgetLabelFonts, prepareLabelFonts } from '../labels/fonts.js';
import { fontRuns, renderLabels, visualRuns } from './label-pdf.js';

/**
 * The text of a PDF as a reader extracts it: each Tj/TJ string decoded through its font's
 * ToUnicode map (the embedded subsets, 2-byte Identity-H codes) or as single bytes (the
 * standard Helvetica). A glyph a font lacks has no Unicode there, so a blank on paper is a
 * missing letter here.
 */
function extractText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2]!;
    const at = body.indexOf('stream');
    let stream: Buffer | null = null;
    if (at >= 0) {
      const start = m.index! + m[0].indexOf(body) + at + 'stream'.length;
      const from = raw[start] === '\r' ? start + 2 : start + 1;
      const data = pdf.subarray(from, raw.indexOf('endstream', from));
      try {
        stream = zlib.inflateSync(data);
      } catch {
        stream = data;
      }
    }
    objects.set(Number(m[1]), { dict: at >= 0 ? body.slice(0, at) : body, stream });
  }
  // Font resource names -> the font's code map (null: a simple font, one byte a character).
  const fonts = new Map<string, Map<number, string> | null>();
  for (const m of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const font = objects.get(Number(m[2]));
    const toUni = font?.dict.match(/\/ToUnicode (\d+) 0 R/);
    if (!toUni) {
      fonts.set(m[1]!, null);
      continue;
    }
    const cmap = objects.get(Number(toUni[1]))!.stream!.toString('latin1');
    const map = new Map<number, string>();
    for (const r of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
      const values = [...r[3]!.matchAll(/<([0-9a-f ]*)>/gi)].map((v) =>
        String.fromCharCode(
          ...v[1]!
            .split(' ')
            .filter(Boolean)
            .map((h) => Number.parseInt(h, 16)),
        ),
      );
      values.forEach((v, i) => {
        map.set(Number.parseInt(r[1]!, 16) + i, v);
      });
    }
    fonts.set(m[1]!, map);
  }
  const out: string[] = [];
  for (const { stream } of objects.values()) {
    const content = stream?.toString('latin1') ?? '';
    if (!/\bT[Jj]\b/.test(content)) continue;
    let font: Map<number, string> | null = null;
    let lineY = Number.NaN;
    for (const t of content.matchAll(
      /\/(F\d+) [\d.]+ Tf|\[((?:[^\]])*)\] TJ|<([0-9a-f]*)> Tj|[\d.-]+ ([\d.-]+) Tm/gi,
    )) {
      if (t[1]) font = fonts.get(t[1]) ?? null;
      else if (t[4] !== undefined) {
        // A new line where the text moves down; runs of one line stay together.
        if (!(Math.abs(Number(t[4]) - lineY) < 3)) out.push('\n');
        lineY = Number(t[4]);
      } else {
        const hexes = t[2] !== undefined ? [...t[2].matchAll(/<([0-9a-f]*)>/gi)].map((h) => h[1]!) : [t[3]!];
        for (const hex of hexes) {
          if (font === null) out.push(Buffer.from(hex, 'hex').toString('latin1'));
          else
            for (let i = 0; i < hex.length; i += 4) out.push(font.get(Number.parseInt(hex.slice(i, i + 4), 16)) ?? '');
        }
      }
    }
  }
  return out.join('');
}

const label = (name: string, lines: string[]) => sampleLabel(name, lines);

describe('labels: Central European letters', () => {
  it('splits text into font runs only where Noto Sans SC lacks a letter', () => {
    expect(fontRuns('张伟 Zhang Wei')).toEqual([{ font: 'cjk', text: '张伟 Zhang Wei' }]);
    expect(fontRuns('Łukasz')).toEqual([
      { font: 'latin-ext', text: 'Ł' },
      { font: 'cjk', text: 'ukasz' },
    ]);
    expect(fontRuns('Dvořák').map((r) => r.font)).toEqual(['cjk', 'latin-ext', 'cjk']);
    // Scripts Noto Sans SC lacks: Cyrillic, Greek, Vietnamese; the space stays in the run.
    expect(fontRuns('Иван Петров')).toEqual([{ font: 'cyrillic', text: 'Иван Петров' }]);
    expect(fontRuns('Αθήνα').every((r) => r.font.startsWith('greek'))).toBe(true);
    expect(fontRuns('Nguyễn').map((r) => r.font)).toEqual(['cjk', 'vietnamese', 'cjk']);
  });

  it('prints Bulgarian, Ukrainian, Greek and Vietnamese addresses with every letter', async () => {
    const cases: [string, string][] = [
      ['Иван Петров', 'ул. Витоша 15, София'],
      ['Олена Ковальчук', 'вул. Хрещатик 1, Київ'],
      ['Γιώργος Παπαδόπουλος', 'Οδός Ερμού 20, Αθήνα'],
      ['Nguyễn Thị Hương', 'Đường Lê Lợi'],
    ];
    // The fonts read as a server reads them (awaited, off the loop), not by this file's earlier tests.
    forgetLabelFonts();
    await prepareLabelFonts();
    const pdf = await renderLabels(
      cases.map(([name, line]) => label(name, [line])),
      '100x100',
    );
    const text = extractText(pdf);
    for (const [name, line] of cases) {
      expect(text).toContain(name);
      expect(text).toContain(line);
    }
  });

  it('prints Polish and Czech names and streets with every letter (extracted from the PDF)', async () => {
    const names = ['Łukasz Wałęsa-Żółć', 'Antonín Dvořák', 'Ödön Erdős'];
    const pdf = await renderLabels(
      [
        label(names[0]!, ['ul. Świętokrzyska 12']),
        label(names[1]!, ['Náměstí Míru 15']),
        label(names[2]!, ['Kőbánya']),
      ],
      '100x150',
    );
    const text = extractText(pdf);
    for (const s of [...names, 'ul. Świętokrzyska 12', 'Náměstí Míru 15', 'Kőbánya', '燕文专线', 'SIM000000001CN'])
      expect(text).toContain(s);
  });
});

/** The text as drawn left to right: right-to-left letters come out of the PDF in reverse. */
const reversed = (s: string) => [...s].reverse().join('');
const words = (text: string) =>
  visualRuns(text)
    .map((r) => r.text.trim())
    .filter(Boolean);

describe('labels: Arabic, Hebrew and Thai (AE and SA buyers)', () => {
  it('draws right-to-left runs in visual order; numbers and Latin words keep theirs', () => {
    expect(fontRuns('محمد').map((r) => r.font)).toEqual(['arabic']);
    expect(fontRuns('דוד').map((r) => r.font)).toEqual(['hebrew']);
    expect(fontRuns('สมชาย').map((r) => r.font)).toEqual(['thai']);
    // A right-to-left line: the number (left to right) goes to the left of the street name.
    expect(words('شارع 12')).toEqual(['12', 'شارع']);
    expect(words('شارع ١٢')).toEqual(['١', '٢', 'شارع']);
    // A left-to-right line with an Arabic name after a Latin one keeps the Latin first.
    expect(words('Ali محمد')[0]).toBe('Ali');
    expect(words('Zhang Wei 张伟')).toEqual(['Zhang Wei 张伟']);
    // Punctuation after a number between Hebrew words follows the line's direction.
    expect(visualRuns('רחוב הרצל 5, תל אביב').map((r) => r.text)).toEqual(['תל אביב', ' ,', '5', 'רחוב הרצל ']);
  });

  it('prints Arabic, Hebrew and Thai names and streets with every letter (none blank)', async () => {
    // Words without dotted Arabic letters: Noto Sans Arabic draws dots as separate marks on shared
    // dotless shapes, which a PDF's Unicode map cannot tell apart (the page shows them right).
    const pdf = await renderLabels(
      [label('محمد عمر', ['دوار الحمام 12']), label('דוד כהן', ['רחוב הרצל 5']), label('สมชาย ใจดี', ['ถนนสุขุมวิท'])],
      '100x150',
    );
    const text = extractText(pdf);
    expect(text).toContain(reversed('محمد عمر'));
    expect(text).toContain(`12 ${reversed('دوار الحمام')}`);
    expect(text).toContain(reversed('דוד כהן'));
    expect(text).toContain(`5 ${reversed('רחוב הרצל')}`);
    expect(text).toContain('สมชาย ใจดี');
    expect(text).toContain('ถนนสุขุมวิท');
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansArabic/);
  });
});

describe('labels: a batch does not hold the event loop (issue 27 §3)', () => {
  it('500 labels are drawn in slices: the worst event-loop delay stays small', async () => {
    await renderLabels([label('张伟', ['ul. Świętokrzyska 12'])], '100x150'); // fonts loaded once
    const labels = Array.from({ length: 500 }, (_, i) => label(`张伟 ${i}`, [`ul. Świętokrzyska ${i}`]));
    const run = await withEventLoopDelay(() => renderLabels(labels, '100x150'));
    expect(run.result.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(500);
    expect(run.maxDelayMs, `worst event-loop delay (the batch took ${run.ms.toFixed(0)} ms)`).toBeLessThan(300);
  });
});
