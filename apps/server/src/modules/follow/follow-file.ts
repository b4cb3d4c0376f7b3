import { MAX_CANDIDATES_PER_ADD } from '@console/shared/schemas/follow';
import { badRequest } from '../../lib/app-error.js';
import { readSheetRows, sheetKindOf } from '../../lib/sheet-reader.js';

/**
 * The limits of a candidate file (issue 27 §3): at most twice the ASINs one import adds (the
 * caller refuses more than that many cells), in rows of at most 50 cells on average.
 */
export const CANDIDATE_FILE_LIMITS = { maxRows: MAX_CANDIDATES_PER_ADD * 2, maxCells: MAX_CANDIDATES_PER_ADD * 100 };

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

/**
 * The ASINs of an uploaded file (base64), read by the shared streaming reader within
 * `CANDIDATE_FILE_LIMITS`: .txt separated like a paste (lines, commas, blanks), .csv and
 * .xlsx by `asinColumn`. Unchecked: the caller checks them as pasted ASINs.
 */
export async function asinsOfFile(file: { name: string; content: string }): Promise<string[]> {
  const kind = sheetKindOf(file.name);
  if (!kind) throw badRequest('只支持 .txt、.csv 或 .xlsx 文件');
  const rows = await readSheetRows(Buffer.from(file.content, 'base64'), kind, CANDIDATE_FILE_LIMITS);
  if (kind !== 'txt') return asinColumn(rows.map((r) => r.cells));
  const words = rows.flatMap((r) => r.cells);
  return words[0]?.toLowerCase() === 'asin' ? words.slice(1) : words;
}
