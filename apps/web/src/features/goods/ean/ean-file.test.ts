import type { EanImportLine } from '@console/shared/schemas/goods-library';
import { describe, expect, it } from 'vitest';
import { bytesToBase64, isEanFileName, readEanFile, sortReportLines } from './ean-file';

describe('EAN import file helpers', () => {
  it('accepts xlsx, csv and txt names only', () => {
    expect(isEanFileName('codes.XLSX')).toBe(true);
    expect(isEanFileName('a.b.csv')).toBe(true);
    expect(isEanFileName('list.txt')).toBe(true);
    expect(isEanFileName('codes.xls')).toBe(false);
    expect(isEanFileName('csv')).toBe(false);
  });

  it('encodes bytes as base64, also across chunk boundaries', () => {
    expect(bytesToBase64(new TextEncoder().encode('4006381333931\n'))).toBe('NDAwNjM4MTMzMzkzMQo=');
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 31) % 256);
    const decoded = Uint8Array.from(atob(bytesToBase64(bytes)), (c) => c.charCodeAt(0));
    expect(decoded).toEqual(bytes);
  });

  it('reads a file into {name, content} and refuses other types and empty files', async () => {
    const file = new File(['4006381333931'], 'codes.csv');
    expect(await readEanFile(file)).toEqual({
      name: 'codes.csv',
      content: 'NDAwNjM4MTMzMzkzMQ==',
    });
    await expect(readEanFile(new File(['x'], 'codes.xls'))).rejects.toThrow('只支持');
    await expect(readEanFile(new File([], 'empty.csv'))).rejects.toThrow('文件内容为空');
  });

  it('lists invalid lines first, then duplicates, then added codes, each by line', () => {
    const lines: EanImportLine[] = [
      { line: 1, code: 'a', result: 'added' },
      { line: 2, code: 'b', result: 'duplicate', reason: '已在EAN库中' },
      { line: 3, code: 'c', result: 'invalid', reason: '只能包含数字' },
      { line: 4, code: 'd', result: 'invalid', reason: '只能包含数字' },
    ];
    expect(sortReportLines(lines).map((l) => l.line)).toEqual([3, 4, 2, 1]);
  });
});
