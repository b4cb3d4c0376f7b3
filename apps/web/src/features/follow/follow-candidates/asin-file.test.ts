import { describe, expect, it } from 'vitest';
import { isAsinFileName, readAsinFile } from './asin-file';

const file = (name: string, text: string) => Object.assign(new Blob([text]), { name });

describe('ASIN file import (跟卖候选池)', () => {
  it('accepts .txt, .csv and .xlsx in any case and nothing else', () => {
    expect(['a.txt', 'B.CSV', 'list.xlsx'].every(isAsinFileName)).toBe(true);
    expect(['a.pdf', 'xlsx', 'a.xls'].some(isAsinFileName)).toBe(false);
  });

  it('reads a file as base64 with its name, and refuses empty or other files in Chinese', async () => {
    const r = await readAsinFile(file('asins.txt', 'B0ABCDEFGH\n'));
    expect(r).toEqual({ name: 'asins.txt', content: btoa('B0ABCDEFGH\n') });
    await expect(readAsinFile(file('a.pdf', 'x'))).rejects.toThrow('只支持 .txt、.csv 或 .xlsx 文件');
    await expect(readAsinFile(file('a.csv', ''))).rejects.toThrow('文件内容为空');
  });
});
