import { describe, expect, it } from 'vitest';
import { savedMessage, saveNotes, withAssignedEans } from './use-save-goods';

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

  it('names required attributes left empty and a product left without its EAN, so a save is not a bare 保存成功', () => {
    const attrs = ['材质', '颜色', '尺寸', '重量'].map((label, i) => ({ name: `a${i}`, label }));
    expect(saveNotes({ id: 1, version: 1, warnings: { missingAttrs: attrs.slice(0, 1) } })).toEqual([
      '1个必填属性未填写(材质),上传前需补全',
    ]);
    expect(saveNotes({ id: 1, version: 1, warnings: { missingAttrs: attrs } })).toEqual([
      '4个必填属性未填写(材质、颜色、尺寸等),上传前需补全',
    ]);
    const single = { id: 1, version: 1, warnings: { missingEans: 1, missingProductId: true } } as never;
    expect(saveNotes(single)).toEqual(['商品未分配EAN(EAN库没有可用码,导入EAN后再次保存即可分配)']);
    expect(savedMessage(single)).toEqual({
      type: 'warning',
      text: '保存成功,但商品未分配EAN(EAN库没有可用码,导入EAN后再次保存即可分配)',
    });
  });
});

describe('after a save', () => {
  it('shows the EANs it assigned at once, matched by SKU in any case, leaving rows that had one', () => {
    const rows = [
      { sku: 'BOX-RED', values: { c: 'red' }, images: [] },
      { sku: 'BOX-BLUE', values: { c: 'blue' }, images: [], ean: '4006381333931' },
    ];
    const next = withAssignedEans(rows, [{ sku: 'box-red', ean: '4006381333948' }]);
    expect(next.map((r) => r.ean)).toEqual(['4006381333948', '4006381333931']);
    expect(withAssignedEans(rows, [])).toBe(rows);
  });

  it('says how many EANs were assigned, also beside warnings', () => {
    const two = [
      { sku: 'A', ean: '1' },
      { sku: 'B', ean: '2' },
    ];
    expect(savedMessage({ id: 1, version: 2 })).toEqual({ type: 'success', text: '保存成功' });
    expect(savedMessage({ id: 1, version: 2, assignedEans: two })).toEqual({
      type: 'success',
      text: '保存成功,已分配2个EAN',
    });
    expect(savedMessage({ id: 1, version: 2, assignedEans: two, warnings: { missingEans: 1 } }).text).toBe(
      '保存成功,已分配2个EAN,但1个变体未分配EAN(EAN库可用码不足,导入后再次保存即可分配)',
    );
  });
});
