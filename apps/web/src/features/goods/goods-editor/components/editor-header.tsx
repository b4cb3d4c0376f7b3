import { LeftOutlined, RightOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { memo, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { StoreApi } from 'zustand';
import { neighbourId } from '../../../../api/goods';
import { machineCheck, saveCorrection } from '../../../../api/translate';
import { useFeedback } from '../../../../app/ui-bridge';
import { addLog } from '../../../../stores/log-store';
import { EditorUploadButton } from '../../amazon-upload/editor-upload-button';
import { useGoodsListFilters } from '../../lib/list-filters-store';
import { type EditorState, useEditor, useEditorStore } from '../editor-store';
import { TranslateAllDialog } from '../translate/translate-all-dialog';
import {
  changedTexts,
  defaultSource,
  jobRecords,
  type PendingCorrection,
  pendingCorrections,
  type SavedDesc,
} from '../translate/translate-model';
import { finishedJobs, translateStateOf, useTranslateState } from '../translate/translate-state';
import { useTranslate } from '../translate/use-translate';

/** The saved language texts of an originData snapshot (GoodsData JSON). */
function savedDescs(originData: string): SavedDesc[] {
  try {
    return (JSON.parse(originData) as { commonData?: { descs?: SavedDesc[] } }).commonData?.descs ?? [];
  } catch {
    return [];
  }
}

/**
 * The corrections a save made: fields the machine filled in this editor and the user then
 * changed, and saved fields whose previous text a machine delivered (asked with machineCheck)
 * that the user changed. Source: what the field was translated from, or the source language's
 * text at the same place.
 */
async function correctionsOfSave(
  editor: StoreApi<EditorState>,
  prevOrigin: string,
  nextOrigin: string,
): Promise<PendingCorrection[]> {
  const state = translateStateOf(editor);
  const records = state.getState().records;
  const todo = pendingCorrections(editor.getState().draft.descs, records);
  const from = state.getState().from ?? defaultSource(editor.getState().draft.descs);
  const changed = changedTexts(savedDescs(prevOrigin), savedDescs(nextOrigin), from, new Set(records.keys()));
  for (const to of new Set(changed.map((c) => c.to))) {
    const list = changed.filter((c) => c.to === to);
    const { machine } = await machineCheck(
      to,
      list.map((c) => c.old),
    );
    todo.push(...list.filter((_, i) => machine[i]));
  }
  return todo;
}

/**
 * Keeps the machine records of this editor: takes over the records of a translation job that
 * just wrote this product (the editor was reloaded), and after every save stores the user's
 * changes of machine-translated fields as corrections (`saveCorrection`), reused next time.
 */
function useCorrections(id: number | null) {
  const editor = useEditorStore();
  const { message } = useFeedback();
  useEffect(() => {
    const state = translateStateOf(editor);
    const job = id === null ? undefined : finishedJobs.get(id);
    if (id !== null && job) {
      finishedJobs.delete(id);
      state.getState().addRecords(jobRecords(editor.getState().draft.descs, job));
      // Back to the texts the user translated (the reloaded editor starts on its first pane).
      editor.getState().setPane('1');
    }
    return editor.subscribe(async (s, prev) => {
      // originData moves only when a save takes a new snapshot.
      if (s.originData === prev.originData) return;
      let saved = 0;
      try {
        for (const c of await correctionsOfSave(editor, prev.originData, s.originData)) {
          await saveCorrection({ source: c.source, from: c.from, to: c.to, text: c.text });
          state.getState().addRecords([[c.key, { from: c.from, source: c.source, text: c.text }]]);
          saved++;
        }
      } catch (e) {
        // The product is saved; a correction that could not be stored is only logged.
        addLog(`保存译文修正失败: ${(e as Error).message}`, 'warning');
      }
      if (saved) message.info(`已记录${saved}处译文修正,下次翻译相同原文时使用`);
    });
  }, [editor, id, message]);
}

/** Editor header: unsaved marker, prev/next (in the list's current order), translate all, 上传到亚马逊, save. */
export const EditorHeader = memo(function EditorHeader({
  id,
  saving,
  onSave,
  onReload,
}: {
  id: number | null;
  saving: boolean;
  onSave: () => void;
  /** Reloads the stored product (after the translation job wrote it). */
  onReload?: () => void;
}) {
  const touched = useEditor((s) => s.touched);
  const busy = useTranslateState((s) => s.busy);
  const [translating, setTranslating] = useState(false);
  const { ready } = useTranslate();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const filters = useGoodsListFilters((s) => s.filters);
  useCorrections(id);
  const go = async (dir: 'prev' | 'next') => {
    if (!id) return;
    const r = await neighbourId(dir, id, filters);
    if (r?.id) navigate(`/goods/admin/update/${r.id}`);
    else message.info(dir === 'prev' ? '已经是第一个商品' : '已经是最后一个商品');
  };
  return (
    <Space>
      {touched && (
        <Tag color="orange" data-testid="editor-dirty">
          有未保存的修改
        </Tag>
      )}
      {id && (
        <>
          <Button icon={<LeftOutlined />} onClick={() => go('prev')}>
            上一个
          </Button>
          <Button onClick={() => go('next')}>
            下一个 <RightOutlined />
          </Button>
        </>
      )}
      <Button
        icon={<TranslationOutlined />}
        disabled={Boolean(busy) && busy !== 'all'}
        // Without a provider, say so (and what to do) before the dialog opens.
        onClick={() => {
          if (ready()) setTranslating(true);
        }}
        data-testid="translate-all"
      >
        一键翻译
      </Button>
      {id && <EditorUploadButton id={id} />}
      <Button type="primary" loading={saving} onClick={onSave} data-testid="editor-save">
        保存
      </Button>
      <TranslateAllDialog
        id={id}
        open={translating}
        onClose={() => setTranslating(false)}
        {...(onReload ? { onReload } : {})}
        onJobDone={(job) => {
          if (id !== null) finishedJobs.set(id, job);
        }}
      />
    </Space>
  );
});
