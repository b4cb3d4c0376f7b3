import { isStaleSave } from '@console/shared/schemas/stale-save';
import { skuKey } from '@console/shared/sku/sku';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StoreApi } from 'zustand';
import { type SaveResult, saveGoods } from '../../../api/goods';
import { invalidateAfterGoodsSave } from '../../../api/goods-saved';
import { ApiError } from '../../../api/http';
import { uploadKeys } from '../../../api/upload';
import { useFeedback } from '../../../app/ui-bridge';
import type { VariationRow } from '../lib/variations';
import { toGoodsData } from './editor-model';
import type { AttrError, EditorState } from './editor-store';

/** The variation rows with the EANs a save assigned (by SKU) filled in, so they show at once. */
export function withAssignedEans(rows: VariationRow[], assigned: SaveResult['assignedEans']): VariationRow[] {
  if (!assigned?.length) return rows;
  const bySku = new Map(assigned.map((a) => [skuKey(a.sku), a.ean]));
  return rows.map((r) => {
    const ean = r.ean ? undefined : bySku.get(skuKey(r.sku));
    return ean ? { ...r, ean } : r;
  });
}

/** The message after a save: success with the number of EANs assigned, or a warning with what to look at. */
export function savedMessage(r: SaveResult): { type: 'success' | 'warning'; text: string } {
  const assigned = r.assignedEans?.length ?? 0;
  const done = assigned ? `保存成功,已分配${assigned}个EAN` : '保存成功';
  const notes = saveNotes(r);
  return notes.length ? { type: 'warning', text: `${done},但${notes.join(';')}` } : { type: 'success', text: done };
}

/** Where a refused save's message belongs when it names a field: the SKU field, or the variations pane. */
function skuFieldOf(data: unknown, parentSku: string): 'sku' | 'variations' | null {
  const d = data as { field?: string; sku?: string } | null;
  if (d?.field === 'baseInfo.sku') return 'sku';
  if (d?.field === 'parentageTable.children.sku') return 'variations';
  if (d?.field !== 'sku') return null;
  return d.sku && skuKey(d.sku) !== skuKey(parentSku) ? 'variations' : 'sku';
}

/** What a successful save asks the user to look at: sensitive words, missing EANs, required attributes left empty. */
export function saveNotes(r: SaveResult): string[] {
  // `missingProductId`: a product without variations left without its 产品ID (the pool ran dry).
  const w = r.warnings as (SaveResult['warnings'] & { missingProductId?: boolean }) | undefined;
  const sensitive = w?.sensitive?.length ?? 0;
  const eans = w?.missingEans ?? 0;
  const attrs = w?.missingAttrs ?? [];
  const names = attrs
    .slice(0, 3)
    .map((a) => a.label || a.name)
    .join('、');
  return [
    ...(sensitive ? [`有${sensitive}处敏感词,请查看文本中的标记`] : []),
    ...(w?.missingProductId
      ? ['商品未分配EAN(EAN库没有可用码,导入EAN后再次保存即可分配)']
      : eans
        ? [`${eans}个变体未分配EAN(EAN库可用码不足,导入后再次保存即可分配)`]
        : []),
    ...(attrs.length ? [`${attrs.length}个必填属性未填写(${names}${attrs.length > 3 ? '等' : ''}),上传前需补全`] : []),
  ];
}

/**
 * Save of the editor: create or update with the loaded version; a 409 stale version is
 * reported through `onStale` (never overwritten); 400 attribute errors go inline.
 */
export function useSaveGoods(
  store: StoreApi<EditorState>,
  target: { id: number | null; version: number | null },
  handlers: { onSaved: (r: SaveResult) => void; onStale: (msg: string) => void },
) {
  const [saving, setSaving] = useState(false);
  const { message } = useFeedback();
  const qc = useQueryClient();
  const save = async () => {
    const s = store.getState();
    const { data, errors } = toGoodsData(s.draft);
    const first = errors[0];
    if (first) {
      s.setPane(first.pane);
      if (first.field) s.setFieldErrors({ [first.field]: first.message });
      message.error(errors.length > 1 ? `${first.message}(另有${errors.length - 1}处)` : first.message);
      return;
    }
    setSaving(true);
    try {
      const body = target.id ? { id: target.id, version: target.version ?? 1, goodsData: data } : { goodsData: data };
      const r = await saveGoods(body);
      // EANs this save assigned show at once (part of the saved state, so not an unsaved change).
      const p = store.getState().draft.parentage;
      const children = withAssignedEans(p.children, r.assignedEans);
      if (children !== p.children) store.getState().setParentage({ children });
      store.getState().markSaved();
      void invalidateAfterGoodsSave(qc);
      // The product's 上架检查 (editor-readiness) reads the saved product again.
      void qc.invalidateQueries({ queryKey: uploadKeys.checks() });
      store.getState().setWarnings({
        sensitive: r.warnings?.sensitive ?? [],
        missingAttrs: r.warnings?.missingAttrs ?? [],
        attrErrors: [],
      });
      const said = savedMessage(r);
      message[said.type](said.text);
      handlers.onSaved(r);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const field = skuFieldOf(e.data, store.getState().draft.baseInfo.sku ?? '');
      if (isStaleSave(e)) handlers.onStale(e.message);
      else if (field) {
        if (field === 'sku') store.getState().setFieldErrors({ sku: e.message });
        store.getState().setPane(field === 'sku' ? '0' : '3');
        message.error(e.message);
      } else if (e.status === 400 && Array.isArray((e.data as { errors?: unknown })?.errors)) {
        store.getState().setWarnings({ attrErrors: (e.data as { errors: AttrError[] }).errors });
        store.getState().setPane('5');
        message.error(e.message || '扩展属性不符合模板要求');
      } else message.error(e.message || '保存失败');
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}
