import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError, badRequest } from './app-error.js';
import { csvLineCells } from './csv.js';
import { TimeSlicer } from './time-slice.js';

/**
 * The one reader of every uploaded table (issue 27 §3): .xlsx, .csv and .txt files of the
 * imports (EAN codes, ASINs, and any import added later). It reads as a stream and stops at
 * its limits, so a small hostile file costs milliseconds:
 * - rows: reading stops at the first row past `maxRows` (+1 for a header) → 文件过大: 最多N行;
 * - cells: every cell of the sheet counts, empty or not → 文件过大: 最多N个单元格;
 * - columns: a cell past `maxColumns` → 文件过大: 最多N列;
 * - bytes: the file itself (`maxFileBytes`), and what is inflated from the zip, counted as it
 *   is inflated (a header that lies about sizes changes nothing) → 文件过大(解压后超过N MB);
 * - the zip: at most `MAX_ENTRIES` entries; encrypted, broken or oddly named ones → 文件不是有效的xlsx文件.
 * The work runs in slices of a few milliseconds (inflating in libuv's pool, the XML parsed chunk
 * by chunk with a turn for other requests between chunks), so no import holds the event loop.
 * The sheet's XML is read first and only the shared strings its rows use are kept afterwards.
 */

/** The rows and cells one import may carry. */
export interface SheetLimits {
  /** Most non-empty rows (one more is allowed for a header row). */
  maxRows: number;
  /** Most cells, empty ones of a sheet included. */
  maxCells: number;
  /** Most columns (default 256). */
  maxColumns?: number;
  /** Most bytes inflated from an .xlsx, all parts together (default 32 MB). */
  maxBytes?: number;
  /** Most bytes of the file itself (default 2 MB). */
  maxFileBytes?: number;
}

/** A non-empty row of a table: its 1-based line (CSV/TXT) or row number (xlsx) and its cells (trimmed). */
export interface SheetRow {
  line: number;
  cells: string[];
}

/** The kinds of file the reader knows, by extension. */
export type SheetKind = 'xlsx' | 'csv' | 'txt';

const MB = 1024 * 1024;
const DEFAULT_MAX_BYTES = 32 * MB;
const DEFAULT_MAX_FILE_BYTES = 2 * MB;
const DEFAULT_MAX_COLUMNS = 256;
/** Most entries of an .xlsx zip (a real workbook has tens). */
const MAX_ENTRIES = 2000;
/** Most bytes of one of the small parts (workbook.xml and its relationships). */
const MAX_PART_BYTES = 4 * MB;
/**
 * Most bytes of XML between two tags: a cell holds at most 32,767 characters (up to 6 bytes
 * each when escaped), so a longer run is a bomb of one huge text, refused before it is held in memory.
 */
const MAX_TEXT_RUN = 256 * 1024;
/** The separators of a .txt file: lines, blanks, commas and semicolons (ASCII and full-width). */
const TXT_SEPARATORS = /[\s,;，；]+/;

export const invalidSheet = () => badRequest('文件不是有效的xlsx文件');

/** The kind of a file by its name's extension, or undefined. */
export function sheetKindOf(name: string): SheetKind | undefined {
  const ext = name.toLowerCase().split('.').pop();
  return ext === 'xlsx' || ext === 'csv' || ext === 'txt' ? ext : undefined;
}

/** Counts rows and cells against the limits; throws the Chinese refusal when one is passed. */
class Budget {
  rows = 0;
  cells = 0;
  bytes = 0;
  readonly maxColumns: number;
  readonly maxBytes: number;

  constructor(readonly limits: SheetLimits) {
    this.maxColumns = limits.maxColumns ?? DEFAULT_MAX_COLUMNS;
    this.maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  }

  row(): void {
    if (++this.rows > this.limits.maxRows + 1) throw badRequest(`文件过大: 最多${this.limits.maxRows}行`);
  }

  cell(column: number): void {
    if (++this.cells > this.limits.maxCells) throw badRequest(`文件过大: 最多${this.limits.maxCells}个单元格`);
    if (column > this.maxColumns) throw badRequest(`文件过大: 最多${this.maxColumns}列`);
  }

  inflated(n: number): void {
    this.bytes += n;
    if (this.bytes > this.maxBytes) throw badRequest(`文件过大(解压后超过${Math.round(this.maxBytes / MB)}MB)`);
  }
}

/**
 * The non-empty rows of an uploaded table, read within `limits`. Throws an AppError 400 with a
 * Chinese message for a file over a limit or not a table of its kind.
 */
export async function readSheetRows(data: Buffer, kind: SheetKind, limits: SheetLimits): Promise<SheetRow[]> {
  const maxFile = limits.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  if (data.length > maxFile) throw badRequest(`文件过大(最大${Math.round(maxFile / MB)}MB)`);
  const budget = new Budget(limits);
  if (kind === 'xlsx') return readXlsx(data, budget);
  return readText(data, kind, budget);
}

/** CSV (RFC 4180 quotes within a line; comma, semicolon or tab) or TXT (blanks, commas, semicolons). */
async function readText(data: Buffer, kind: 'csv' | 'txt', budget: Budget): Promise<SheetRow[]> {
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  const slicer = new TimeSlicer();
  const rows: SheetRow[] = [];
  const breaks = /\r\n|\r|\n/g;
  let from = 0;
  let line = 0;
  while (from <= text.length) {
    const m = breaks.exec(text);
    const to = m ? m.index : text.length;
    const raw = text.slice(from, to);
    line++;
    from = m ? m.index + m[0].length : text.length + 1;
    if (raw.trim() === '') continue;
    const cells = kind === 'csv' ? csvLineCells(raw) : raw.split(TXT_SEPARATORS).filter(Boolean);
    for (let i = 1; i <= cells.length; i++) budget.cell(i);
    if (cells.some((c) => c !== '')) {
      budget.row();
      rows.push({ line, cells });
    }
    if ((line & 255) === 0) await slicer.pause();
  }
  return rows;
}

/** A cell of a sheet before the shared strings are known: text, or an index into them. */
type RawCell = string | { sst: number };

/** Opens an .xlsx zip, refusing what is not one. */
async function openZip(data: Buffer): Promise<ZipFile> {
  if (data.length < 4 || data.readUInt32LE(0) !== 0x04034b50) throw invalidSheet();
  try {
    return await yauzl.fromBufferPromise(data, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch {
    throw invalidSheet();
  }
}

async function readXlsx(data: Buffer, budget: Budget): Promise<SheetRow[]> {
  const zip = await openZip(data);
  try {
    if (zip.entryCount > MAX_ENTRIES) throw invalidSheet();
    const entries = new Map<string, Entry>();
    try {
      for await (const entry of zip.eachEntry()) entries.set(entry.fileName.replace(/\\/g, '/'), entry);
    } catch {
      throw invalidSheet();
    }
    const { sheet, sharedStrings } = await locateParts(zip, entries, budget);
    if (!sheet) throw invalidSheet();
    const raw = await readSheetXml(zip, sheet, budget);
    const wanted = new Set<number>();
    for (const r of raw) for (const c of r.cells) if (typeof c === 'object') wanted.add(c.sst);
    const strings = wanted.size > 0 && sharedStrings ? await readSharedStrings(zip, sharedStrings, wanted, budget) : [];
    const slicer = new TimeSlicer();
    const rows: SheetRow[] = [];
    for (const r of raw) {
      rows.push({
        line: r.line,
        cells: r.cells.map((c) => (typeof c === 'string' ? c : (strings[c.sst] ?? '').trim())),
      });
      if ((rows.length & 255) === 0) await slicer.pause();
    }
    return rows;
  } finally {
    zip.close();
  }
}

/** The first worksheet (in the workbook's tab order) and the shared-strings part, by the workbook's relationships. */
async function locateParts(zip: ZipFile, entries: Map<string, Entry>, budget: Budget) {
  const rels = new Map<string, { type: string; target: string }>();
  const relsEntry = entries.get('xl/_rels/workbook.xml.rels');
  if (relsEntry) {
    await parseEntry(zip, relsEntry, budget, MAX_PART_BYTES, (p) => {
      p.on('opentag', (tag) => {
        if (localName(tag.name) !== 'Relationship') return;
        const id = tag.attributes.Id;
        const target = tag.attributes.Target;
        if (id && target) rels.set(id, { type: tag.attributes.Type ?? '', target: partPath(target) });
      });
    });
  }
  let firstSheetRel: string | undefined;
  const workbook = entries.get('xl/workbook.xml');
  if (workbook) {
    await parseEntry(zip, workbook, budget, MAX_PART_BYTES, (p) => {
      p.on('opentag', (tag) => {
        if (firstSheetRel === undefined && localName(tag.name) === 'sheet') {
          firstSheetRel = Object.entries(tag.attributes).find(([k]) => localName(k) === 'id')?.[1] ?? '';
        }
      });
    });
  }
  const byRel = firstSheetRel ? rels.get(firstSheetRel)?.target : undefined;
  const fallback = [...entries.keys()].filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)).sort()[0];
  const sheetName = byRel && entries.has(byRel) ? byRel : fallback;
  const sstName = [...rels.values()].find((r) => r.type.endsWith('/sharedStrings'))?.target ?? 'xl/sharedStrings.xml';
  return {
    sheet: sheetName ? entries.get(sheetName) : undefined,
    sharedStrings: entries.get(sstName),
  };
}

/** A relationship target (relative to xl/, or absolute from the package root) as a zip path. */
function partPath(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '..') out.pop();
    else if (seg !== '.' && seg !== '') out.push(seg);
  }
  return out.join('/');
}

/** An element's name without its namespace prefix (`x:row` → `row`). */
function localName(name: string): string {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
}

/** `B12` → 2 (1-based column of an A1 reference), or undefined. */
function columnOf(ref: string | undefined): number | undefined {
  if (!ref) return undefined;
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i) & ~32; // upper case
    if (code < 65 || code > 90) break;
    col = col * 26 + (code - 64);
    if (col > 1_000_000) return col;
  }
  return col > 0 ? col : undefined;
}

/** Thrown inside a parse to stop reading once what is needed has been read. */
class StopReading extends Error {}

/**
 * Streams one zip entry through a SAX parser set up by `setup`, counting inflated bytes against
 * the budget and the part's own cap, with a turn for other work between chunks. A `StopReading`
 * thrown by a handler ends the read early (not an error).
 */
async function parseEntry(
  zip: ZipFile,
  entry: Entry,
  budget: Budget,
  maxPartBytes: number,
  setup: (parser: SaxesParser<{ xmlns: false }>) => void,
): Promise<void> {
  if ((entry.generalPurposeBitFlag & 0x1) !== 0) throw invalidSheet(); // encrypted
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch {
    throw invalidSheet();
  }
  const parser = new SaxesParser<{ xmlns: false }>({ xmlns: false });
  let sinceTag = 0;
  parser.on('opentagstart', () => {
    sinceTag = 0;
  });
  setup(parser);
  const decoder = new TextDecoder('utf-8');
  const slicer = new TimeSlicer();
  let partBytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      partBytes += chunk.length;
      budget.inflated(chunk.length);
      if (partBytes > maxPartBytes) throw badRequest(`文件过大(解压后超过${Math.round(maxPartBytes / MB)}MB)`);
      sinceTag += chunk.length;
      if (sinceTag > MAX_TEXT_RUN + chunk.length) throw badRequest('文件过大: 单元格最多32767个字符');
      parser.write(decoder.decode(chunk, { stream: true }));
      await slicer.pause();
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (err) {
    if (err instanceof StopReading) return;
    if (err instanceof AppError) throw err;
    throw invalidSheet();
  } finally {
    stream.destroy();
  }
}

/** The text a cell shows: whole numbers without exponent or decimals, text trimmed. */
function numberText(v: string): string {
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n)) return v.trim();
  return Number.isInteger(n) ? n.toFixed(0) : String(n);
}

/** The rows of a worksheet's XML, shared strings as indices, within the budget. */
async function readSheetXml(zip: ZipFile, entry: Entry, budget: Budget): Promise<{ line: number; cells: RawCell[] }[]> {
  const rows: { line: number; cells: RawCell[] }[] = [];
  let rowNumber = 0;
  let cells: RawCell[] | null = null;
  let column = 0;
  let type = '';
  let value = '';
  let inline = '';
  let inValue = false;
  let inInlineText = false;
  let phonetic = 0;
  await parseEntry(zip, entry, budget, budget.maxBytes, (p) => {
    p.on('opentag', (tag: SaxesTagPlain) => {
      switch (localName(tag.name)) {
        case 'row': {
          const r = Number(tag.attributes.r);
          rowNumber = Number.isInteger(r) && r > rowNumber ? r : rowNumber + 1;
          cells = [];
          column = 0;
          break;
        }
        case 'c': {
          column = columnOf(tag.attributes.r) ?? column + 1;
          budget.cell(column);
          type = tag.attributes.t ?? 'n';
          value = '';
          inline = '';
          break;
        }
        case 'v':
          inValue = true;
          break;
        case 't':
          inInlineText = phonetic === 0;
          break;
        case 'rPh':
          phonetic++;
          break;
      }
    });
    p.on('text', (text) => {
      if (inValue) value += text;
      else if (inInlineText) inline += text;
    });
    p.on('cdata', (text) => {
      if (inValue) value += text;
      else if (inInlineText) inline += text;
    });
    p.on('closetag', (tag: SaxesTagPlain) => {
      switch (localName(tag.name)) {
        case 'v':
          inValue = false;
          break;
        case 't':
          inInlineText = false;
          break;
        case 'rPh':
          phonetic--;
          break;
        case 'c': {
          if (!cells) break;
          let cell: RawCell;
          if (type === 's') {
            const i = Number(value);
            cell = Number.isInteger(i) && i >= 0 ? { sst: i } : '';
          } else if (type === 'inlineStr') cell = inline.trim();
          else if (type === 'b') cell = value === '1' ? 'true' : value === '0' ? 'false' : value.trim();
          else if (type === 'n') cell = numberText(value);
          else cell = value.trim(); // str (formula text), e (error), d (ISO date)
          if (cell !== '') cells[column - 1] = cell;
          break;
        }
        case 'row': {
          if (cells && cells.length > 0) {
            budget.row();
            rows.push({ line: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
          }
          cells = null;
          break;
        }
        case 'sheetData':
          throw new StopReading();
      }
    });
  });
  return rows;
}

/** The shared strings with the indices in `wanted` (reading stops after the largest). */
async function readSharedStrings(zip: ZipFile, entry: Entry, wanted: Set<number>, budget: Budget): Promise<string[]> {
  const last = Math.max(...wanted);
  const strings: string[] = [];
  let index = -1;
  let text = '';
  let inText = false;
  let phonetic = 0;
  await parseEntry(zip, entry, budget, budget.maxBytes, (p) => {
    p.on('opentag', (tag: SaxesTagPlain) => {
      const name = localName(tag.name);
      if (name === 'si') {
        index++;
        text = '';
      } else if (name === 't') inText = phonetic === 0 && wanted.has(index);
      else if (name === 'rPh') phonetic++;
    });
    p.on('text', (t) => {
      if (inText) text += t;
    });
    p.on('cdata', (t) => {
      if (inText) text += t;
    });
    p.on('closetag', (tag: SaxesTagPlain) => {
      const name = localName(tag.name);
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') {
        if (wanted.has(index)) strings[index] = text;
        if (index >= last) throw new StopReading();
      }
    });
  });
  return strings;
}
