import { LeftOutlined, RightOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { memo, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { neighbourId } from '../../../../api/goods';
import { saveCorrection } from '../../../../api/translate';
import { useFeedback } from '../../../../app/ui-bridge';
import { addLog } from '../../../../stores/log-store';
import { useGoodsListFilters } from '../../lib/list-filters-store';
import { useEditor, useEditorStore } from '../editor-store';
import { TranslateAllDialog } from './translate-all-dialog';
import { jobRecords, pendingCorrections } from './translate-model';
import { finishedJobs, translateStateOf, useTranslateState } from './translate-state';

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
    }
    return editor.subscribe(async (s, prev) => {
      // originData moves only when a save (or load) takes a new snapshot.
      if (s.originData === prev.originData) return;
      const todo = pendingCorrections(s.draft.descs, state.getState().records);
      let saved = 0;
      for (const c of todo) {
        try {
          await saveCorrection({ source: c.source, from: c.from, to: c.to, text: c.text });
          state.getState().addRecords([[c.key, { from: c.from, source: c.source, text: c.text }]]);
          saved++;
        } catch (e) {
          addLog(`保存译文修正失败: ${(e as Error).message}`, 'warning');
        }
      }
      if (saved) message.info(`已记录${saved}处译文修正,下次翻译相同原文时使用`);
    });
  }, [editor, id, message]);
}

/** Editor header: unsaved marker, prev/next (in the list's current order), translate all, save. */
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
        onClick={() => setTranslating(true)}
        data-testid="translate-all"
      >
        一键翻译
      </Button>
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
