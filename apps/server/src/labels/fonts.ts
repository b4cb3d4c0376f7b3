import fs from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import * as fontkit from 'fontkit';
import { TimeSlicer } from '../lib/time-slice.js';

const inflate = promisify(zlib.inflate);

/**
 * The one font fallback chain of every label PDF (logistics labels, FNSKU and carton labels;
 * docs/labels.md). Fonts come from the `@fontsource/*` npm packages (WOFF, unpacked once per
 * process) and are embedded as subsets of the glyphs used, so no system font is needed.
 *
 * Chain, per character: Noto Sans SC (simplified Chinese with basic Latin) first, then the Noto
 * Sans subsets latin (full Latin-1), latin-ext (Central European ą ł ő ř ...), cyrillic,
 * cyrillic-ext, greek, greek-ext, vietnamese, then Noto Sans Arabic, Hebrew and Thai, and last
 * the slices of the whole Noto Sans SC (symbols such as → ★). The first font that has a glyph
 * (not .notdef) for the character draws it; fonts are read only when a text first needs them.
 */

/**
 * The slice of a label renderer: half the default. A label document makes garbage fast, and a
 * collection landing in a slice adds to it; 4 ms slices halved the worst turn of 5,000 labels
 * (17-25 ms to 10-18 ms wall on a quiet machine) for the same total time.
 */
export const LABEL_SLICE_MS = 4;

const require = createRequire(import.meta.url);

/** A WOFF table: its tag and checksum, the bytes as stored and the length once inflated. */
interface WoffTable {
  tag: number;
  checksum: number;
  raw: Buffer;
  origLength: number;
}

function woffTables(woff: Buffer): { flavor: number; tables: WoffTable[] } {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  const tables: WoffTable[] = [];
  for (let i = 0; i < numTables; i++) {
    const e = 44 + i * 20;
    const offset = woff.readUInt32BE(e + 4);
    const compLength = woff.readUInt32BE(e + 8);
    tables.push({
      tag: woff.readUInt32BE(e),
      checksum: woff.readUInt32BE(e + 16),
      raw: woff.subarray(offset, offset + compLength),
      origLength: woff.readUInt32BE(e + 12),
    });
  }
  return { flavor: woff.readUInt32BE(4), tables };
}

/** The table directory of the TrueType/OpenType file of `tables`, and where each table goes. */
function sfntLayout(flavor: number, tables: { tag: number; checksum: number; length: number }[]) {
  const numTables = tables.length;
  let pow = 1;
  let log = 0;
  while (pow * 2 <= numTables) {
    pow *= 2;
    log++;
  }
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(pow * 16, 6);
  header.writeUInt16BE(log, 8);
  header.writeUInt16BE(numTables * 16 - pow * 16, 10);
  const offsets: number[] = [];
  let offset = header.length;
  tables.forEach((t, i) => {
    const e = 12 + i * 16;
    header.writeUInt32BE(t.tag, e);
    header.writeUInt32BE(t.checksum, e + 4);
    header.writeUInt32BE(offset, e + 8);
    header.writeUInt32BE(t.length, e + 12);
    offsets.push(offset);
    offset += (t.length + 3) & ~3;
  });
  return { header, offsets, size: offset };
}

/** The TrueType/OpenType file of a WOFF's tables, each given inflated (`data`). */
function sfnt(flavor: number, tables: (WoffTable & { data: Buffer })[]): Buffer {
  const { header, offsets, size } = sfntLayout(
    flavor,
    tables.map((t) => ({ ...t, length: t.data.length })),
  );
  // One zeroed buffer (the tables' padding), each table copied to its place.
  const out = Buffer.alloc(size);
  header.copy(out);
  for (const [i, t] of tables.entries()) t.data.copy(out, offsets[i]);
  return out;
}

/**
 * WOFF 1.0 -> the plain TrueType/OpenType font inside (tables inflated with node's zlib).
 * fontkit reads WOFF itself but inflates with a JavaScript inflater on every document (about
 * 6 s for the 1.5 MB CJK font); done once here, a document costs milliseconds.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  const { flavor, tables } = woffTables(woff);
  return sfnt(
    flavor,
    tables.map((t) => ({ ...t, data: t.raw.length < t.origLength ? zlib.inflateSync(t.raw) : Buffer.from(t.raw) })),
  );
}

/** The same, the tables inflated on libuv's thread pool (the event loop stays free). */
async function woffToSfntAsync(woff: Buffer, slicer: TimeSlicer): Promise<Buffer> {
  const { flavor, tables } = woffTables(woff);
  const data = await Promise.all(
    tables.map((t) => (t.raw.length < t.origLength ? inflate(t.raw) : Promise.resolve(Buffer.from(t.raw)))),
  );
  const { header, offsets, size } = sfntLayout(
    flavor,
    tables.map((t, i) => ({ ...t, length: data[i]!.length })),
  );
  // The Chinese font is 4 MB once inflated: copied a megabyte at a time, between turns.
  const out = Buffer.allocUnsafe(size);
  header.copy(out);
  const CHUNK = 1 << 20;
  for (const [i, d] of data.entries()) {
    const at = offsets[i]!;
    for (let from = 0; from < d.length; from += CHUNK) {
      d.copy(out, at + from, from, Math.min(d.length, from + CHUNK));
      await slicer.pause();
    }
    // The padding to the next table's 4-byte boundary (allocUnsafe leaves it as it found it).
    out.fill(0, at + d.length, i + 1 < offsets.length ? offsets[i + 1] : size);
  }
  return out;
}

/** A font unpacked once, with the code points it has (non-empty) glyphs for. */
export interface LoadedFont {
  bytes: Buffer;
  /** The parsed font, shared by every document (pdfkit takes a fontkit font as a source, so a
   * document does not parse the font again: 100-200 ms for Noto Sans SC). */
  font: fontkit.Font;
  has: ReadonlySet<number>;
  /** Ascent per unit of font size (pdfkit places a line's top, the baseline below it by this). */
  ascent: number;
}

/**
 * The code points a font really draws: in its cmap, and mapped to a glyph other than .notdef.
 * (A cmap entry pointing at glyph 0 would print a blank or a box, so it does not count.)
 */
function drawable(font: fontkit.Font): Set<number> {
  const has = new Set<number>();
  for (const cp of font.characterSet) if (font.glyphForCodePoint(cp).id !== 0) has.add(cp);
  return has;
}

function loadFont(file: string): LoadedFont {
  const bytes = woffToSfnt(fs.readFileSync(require.resolve(file)));
  const font = fontkit.create(bytes);
  if (!('characterSet' in font)) throw new Error(`${file}: a font collection, not one font`);
  // The cmap is scanned on an instance of its own: fontkit keeps each glyph with the code points
  // it was first made for, and the documents' instance must get them from text layout (its
  // Unicode map for copy and search, e.g. Arabic letters rather than presentation forms).
  const scan = fontkit.create(bytes) as fontkit.Font;
  return { bytes, font, has: drawable(scan), ascent: font.ascent / font.unitsPerEm };
}

/** The chain in order: the name a document registers the font under, and its file. */
export const FONT_CHAIN = {
  cjk: '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff',
  latin: '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff',
  'latin-ext': '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff',
  cyrillic: '@fontsource/noto-sans/files/noto-sans-cyrillic-400-normal.woff',
  'cyrillic-ext': '@fontsource/noto-sans/files/noto-sans-cyrillic-ext-400-normal.woff',
  greek: '@fontsource/noto-sans/files/noto-sans-greek-400-normal.woff',
  'greek-ext': '@fontsource/noto-sans/files/noto-sans-greek-ext-400-normal.woff',
  vietnamese: '@fontsource/noto-sans/files/noto-sans-vietnamese-400-normal.woff',
  arabic: '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff',
  hebrew: '@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-400-normal.woff',
  thai: '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff',
} as const;
type ChainName = keyof typeof FONT_CHAIN;
/** A font of the chain, or a slice of the whole Noto Sans SC (`sc-<n>`, the last resort). */
export type FontName = ChainName | `sc-${number}`;
const CHAIN = Object.keys(FONT_CHAIN) as ChainName[];
/** The fonts of right-to-left scripts: their runs are laid out (and reversed) by fontkit's shaper. */
export const RTL_FONTS: ReadonlySet<FontName> = new Set<FontName>(['arabic', 'hebrew']);
const loaded = new Map<FontName, LoadedFont>();

/**
 * The last resort: the whole Noto Sans SC comes in about 100 numbered slices (the web font's
 * `unicode-range` subsets, listed in the package's 400.css); symbols the chain lacks (→ ★ ①,
 * rare characters) are in one of them. Each slice is read when a text first needs it.
 */
interface Slice {
  n: number;
  ranges: [number, number][];
}
let slices: Slice[] | null = null;

function scSlices(): Slice[] {
  if (!slices) {
    const css = fs.readFileSync(require.resolve('@fontsource/noto-sans-sc/400.css'), 'utf8');
    slices = [];
    for (const block of css.split('@font-face').slice(1)) {
      const file = /noto-sans-sc-(\d+)-400-normal\.woff\)/.exec(block);
      const range = /unicode-range:([^;]*);/.exec(block);
      if (!file || !range) continue;
      const ranges = range[1]!.split(',').map((r): [number, number] => {
        const [lo, hi] = r.trim().replace(/^U\+/i, '').split('-');
        return [Number.parseInt(lo!, 16), Number.parseInt(hi ?? lo!, 16)];
      });
      slices.push({ n: Number(file[1]), ranges });
    }
  }
  return slices;
}

/** A font of the chain (or an SC slice), read and unpacked on first use. */
export function chainFont(name: FontName): LoadedFont {
  let f = loaded.get(name);
  if (!f) {
    const file = name.startsWith('sc-')
      ? `@fontsource/noto-sans-sc/files/noto-sans-sc-${name.slice(3)}-400-normal.woff`
      : FONT_CHAIN[name as ChainName];
    f = loadFont(file);
    loaded.set(name, f);
  }
  return f;
}

const preparing = new Map<ChainName, Promise<void>>();

/** The code points a font draws, scanned in slices (Noto Sans SC has 8,000). */
async function drawableSliced(font: fontkit.Font, slicer: TimeSlicer): Promise<Set<number>> {
  const has = new Set<number>();
  let n = 0;
  for (const cp of font.characterSet) {
    if (font.glyphForCodePoint(cp).id !== 0) has.add(cp);
    if (++n % 256 === 0) await slicer.pause();
  }
  return has;
}

/** The part of fontkit's font object read lazily: lists decoded an item at a time. */
interface LazyList<T> {
  length: number;
  get?: (i: number) => T;
}
interface LookupTable {
  lookupList?: LazyList<{ subTables?: LazyList<unknown> }>;
}
const itemOf = <T>(list: LazyList<T>, i: number): T | undefined =>
  list.get ? list.get(i) : (list as unknown as T[])[i];
const isLazyList = (v: unknown): v is LazyList<unknown> =>
  typeof v === 'object' && v !== null && typeof (v as LazyList<unknown>).get === 'function' && 'length' in v;

/**
 * Decodes the font's Unicode cmap (fontkit's characterSet and first lookup decode all its
 * ranges at once: 10-16 ms for Noto Sans SC) a few hundred entries at a time between turns.
 */
async function readCmap(font: fontkit.Font, slicer: TimeSlicer): Promise<void> {
  const cmap = (font as unknown as { _cmapProcessor?: { cmap?: Record<string, unknown> } })._cmapProcessor?.cmap;
  await slicer.pause();
  for (const list of Object.values(cmap ?? {}).filter(isLazyList)) {
    for (let i = 0; i < list.length; i++) {
      itemOf(list, i);
      if (i % 256 === 255) await slicer.pause();
    }
    await slicer.pause();
  }
}

/** Decodes what a font's first layout would (each table, each lookup), pausing between. */
async function readLayoutTables(font: fontkit.Font, slicer: TimeSlicer): Promise<void> {
  const lazy = font as unknown as Record<string, unknown>;
  for (const tag of ['hmtx', 'OS/2', 'GDEF', 'GSUB', 'GPOS', 'kern']) {
    void lazy[tag];
    await slicer.pause();
  }
  for (const tag of ['GSUB', 'GPOS']) {
    const lookups = (lazy[tag] as LookupTable | undefined)?.lookupList;
    for (let i = 0; lookups && i < lookups.length; i++) {
      const subTables = itemOf(lookups, i)?.subTables;
      for (let j = 0; subTables && j < subTables.length; j++) {
        itemOf(subTables, j);
        await slicer.pause();
      }
    }
  }
}

async function prepareFont(name: ChainName): Promise<void> {
  const slicer = new TimeSlicer(LABEL_SLICE_MS);
  const bytes = await woffToSfntAsync(await fs.promises.readFile(require.resolve(FONT_CHAIN[name])), slicer);
  await slicer.pause();
  const font = fontkit.create(bytes) as fontkit.Font;
  await slicer.pause();
  const scan = fontkit.create(bytes) as fontkit.Font;
  await slicer.pause();
  await readCmap(scan, slicer);
  const has = await drawableSliced(scan, slicer);
  await slicer.pause();
  // fontkit reads the layout tables on the first layout (30-40 ms of CPU for latin-ext, mostly
  // its GPOS kerning lookups): here rather than inside the first label, a table and a lookup at
  // a time between turns, so that the first layout itself is short (under 10 ms).
  await readCmap(font, slicer);
  await readLayoutTables(font, slicer);
  font.layout(String.fromCodePoint(...[...has].slice(0, 24)));
  // ...but not its glyphs: fontkit keeps each glyph with the code points it was first made for,
  // and a combining mark made here from its own code point (U+0323) would later copy as an extra
  // letter where a shaped text uses it as a component ("Thị" read back as "Thị̣").
  (font as unknown as { _glyphs: Record<number, unknown> })._glyphs = {};
  if (!loaded.has(name)) loaded.set(name, { bytes, font, has, ascent: font.ascent / font.unitsPerEm });
}

/**
 * Reads every font of the chain without holding the event loop: the files read and inflated
 * off the loop, the cmap scanned in slices, a turn between fonts. The renderers await it before
 * a document, so even a process's first label PDF leaves the loop free (the synchronous
 * `chainFont` then finds them read; docs/labels.md "Not blocking the server").
 */
export async function prepareLabelFonts(): Promise<void> {
  for (const name of CHAIN) {
    if (loaded.has(name)) continue;
    let p = preparing.get(name);
    if (!p) {
      p = prepareFont(name).finally(() => preparing.delete(name));
      preparing.set(name, p);
    }
    await p;
    await new Promise<void>((r) => setImmediate(r));
  }
}

/** Forgets the fonts read (tests measuring a process's first label PDF). */
export function forgetLabelFonts(): void {
  loaded.clear();
}

/** Ascent of the first font (the line's baseline for mixed runs). */
export function baseAscent(): number {
  return chainFont('cjk').ascent;
}

/** A font as pdfkit's `registerFont` source: the parsed fontkit font (its types say bytes only). */
const fontSource = (name: FontName) => chainFont(name).font as unknown as Buffer;

const registered = new WeakMap<PDFKit.PDFDocument, Set<FontName>>();

/**
 * Registers every font of the chain with a document under its chain name (pdfkit embeds only
 * those a page uses, as subsets); SC slices are registered by `useFont` when first drawn.
 */
export function registerLabelFonts(doc: PDFKit.PDFDocument): void {
  for (const name of CHAIN) doc.registerFont(name, fontSource(name));
  registered.set(doc, new Set(CHAIN));
}

/** Selects a font of the chain (registering an SC slice on first use) at a size. */
export function useFont(doc: PDFKit.PDFDocument, name: FontName, size: number): PDFKit.PDFDocument {
  let names = registered.get(doc);
  if (!names) {
    names = new Set();
    registered.set(doc, names);
  }
  if (!names.has(name)) {
    doc.registerFont(name, fontSource(name));
    names.add(name);
  }
  return doc.font(name).fontSize(size);
}

/** A piece of text and the registered font that draws it. */
export interface FontRun {
  font: FontName;
  text: string;
  /** Arabic-Indic digits: each its own run, so a number keeps its left-to-right order in Arabic text. */
  digit?: true;
}

/** Arabic-Indic and Eastern Arabic-Indic digits (numbers run left to right inside Arabic text). */
export const isArabicDigit = (cp: number) => (cp >= 0x660 && cp <= 0x669) || (cp >= 0x6f0 && cp <= 0x6f9);
/** Hebrew, Arabic and their presentation forms: letters of right-to-left scripts. */
const isRtlLetter = (cp: number) =>
  !isArabicDigit(cp) &&
  ((cp >= 0x590 && cp <= 0x8ff) || (cp >= 0xfb1d && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfefc));

const lastResort = new Map<number, FontName | null>();

/** The first font of the chain that draws a code point, or null when none does. */
export function fontFor(cp: number): FontName | null {
  const inChain = CHAIN.find((name) => chainFont(name).has.has(cp));
  if (inChain) return inChain;
  const cached = lastResort.get(cp);
  if (cached !== undefined) return cached;
  let found: FontName | null = null;
  for (const sl of scSlices()) {
    if (!sl.ranges.some(([lo, hi]) => cp >= lo && cp <= hi)) continue;
    const name: FontName = `sc-${sl.n}`;
    if (chainFont(name).has.has(cp)) {
      found = name;
      break;
    }
  }
  if (lastResort.size >= 10_000) lastResort.clear();
  lastResort.set(cp, found);
  return found;
}

/**
 * Splits text into runs by font: the first font of the chain that has the glyph; a character no
 * font has stays in the current run (a blank). Characters the current run's font has (spaces,
 * punctuation) stay in it, so a name switches fonts only where it must; a run of a right-to-left
 * script keeps only its own letters and spaces (digits and Latin go to their own runs, which keep
 * their left-to-right order, see `visualRuns`).
 */
export function fontRuns(text: string): FontRun[] {
  const runs: FontRun[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const current = runs.at(-1);
    let font: FontName;
    const keeps =
      current &&
      current.font !== 'cjk' &&
      !current.digit &&
      chainFont(current.font).has.has(cp) &&
      (!RTL_FONTS.has(current.font) || isRtlLetter(cp) || /\s/.test(ch));
    if (keeps) font = current.font;
    else font = fontFor(cp) ?? current?.font ?? 'cjk';
    const digit = isArabicDigit(cp);
    if (current?.font === font && !digit && !current.digit) current.text += ch;
    else runs.push(digit ? { font, text: ch, digit: true } : { font, text: ch });
  }
  return runs.length ? runs : [{ font: 'cjk', text }];
}
