import ExcelJS from 'exceljs';
import { badRequest } from '../../lib/app-error.js';
import { csvLineCells } from '../../lib/csv.js';

/** One candidate code and where it was found (line of the text/CSV, row of the sheet). */
export interface EanSourceEntry {
  line: number;
  code: string;
}

/** Most codes one import may carry. */
export const EAN_IMPORT_MAX = 20_000;

const SEPARATORS = /[\s,;，；]+/;

/** Codes from pasted text: any whitespace, comma or semicolon separates them. */
export function parseEanText(text: string): EanSourceEntry[] {
  return text.split(/\r\n|\r|\n/).flatMap((row, i) =>
    row
      .split(SEPARATORS)
      .map((c) => c.trim())
      .filter(Boolean)
      .map((code) => ({ line: i + 1, code })),
  );
}

/** Drops a first row without any digit (a header such as `EAN`). */
function withoutHeader(entries: EanSourceEntry[]): EanSourceEntry[] {
  const first = entries.filter((e) => e.line === entries[0]?.line);
  return first.length > 0 && first.every((e) => !/\d/.test(e.code))
    ? entries.filter((e) => !first.includes(e))
    : entries;
}

/** Codes from a CSV file (every non-empty cell; a header row is skipped). */
export function parseEanCsv(text: string): EanSourceEntry[] {
  const body = text.replace(/^\uFEFF/, '');
  return withoutHeader(
    body.split(/\r\n|\r|\n/).flatMap((row, i) =>
      csvLineCells(row)
        .filter(Boolean)
        .map((code) => ({ line: i + 1, code })),
    ),
  );
}

/** The text of a cell as the user sees it; whole numbers without exponent or decimals. */
function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (v && typeof v === 'object' && 'result' in v && typeof v.result === 'number') return v.result.toFixed(0);
  return cell.text.trim();
}

/** Codes from the first worksheet of an .xlsx file (row numbers as lines; a header row is skipped). */
export async function parseEanXlsx(data: Buffer): Promise<EanSourceEntry[]> {
  if (data.length < 4 || data.readUInt32LE(0) !== 0x04034b50) throw badRequest('文件不是有效的xlsx文件');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest('文件不是有效的xlsx文件');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const entries: EanSourceEntry[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    row.eachCell({ includeEmpty: false }, (cell) => {
      const code = cellText(cell);
      if (code) entries.push({ line: rowNumber, code });
    });
  });
  return withoutHeader(entries);
}

/** The codes of an import body: pasted text, or a file chosen by its extension (.csv/.txt/.xlsx). */
export async function readEanSource(body: {
  text?: string | undefined;
  file?: { name: string; content: string } | undefined;
}): Promise<EanSourceEntry[]> {
  let entries: EanSourceEntry[];
  if (body.file) {
    const data = Buffer.from(body.file.content, 'base64');
    const ext = body.file.name.toLowerCase().split('.').pop();
    if (ext === 'xlsx') entries = await parseEanXlsx(data);
    else if (ext === 'csv') entries = parseEanCsv(data.toString('utf8'));
    else if (ext === 'txt') entries = parseEanText(data.toString('utf8'));
    else throw badRequest('只支持 .xlsx、.csv 或 .txt 文件');
  } else entries = parseEanText(body.text ?? '');
  if (entries.length === 0) throw badRequest('没有找到任何EAN码');
  if (entries.length > EAN_IMPORT_MAX) throw badRequest(`一次最多导入${EAN_IMPORT_MAX}个码`);
  return entries;
}
