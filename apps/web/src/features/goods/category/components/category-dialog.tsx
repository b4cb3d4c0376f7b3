import type { CategoryNode } from '@console/shared/schemas/goods-library';
import { Form, Input, Modal, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { useCategoryMutations } from '../../../../api/goods-library-pool';
import { useFeedback } from '../../../../app/ui-bridge';
import { parentOptions } from '../category-tree';

/** What the dialog does: add under a parent (0 = top level), rename or move a category. */
export type CategoryAction =
  | { kind: 'add'; parent: CategoryNode | null }
  | { kind: 'rename'; node: CategoryNode }
  | { kind: 'move'; node: CategoryNode };

const TITLES = { add: '添加分类', rename: '重命名', move: '移动分类' } as const;

/** Add, rename or move one category; server refusals (duplicate name, depth, cycle) show as toasts and keep it open. */
export function CategoryDialog({
  action,
  tree,
  onClose,
}: {
  action: CategoryAction | null;
  tree: readonly CategoryNode[];
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<{ name: string; parent_id: number }>();
  const { create, update } = useCategoryMutations();

  useEffect(() => {
    if (!action) return;
    form.resetFields();
    if (action.kind === 'rename') form.setFieldsValue({ name: action.node.name });
    if (action.kind === 'move') form.setFieldsValue({ parent_id: action.node.parent_id });
  }, [action, form]);

  const submit = async (v: { name?: string; parent_id?: number }) => {
    if (!action) return;
    try {
      if (action.kind === 'add') {
        await create.mutateAsync({ name: (v.name ?? '').trim(), parent_id: action.parent?.id ?? 0 });
        message.success('添加成功');
      } else if (action.kind === 'rename') {
        await update.mutateAsync({ id: action.node.id, version: action.node.version, name: (v.name ?? '').trim() });
        message.success('修改成功');
      } else {
        await update.mutateAsync({ id: action.node.id, version: action.node.version, parent_id: v.parent_id ?? 0 });
        message.success('移动成功');
      }
      onClose();
    } catch {
      // The http client already showed the server's message; the dialog stays open to fix the input.
    }
  };

  return (
    <Modal
      title={
        action?.kind === 'add' && action.parent
          ? `在「${action.parent.name}」下添加分类`
          : TITLES[action?.kind ?? 'add']
      }
      open={action !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending || update.isPending}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="category-form">
        {action?.kind === 'move' ? (
          <Form.Item name="parent_id" label="上级分类" rules={[{ required: true, message: '请选择上级分类' }]}>
            <TreeSelect
              treeData={parentOptions(tree, action.node.id)}
              treeDefaultExpandAll
              data-testid="category-parent"
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="name"
            label="分类名称"
            rules={[
              { required: true, whitespace: true, message: '请填写该字段' },
              { max: 50, message: '分类名称不能超过50个字符' },
            ]}
          >
            <Input maxLength={50} data-testid="category-name" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
