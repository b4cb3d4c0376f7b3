import { Readable } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import { ZipFile } from 'yazl';

/**
 * Hostile and ordinary spreadsheets for the import tests and `bench:imports`, built in memory
 * without a spreadsheet library: a streaming zip writer (yazl) and sheet XML generated row by row,
 * so a million-row sheet costs a few hundred milliseconds and about 100 KB.
 */

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';

/** The chunks of a sheet's XML: head, `rows` rows made by `row(i)` (1-based), tail. */
function* sheetXml(rows: number, row: (i: number) => string): Generator<Buffer> {
  yield Buffer.from(SHEET_HEAD);
  let chunk = '';
  for (let i = 1; i <= rows; i++) {
    chunk += row(i);
    if (chunk.length > 1 << 16) {
      yield Buffer.from(chunk);
      chunk = '';
    }
  }
  yield Buffer.from(chunk + SHEET_TAIL);
}

/** An .xlsx whose first sheet's XML streams from `chunks` (compressed as it is generated). */
export async function xlsxOf(chunks: Iterable<Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(CONTENT_TYPES), '[Content_Types].xml');
  zip.addBuffer(Buffer.from(ROOT_RELS), '_rels/.rels');
  zip.addBuffer(Buffer.from(WORKBOOK), 'xl/workbook.xml');
  zip.addBuffer(Buffer.from(WORKBOOK_RELS), 'xl/_rels/workbook.xml.rels');
  zip.addReadStream(Readable.from(chunks), 'xl/worksheets/sheet1.xml', { compressionLevel: 9 });
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of zip.outputStream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** An .xlsx of `rows` rows of one inline-string cell each (`cell(i)`, 1-based). */
export function xlsxRows(rows: number, cell: (i: number) => string): Promise<Buffer> {
  return xlsxOf(sheetXml(rows, (i) => `<row r="${i}"><c r="A${i}" t="inlineStr"><is><t>${cell(i)}</t></is></c></row>`));
}

/** The spreadsheet: a million rows of the same number, about 100 KB compressed. */
export function millionRowXlsx(rows = 1_000_000): Promise<Buffer> {
  return xlsxOf(sheetXml(rows, () => '<row><c><v>6903000000001</v></c></row>'));
}

/** A sheet of `rows` rows of `cols` empty-valued number cells (too many cells, few rows). */
export function wideXlsx(rows: number, cols: number): Promise<Buffer> {
  const cells = '<c><v>1</v></c>'.repeat(cols);
  return xlsxOf(sheetXml(rows, () => `<row>${cells}</row>`));
}

/**
 * A zip bomb: a first sheet of `megabytes` MB that deflate compresses about 1000:1 (64 MB is a
 * 70 KB file). `text`: one cell of one letter repeated; `tags`: rows whose attribute is 64 KB of
 * one letter (well-formed XML, many tags).
 */
export function bombXlsx(megabytes = 64, kind: 'text' | 'tags' = 'text'): Promise<Buffer> {
  function* body(): Generator<Buffer> {
    yield Buffer.from(`${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>`);
    if (kind === 'text') {
      const mb = Buffer.alloc(1 << 20, 'A');
      for (let i = 0; i < megabytes; i++) yield mb;
      yield Buffer.from(`</t></is></c></row>${SHEET_TAIL}`);
      return;
    }
    yield Buffer.from('x</t></is></c></row>');
    const row = Buffer.from(`<row spans="${'A'.repeat(1 << 16)}"/>`);
    for (let i = 0; i < megabytes * 16; i++) yield row;
    yield Buffer.from(SHEET_TAIL);
  }
  return xlsxOf(body());
}

/**
 * A zip whose central directory claims a small entry while its data inflates far past it
 * (a header that lies about the size): the reader must count what it inflates, not trust the header.
 */
export function lyingZip(megabytes = 100): Buffer {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const data = deflateRawSync(Buffer.concat([Buffer.from(SHEET_HEAD), Buffer.alloc(megabytes << 20, ' ')]));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(0, 14); // crc (never reached: the size check stops first)
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(1000, 22); // claimed uncompressed size
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(1000, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** Text of `lines` lines made by `line(i)` (1-based), as a CSV/TXT upload. */
export function textLines(lines: number, line: (i: number) => string): Buffer {
  const parts: string[] = [];
  for (let i = 1; i <= lines; i++) parts.push(line(i));
  return Buffer.from(parts.join('\n'));
}
