import { Checkbox, Form, Input, Modal, Table } from 'antd';
import { useState } from 'react';
import { batchEnTitle } from '../../../../api/goods';
import { useFeedback } from '../../../../app/ui-bridge';
import { type BatchDialogProps, type Scope, SelectionScope } from './selection-scope';

interface Values {
  find: string;
  replace?: string;
  match_case?: boolean;
}
type Preview = Awaited<ReturnType<typeof batchEnTitle>>;

/** Batch replace of the English title (批量替换英文标题) with a preview of the matches before applying. */
export function BatchEnTitleDialog({ open, onClose, selectionFor, selectedCount, total, onDone }: BatchDialogProps) {
  const [form] = Form.useForm<Values>();
  const [scope, setScope] = useState<Scope>(selectedCount ? 'selected' : 'filter');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const { message } = useFeedback();

  const run = async (apply: boolean) => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const body = { find: v.find, replace: v.replace ?? '', match_case: Boolean(v.match_case), preview: !apply };
      const r = await batchEnTitle(selectionFor(scope), body);
      if (!apply) return setPreview(r);
      message.success(
        `已替换${r.matched}个商品的英文标题${r.skipped ? `,${r.skipped}个商品替换后将没有任何标题和SKU,未替换` : ''}`,
      );
      setPreview(null);
      onDone();
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="批量替换英文标题"
      open={open}
      width={760}
      onCancel={onClose}
      okText={preview ? `替换${preview.matched}个` : '预览'}
      okButtonProps={{ disabled: preview?.matched === 0 }}
      onOk={() => run(Boolean(preview))}
      confirmLoading={busy}
      destroyOnHidden
    >
      <SelectionScope
        value={scope}
        onChange={(s) => {
          setScope(s);
          setPreview(null);
        }}
        selectedCount={selectedCount}
        total={total}
      />
      <Form<Values> form={form} layout="vertical" onValuesChange={() => setPreview(null)}>
        <Form.Item name="find" label="查找" rules={[{ required: true, message: '请填写该字段' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="replace" label="替换为">
          <Input />
        </Form.Item>
        <Form.Item name="match_case" valuePropName="checked">
          <Checkbox>区分大小写</Checkbox>
        </Form.Item>
      </Form>
      {preview && (
        <>
          <p>匹配 {preview.matched} 个商品,示例:</p>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={preview.samples ?? []}
            columns={[
              { title: 'ID', dataIndex: 'id', width: 70 },
              { title: '替换前', dataIndex: 'before' },
              { title: '替换后', dataIndex: 'after' },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
