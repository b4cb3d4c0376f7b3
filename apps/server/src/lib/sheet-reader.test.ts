import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { bombXlsx, lyingZip, millionRowXlsx, wideXlsx } from '../../test/support/sheet-files.js';
import { readSheetRows, sheetKindOf } from './sheet-reader.js';

const LIMITS = { maxRows: 100, maxCells: 1000 };

/** A zip of the given parts (name → XML). */
async function zipOf(parts: Record<string, string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, text] of Object.entries(parts)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const out: Buffer[] = [];
  for await (const c of zip.outputStream) out.push(c as Buffer);
  return Buffer.concat(out);
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

describe('readSheetRows: .xlsx', () => {
  it('reads what exceljs writes: numbers, shared and rich text, booleans, formulas, sparse columns', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('S');
    sheet.addRow(['EAN', '备注']);
    sheet.addRow([6903000000001, ' 红色 ']);
    sheet.addRow([1.5, { richText: [{ text: 'ab' }, { font: { bold: true }, text: 'c' }] }]);
    sheet.getCell('D4').value = true;
    sheet.getCell('A5').value = { formula: 'A2+1', result: 6903000000002 };
    sheet.addRow([]);
    sheet.getCell('B7').value = 'x';
    const rows = await readSheetRows(Buffer.from(await book.xlsx.writeBuffer()), 'xlsx', LIMITS);
    expect(rows).toEqual([
      { line: 1, cells: ['EAN', '备注'] },
      { line: 2, cells: ['6903000000001', '红色'] },
      { line: 3, cells: ['1.5', 'abc'] },
      { line: 4, cells: ['', '', '', 'true'] },
      { line: 5, cells: ['6903000000002'] },
      { line: 7, cells: ['', 'x'] },
    ]);
  });

  it('reads the first sheet in tab order, prefixed names, exponents and only the shared strings used', async () => {
    const data = await zipOf({
      'xl/workbook.xml': `<x:workbook xmlns:x="${NS.slice(7, -1)}" ${REL_NS}><x:sheets><x:sheet name="B" sheetId="2" r:id="rB"/><x:sheet name="A" sheetId="1" r:id="rA"/></x:sheets></x:workbook>`,
      'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rA" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rB" Type="${REL}/worksheet" Target="/xl/worksheets/second.xml"/><Relationship Id="rS" Type="${REL}/sharedStrings" Target="strings.xml"/></Relationships>`,
      'xl/worksheets/sheet1.xml': `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`,
      'xl/worksheets/second.xml': `<x:worksheet xmlns:x="${NS.slice(7, -1)}"><x:sheetData><x:row r="3"><x:c r="B3" t="s"><x:v>2</x:v></x:c><x:c r="C3"><x:v>6.903E+12</x:v></x:c></x:row><x:row><x:c t="inlineStr"><x:is><x:t>in&amp;line</x:t></x:is></x:c><x:c t="s"><x:v>1</x:v></x:c></x:row></x:sheetData></x:worksheet>`,
      'xl/strings.xml': `<sst ${NS}><si><t>first sheet</t></si><si><r><t>ri</t></r><r><t xml:space="preserve">ch </t></r><rPh><t>フリ</t></rPh></si><si><t>B</t></si><si><t>${'unused'.repeat(10)}</t></si><broken`,
    });
    expect(await readSheetRows(data, 'xlsx', LIMITS)).toEqual([
      { line: 3, cells: ['', 'B', '6903000000000'] },
      { line: 4, cells: ['in&line', 'rich'] },
    ]);
  });

  it('stops at its limits with the limit in Chinese', async () => {
    await expect(readSheetRows(await millionRowXlsx(), 'xlsx', LIMITS)).rejects.toMatchObject({
      status: 400,
      message: '文件过大: 最多100行',
    });
    // A header and 100 rows pass; one more row does not.
    const ok = await readSheetRows(await millionRowXlsx(101), 'xlsx', LIMITS);
    expect(ok).toHaveLength(101);
    await expect(readSheetRows(await millionRowXlsx(102), 'xlsx', LIMITS)).rejects.toMatchObject({
      message: '文件过大: 最多100行',
    });
    await expect(readSheetRows(await wideXlsx(20, 60), 'xlsx', LIMITS)).rejects.toMatchObject({
      message: '文件过大: 最多1000个单元格',
    });
    await expect(
      readSheetRows(await wideXlsx(1, 300), 'xlsx', { maxRows: 10, maxCells: 10_000 }),
    ).rejects.toMatchObject({ message: '文件过大: 最多256列' });
    await expect(
      readSheetRows(await bombXlsx(8, 'tags'), 'xlsx', { ...LIMITS, maxBytes: 4 << 20 }),
    ).rejects.toMatchObject({ message: '文件过大(解压后超过4MB)' });
    await expect(readSheetRows(await bombXlsx(8, 'text'), 'xlsx', LIMITS)).rejects.toMatchObject({
      message: '文件过大: 单元格最多32767个字符',
    });
    await expect(readSheetRows(Buffer.alloc(3 << 20), 'xlsx', LIMITS)).rejects.toMatchObject({
      message: '文件过大(最大2MB)',
    });
  });

  it('refuses what is not a workbook', async () => {
    const invalid = { status: 400, message: '文件不是有效的xlsx文件' };
    await expect(readSheetRows(Buffer.from('not a zip'), 'xlsx', LIMITS)).rejects.toMatchObject(invalid);
    await expect(readSheetRows(await zipOf({ 'a.txt': 'x' }), 'xlsx', LIMITS)).rejects.toMatchObject(invalid);
    const broken = await zipOf({ 'xl/worksheets/sheet1.xml': `<worksheet ${NS}><sheetData><row><c><v>1</v></row>` });
    await expect(readSheetRows(broken, 'xlsx', LIMITS)).rejects.toMatchObject(invalid);
    await expect(readSheetRows(lyingZip(8), 'xlsx', LIMITS)).rejects.toMatchObject(invalid);
  });
});

describe('readSheetRows: .csv and .txt', () => {
  it('CSV: quoted cells, a BOM, empty lines kept in the numbering', async () => {
    const csv = Buffer.from('\uFEFFEAN,备注\r\n"1,2",x\r\n\r\n  \n3;"a ""b"""\n');
    expect(await readSheetRows(csv, 'csv', LIMITS)).toEqual([
      { line: 1, cells: ['EAN', '备注'] },
      { line: 2, cells: ['1,2', 'x'] },
      { line: 5, cells: ['3', 'a "b"'] },
    ]);
  });

  it('TXT: blanks, commas and semicolons (also full-width) separate', async () => {
    expect(await readSheetRows(Buffer.from('a b,c；d\n\ne，f'), 'txt', LIMITS)).toEqual([
      { line: 1, cells: ['a', 'b', 'c', 'd'] },
      { line: 3, cells: ['e', 'f'] },
    ]);
  });

  it('stops at the row and cell limits', async () => {
    const lines = Buffer.from(Array.from({ length: 102 }, (_, i) => `${i}`).join('\n'));
    await expect(readSheetRows(lines, 'csv', LIMITS)).rejects.toMatchObject({ message: '文件过大: 最多100行' });
    const wide = Buffer.from(Array.from({ length: 5 }, () => Array(201).fill('x').join(',')).join('\n'));
    await expect(readSheetRows(wide, 'csv', LIMITS)).rejects.toMatchObject({ message: '文件过大: 最多1000个单元格' });
  });

  it('knows its kinds by extension', () => {
    expect(['a.XLSX', 'b.csv', 'c.txt', 'd.xls', 'e'].map(sheetKindOf)).toEqual([
      'xlsx',
      'csv',
      'txt',
      undefined,
      undefined,
    ]);
  });
});
