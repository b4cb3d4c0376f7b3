import { isStaleSave } from '@console/shared';
import { useState } from 'react';
import type { StoreApi } from 'zustand';
import { type SaveResult, saveGoods } from '../../../api/goods';
import { ApiError } from '../../../api/http';
import { useFeedback } from '../../../app/ui-bridge';
import { toGoodsData } from './editor-model';
import type { AttrError, EditorState } from './editor-store';

/** What a successful save asks the user to look at: sensitive words, variations without an EAN. */
export function saveNotes(r: SaveResult): string[] {
  const sensitive = r.warnings?.sensitive?.length ?? 0;
  const eans = r.warnings?.missingEans ?? 0;
  return [
    ...(sensitive ? [`有${sensitive}处敏感词,请查看文本中的标记`] : []),
    ...(eans ? [`${eans}个变体未分配EAN(EAN库可用码不足,导入后再次保存即可分配)`] : []),
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
  const save = async () => {
    const s = store.getState();
    const { data, errors } = toGoodsData(s.draft);
    const first = errors[0];
    if (first) {
      s.setPane(first.pane);
      message.error(errors.length > 1 ? `${first.message}(另有${errors.length - 1}处)` : first.message);
      return;
    }
    setSaving(true);
    try {
      const body = target.id ? { id: target.id, version: target.version ?? 1, goodsData: data } : { goodsData: data };
      const r = await saveGoods(body);
      store.getState().markSaved();
      store.getState().setWarnings({
        sensitive: r.warnings?.sensitive ?? [],
        missingAttrs: r.warnings?.missingAttrs ?? [],
        attrErrors: [],
      });
      const notes = saveNotes(r);
      if (notes.length) message.warning(`已保存,但${notes.join(';')}`);
      else message.success('保存成功');
      handlers.onSaved(r);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (isStaleSave(e)) handlers.onStale(e.message);
      else if (e.status === 400 && Array.isArray((e.data as { errors?: unknown })?.errors)) {
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
