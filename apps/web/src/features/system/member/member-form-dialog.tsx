import type { ChildAccount } from '@console/shared';
import { AUTH_NAMES, assignableChildAuths, createChildBody, updateChildBody } from '@console/shared';
import { Form, Input, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useChildMutations } from '../../../api/account';
import { useFeedback } from '../../../app/ui-bridge';
import { zodRule } from '../../../lib/zod-rule';
import { useSessionStore } from '../../../stores/session-store';

const c = createChildBody.shape;
const u = updateChildBody.shape;

interface Props {
  open: boolean;
  /** The account to edit; absent to create one. */
  record?: ChildAccount | null;
  onClose: () => void;
}

/** Create or edit a child account; roles limited to what the manager may assign. */
export function MemberFormDialog({ open, record, onClose }: Props) {
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const user = useSessionStore((s) => s.user);
  const { create, update } = useChildMutations();
  const editing = Boolean(record);
  const auths = user ? assignableChildAuths(user) : [];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record) form.setFieldsValue({ ...record, status: record.status === 1 });
    else form.setFieldsValue({ auth: auths[0] });
  }, [open, record, form, auths[0]]);

  const submit = async () => {
    const v = await form.validateFields();
    const trimmed = {
      user_name: String(v.user_name ?? '').trim(),
      phone: String(v.phone ?? '').trim(),
      email: String(v.email ?? '').trim(),
      remark: String(v.remark ?? '').trim(),
      auth: v.auth,
    };
    if (record) await update.mutateAsync({ uid: record.uid, ...trimmed, status: v.status ? 1 : 0 });
    else await create.mutateAsync({ account: String(v.account).trim(), password: v.password, ...trimmed });
    message.success(editing ? '修改成功' : '创建成功');
    onClose();
  };

  return (
    <Modal
      title={editing ? '编辑子账号' : '新增子账号'}
      open={open}
      width={600}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      cancelText="取消"
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form form={form} labelCol={{ span: 5 }} data-testid="member-form">
        <Form.Item label="账号" name="account" required={!editing} rules={editing ? [] : [zodRule(c.account)]}>
          <Input disabled={editing} maxLength={32} autoComplete="off" />
        </Form.Item>
        {!editing && (
          <Form.Item label="密码" name="password" required rules={[zodRule(c.password)]}>
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item label="角色" name="auth" required rules={[{ required: true, message: '请选择角色' }]}>
          <Select options={auths.map((a) => ({ value: a, label: AUTH_NAMES[a] }))} />
        </Form.Item>
        <Form.Item label="用户名" name="user_name" required rules={[zodRule(c.user_name)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label="手机号" name="phone" rules={[zodRule(u.phone)]}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item label="邮箱" name="email" rules={[zodRule(u.email)]}>
          <Input />
        </Form.Item>
        <Form.Item label="备注" name="remark">
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
        {editing && (
          <Form.Item label="启用" name="status" valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
