import { describe, expect, it } from 'vitest';
import { emptyDraft, fromGoodsData } from './editor-model';
import { createEditorStore } from './editor-store';
import { applyStoredProductId, assignedProductId, productIdState } from './product-id';

const base = { exempt: false, saved: true, hasVariations: false };

describe('产品ID of a product without variations (issue 28 §1)', () => {
  it('offers 从EAN池分配 only where the server gives a code', () => {
    expect(productIdState({ ...base, value: '' })).toMatchObject({ canAssign: true });
    // Not saved yet: the save assigns it.
    expect(productIdState({ ...base, saved: false, value: '' })).toEqual({
      canAssign: false,
      help: '保存时自动从EAN库分配',
    });
    expect(productIdState({ ...base, value: '4006381333931' })).toEqual({
      canAssign: false,
      help: '由系统从EAN库分配',
    });
    expect(productIdState({ ...base, exempt: true, value: '' }).canAssign).toBe(false);
    expect(productIdState({ ...base, hasVariations: true, value: '' }).canAssign).toBe(false);
    expect(productIdState({ ...base, value: 'B0ABCDEF12' }).canAssign).toBe(true);
  });

  it('finds the product code among the codes a save assigned', () => {
    expect(
      assignedProductId({
        assignedEans: [
          { sku: 'V-1', ean: '4006381333931' },
          { sku: 'P', ean: '4006381333948', field: 'baseInfo.product_id' },
        ],
      }),
    ).toBe('4006381333948');
    expect(assignedProductId({ assignedEans: [{ sku: 'V-1', ean: '4006381333931' }] })).toBeUndefined();
    expect(assignedProductId({})).toBeUndefined();
  });

  it('a stored code shows in the working copy without making it an unsaved change', () => {
    const store = createEditorStore(fromGoodsData({ baseInfo: { sku: 'P' } }));
    applyStoredProductId(store, '4006381333948');
    expect(store.getState().draft.baseInfo.product_id).toBe('4006381333948');
    expect(store.getState().isDirty()).toBe(false);
    // Unsaved input stays an unsaved change.
    const edited = createEditorStore(emptyDraft());
    edited.getState().setBase({ sku: 'typed' });
    applyStoredProductId(edited, '4006381333931');
    expect(edited.getState().draft.baseInfo.product_id).toBe('4006381333931');
    expect(edited.getState().isDirty()).toBe(true);
  });
});
