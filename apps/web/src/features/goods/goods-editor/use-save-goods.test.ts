import { describe, expect, it } from 'vitest';
import { saveNotes } from './use-save-goods';

describe('save notes', () => {
  it('names sensitive words and variations left without an EAN; nothing for a clean save', () => {
    expect(saveNotes({ id: 1, version: 1 })).toEqual([]);
    expect(saveNotes({ id: 1, version: 1, warnings: { sensitive: [], missingEans: 0 } })).toEqual([]);
    const word = { lang: 'en', field: 'title', word: 'x', start: 0, end: 1 };
    expect(saveNotes({ id: 1, version: 1, warnings: { sensitive: [word, word], missingEans: 3 } })).toEqual([
      '有2处敏感词,请查看文本中的标记',
      '3个变体未分配EAN(EAN库可用码不足,导入后再次保存即可分配)',
    ]);
  });
});
