import { COPYABLE_FIELDS, type CopyableField, DESC_LANGUAGES } from '@console/shared/constants/goods';
import { Checkbox, Form, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { getCopyFields } from '../../../../api/goods';
import { useFeedback } from '../../../../app/ui-bridge';
import type { DescDraft } from '../editor-model';
import { useEditorStore } from '../editor-store';

/** Chinese labels of the copyable fields. */
export const FIELD_LABELS: Record<CopyableField, string> = {
  title: '标题',
  bullet_points: '五点描述',
  search_terms: '搜索词',
  product_description: '产品描述',
};
const fieldOptions = COPYABLE_FIELDS.map((f) => ({ value: f, label: FIELD_LABELS[f] }));

/** Copies the chosen fields of one language onto others (client side). */
export function copyFieldsToLangs(
  descs: readonly DescDraft[],
  fromIndex: number,
  fields: readonly CopyableField[],
  toKeys: readonly string[],
): DescDraft[] {
  const from = descs[fromIndex];
  if (!from) return [...descs];
  return descs.map((d) => {
    if (!toKeys.includes(d.key) || d.key === from.key) return d;
    const next = { ...d };
    for (const f of fields) {
      if (f === 'bullet_points') next.bullet_points = [...from.bullet_points];
      else next[f] = from[f];
    }
    return next;
  });
}

/** "复制到其他语言": chosen fields of this language to chosen other languages. */
export function CopyToLanguagesDialog({ fromIndex, onClose }: { fromIndex: number | null; onClose: () => void }) {
  const store = useEditorStore();
  const [fields, setFields] = useState<CopyableField[]>([...COPYABLE_FIELDS]);
  const [langs, setLangs] = useState<string[]>([]);
  const from = fromIndex === null ? undefined : DESC_LANGUAGES[fromIndex];
  return (
    <Modal
      title={`从${from?.label ?? ''}复制到其他语言`}
      open={fromIndex !== null}
      onCancel={onClose}
      okButtonProps={{ disabled: !fields.length || !langs.length }}
      onOk={() => {
        const s = store.getState();
        s.setDescs(copyFieldsToLangs(s.draft.descs, fromIndex ?? 0, fields, langs));
        onClose();
      }}
    >
      <p>字段</p>
      <Checkbox.Group options={fieldOptions} value={fields} onChange={(v) => setFields(v as CopyableField[])} />
      <p style={{ marginTop: 16 }}>目标语言</p>
      <Checkbox.Group
        options={DESC_LANGUAGES.filter((l) => l.key !== from?.key).map((l) => ({ value: l.key, label: l.label }))}
        value={langs}
        onChange={(v) => setLangs(v as string[])}
      />
    </Modal>
  );
}

/** "从其他商品复制": POST goods/getCopyFields of another product, pasted into the same languages here. */
export function CopyFromProductDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const store = useEditorStore();
  const { message } = useFeedback();
  const [id, setId] = useState<number | null>(null);
  const [fields, setFields] = useState<CopyableField[]>([...COPYABLE_FIELDS]);
  const [langs, setLangs] = useState<string[]>(['en']);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!id) return;
    setBusy(true);
    try {
      const got = await getCopyFields(id, langs, fields);
      const s = store.getState();
      s.setDescs(
        s.draft.descs.map((d) => {
          const src = got[d.key];
          if (!src) return d;
          const next = { ...d };
          for (const f of fields) {
            const v = src[f];
            if (v === undefined) continue;
            if (f === 'bullet_points')
              next.bullet_points = Array.from({ length: 5 }, (_, i) => (v as string[])[i] ?? '');
            else next[f] = String(v);
          }
          return next;
        }),
      );
      message.success('已复制');
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title="从其他商品复制" open={open} onCancel={onClose} onOk={run} confirmLoading={busy}>
      <Form layout="vertical">
        <Form.Item label="商品ID">
          <InputNumber min={1} precision={0} value={id} onChange={(v) => setId(v)} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="字段">
          <Checkbox.Group options={fieldOptions} value={fields} onChange={(v) => setFields(v as CopyableField[])} />
        </Form.Item>
        <Form.Item label="语言">
          <Checkbox.Group
            options={DESC_LANGUAGES.map((l) => ({ value: l.key, label: l.label }))}
            value={langs}
            onChange={(v) => setLangs(v as string[])}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
