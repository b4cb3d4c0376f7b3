import type { EanImportLine } from '@console/shared/schemas/goods-library';

/** File types the server reads (docs/api-goods-library.md "EAN pool"). */
export const EAN_FILE_TYPES = ['.xlsx', '.csv', '.txt'] as const;

/** The JSON body may be up to 2 MB; the base64 content at most 2,000,000 characters. */
export const EAN_FILE_MAX_BASE64 = 2_000_000;

/** Whether the server can read a file of this name (by extension, case-insensitive). */
export function isEanFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return EAN_FILE_TYPES.some((ext) => lower.endsWith(ext));
}

/** Base64 of binary data, in chunks so a large file does not overflow the argument list. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/** Reads a browser file as `{name, content}` for POST /goods/ean/import; throws a Chinese message when unusable. */
export async function readEanFile(file: Blob & { name: string }): Promise<{ name: string; content: string }> {
  if (!isEanFileName(file.name)) throw new Error('只支持 .xlsx、.csv 或 .txt 文件');
  const content = bytesToBase64(new Uint8Array(await file.arrayBuffer()));
  if (content.length > EAN_FILE_MAX_BASE64) throw new Error('文件过大,请拆分后导入(最大约1.5MB)');
  if (content.length === 0) throw new Error('文件内容为空');
  return { name: file.name, content };
}

/** Report lines ordered for reading: problems (invalid, then duplicate) before added codes, each by line. */
export function sortReportLines(lines: readonly EanImportLine[]): EanImportLine[] {
  const rank = { invalid: 0, duplicate: 1, added: 2 } as const;
  return [...lines].sort((a, b) => rank[a.result] - rank[b.result] || a.line - b.line);
}
