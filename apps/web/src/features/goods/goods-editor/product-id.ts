import type { SaveResult } from '@console/shared/schemas/goods';
import { productIdKind } from '@console/shared/validation/product-id';
import { createContext } from 'react';
import type { StoreApi } from 'zustand';
import type { EditorState } from './editor-store';

/**
 * The 产品ID (`baseInfo.product_id`) of a product without variations (issue 28 §1): its EAN
 * from the tenant's pool (assigned on save, or at once with 从EAN池分配) or an ASIN.
 */

/** The product the editor saves to, for calls that change it besides the save (从EAN池分配). */
export interface EditorTarget {
  /** null: a new product, not saved yet. */
  id: number | null;
  /** The version the editor saves over. */
  version: number | null;
  /** Moves the editor on to a version another call of this editor wrote. */
  setVersion: (version: number) => void;
}

export const EditorTargetContext = createContext<EditorTarget>({ id: null, version: null, setVersion: () => {} });

/** What the 产品ID field offers: whether 从EAN池分配 can be used, and the line under the field. */
export function productIdState(o: {
  value: string | undefined;
  exempt: boolean;
  saved: boolean;
  hasVariations: boolean;
}): { canAssign: boolean; help: string } {
  const kind = productIdKind(o.value);
  if (o.hasVariations) return { canAssign: false, help: '有变体的商品:每个变体的EAN在变体表中,保存时从EAN库分配' };
  if (o.exempt) return { canAssign: false, help: '账号免EAN(EAN豁免):不从EAN库分配,上传时声明豁免;也可填写ASIN' };
  if (kind === 'barcode') return { canAssign: false, help: '由系统从EAN库分配' };
  if (kind === 'asin') return { canAssign: o.saved, help: '按ASIN上传(跟卖已有商品);清空后保存将从EAN库分配EAN' };
  if (kind === 'other') return { canAssign: o.saved, help: '产品ID须为EAN/UPC码(从EAN库分配)或ASIN(B0开头的10位)' };
  return o.saved
    ? { canAssign: true, help: '保存时自动从EAN库分配,或点击「从EAN池分配」立即分配' }
    : { canAssign: false, help: '保存时自动从EAN库分配' };
}

/**
 * Writes a 产品ID the server stored (by a save or by 从EAN池分配) into the working copy. It is
 * saved already, so a working copy without other changes stays without unsaved changes.
 */
export function applyStoredProductId(store: StoreApi<EditorState>, productId: string | undefined) {
  const s = store.getState();
  if (productId === undefined || (s.draft.baseInfo.product_id ?? '') === productId) return;
  const clean = !s.isDirty();
  s.setBase({ product_id: productId });
  if (clean) store.getState().markSaved();
}

/** The 产品ID a save answered, when it gave the product one (`assignedEans` with `field: 'baseInfo.product_id'`). */
export function assignedProductId(r: Pick<SaveResult, 'assignedEans'>): string | undefined {
  return r.assignedEans?.find((a) => a.field === 'baseInfo.product_id')?.ean;
}
