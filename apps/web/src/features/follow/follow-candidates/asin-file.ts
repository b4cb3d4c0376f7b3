import { ASIN_FILE_TYPES } from '@console/shared/schemas/follow';

/** The JSON body carries the file as base64 of at most 2,000,000 characters (about 1.5 MB). */
export const ASIN_FILE_MAX_BASE64 = 2_000_000;

/** Whether the server reads a file of this name (.txt, .csv, .xlsx; any case). */
export function isAsinFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return ASIN_FILE_TYPES.some((ext) => lower.endsWith(ext));
}

/** Base64 of binary data, in chunks so a large file does not overflow the argument list. */
function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Reads a chosen file as `{name, content}` for `POST /follow/candidate/import`; throws a Chinese message when unusable. */
export async function readAsinFile(file: Blob & { name: string }): Promise<{ name: string; content: string }> {
  if (!isAsinFileName(file.name)) throw new Error('只支持 .txt、.csv 或 .xlsx 文件');
  const content = bytesToBase64(new Uint8Array(await file.arrayBuffer()));
  if (content.length === 0) throw new Error('文件内容为空');
  if (content.length > ASIN_FILE_MAX_BASE64) throw new Error('文件过大,请拆分后导入(最大约1.5MB)');
  return { name: file.name, content };
}
