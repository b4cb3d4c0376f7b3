import { badRequest } from '../../lib/app-error.js';
import { readSheetRows, type SheetKind, type SheetRow, sheetKindOf } from '../../lib/sheet-reader.js';

/** One candidate code and where it was found (line of the text/CSV, row of the sheet). */
export interface EanSourceEntry {
  line: number;
  code: string;
}

/** Most codes one import may carry. */
export const EAN_IMPORT_MAX = 20_000;

/**
 * The limits of an import (issue 27 §3): 20,000 rows (and a header), ten cells a row on average;
 * pasted text may be up to 1,000,000 characters, so up to 4 MB.
 */
export const EAN_SHEET_LIMITS = { maxRows: EAN_IMPORT_MAX, maxCells: EAN_IMPORT_MAX * 10 };
const PASTE_LIMITS = { ...EAN_SHEET_LIMITS, maxFileBytes: 4 * 1024 * 1024 };

/** Drops a first row without any digit (a header such as `EAN`). */
function withoutHeader(entries: EanSourceEntry[]): EanSourceEntry[] {
  const first = entries.filter((e) => e.line === entries[0]?.line);
  return first.length > 0 && first.every((e) => !/\d/.test(e.code))
    ? entries.filter((e) => !first.includes(e))
    : entries;
}

/**
 * Codes from the rows of a file or paste: every non-empty cell. A first row without digits
 * (a header) is skipped in a CSV or sheet; text (a paste or .txt) is separated by any
 * whitespace, comma or semicolon and has no header.
 */
function entriesOfRows(rows: SheetRow[], kind: SheetKind): EanSourceEntry[] {
  const entries = rows.flatMap((r) => r.cells.filter(Boolean).map((code) => ({ line: r.line, code })));
  return kind === 'txt' ? entries : withoutHeader(entries);
}

/**
 * The codes of an import body: pasted text, or a file chosen by its extension (.csv/.txt/.xlsx),
 * read by the shared streaming reader within `EAN_SHEET_LIMITS`.
 */
export async function readEanSource(body: {
  text?: string | undefined;
  file?: { name: string; content: string } | undefined;
}): Promise<EanSourceEntry[]> {
  let entries: EanSourceEntry[];
  if (body.file) {
    const kind = sheetKindOf(body.file.name);
    if (!kind) throw badRequest('只支持 .xlsx、.csv 或 .txt 文件');
    const rows = await readSheetRows(Buffer.from(body.file.content, 'base64'), kind, EAN_SHEET_LIMITS);
    entries = entriesOfRows(rows, kind);
  } else entries = entriesOfRows(await readSheetRows(Buffer.from(body.text ?? ''), 'txt', PASTE_LIMITS), 'txt');
  if (entries.length === 0) throw badRequest('没有找到任何EAN码');
  if (entries.length > EAN_IMPORT_MAX) throw badRequest(`一次最多导入${EAN_IMPORT_MAX}个码`);
  return entries;
}
