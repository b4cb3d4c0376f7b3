import ExcelJS from 'exceljs';
import { badRequest } from '../../lib/app-error.js';
import { csvLineCells } from '../../lib/csv.js';

/**
 * The ASIN cells of a table (rows of cells): the column headed `ASIN` (any case) when the first
 * row has one, else the first column; a first row without any digit is a header and skipped.
 */
export function asinColumn(rows: string[][]): string[] {
  const nonEmpty = rows.filter((r) => r.some((c) => c !== ''));
  const head = nonEmpty[0];
  if (!head) return [];
  const named = head.findIndex((c) => c.trim().toLowerCase() === 'asin');
  const col = named >= 0 ? named : 0;
  const body = named >= 0 || head.every((c) => !/\d/.test(c)) ? nonEmpty.slice(1) : nonEmpty;
  return body.map((r) => (r[col] ?? '').trim()).filter(Boolean);
}

/** The text of an .xlsx cell as the user sees it. */
function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  return cell.text.trim();
}

/** Rows of the first worksheet of an .xlsx file. */
async function xlsxRows(data: Buffer): Promise<string[][]> {
  if (data.length < 4 || data.readUInt32LE(0) !== 0x04034b50) throw badRequest('文件不是有效的xlsx文件');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest('文件不是有效的xlsx文件');
  }
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell);
    });
    rows.push(Array.from(cells, (c) => c ?? ''));
  });
  return rows;
}

/**
 * The ASINs of an uploaded file (base64): .txt separated like a paste (lines, commas, blanks),
 * .csv and .xlsx by `asinColumn`. Unchecked: the caller checks them as pasted ASINs.
 */
export async function asinsOfFile(file: { name: string; content: string }): Promise<string[]> {
  const data = Buffer.from(file.content, 'base64');
  const ext = file.name.toLowerCase().split('.').pop();
  if (ext === 'xlsx') return asinColumn(await xlsxRows(data));
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r\n|\r|\n/);
  if (ext === 'csv') return asinColumn(lines.map(csvLineCells));
  if (ext === 'txt') {
    const words = lines.flatMap((l) => l.split(/[\s,，;；]+/)).filter(Boolean);
    return words[0]?.toLowerCase() === 'asin' ? words.slice(1) : words;
  }
  throw badRequest('只支持 .txt、.csv 或 .xlsx 文件');
}
