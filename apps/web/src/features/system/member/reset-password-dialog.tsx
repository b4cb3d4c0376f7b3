import type { ChildAccount } from '@console/shared/schemas/account';
import { resetChildBody } from '@console/shared/schemas/account';
import { Form, Input, Modal } from 'antd';
import { useChildMutations } from '../../../api/account';
import { useFeedback } from '../../../app/ui-bridge';
import { zodRule } from '../../../lib/zod-rule';

/** Sets a new password for a child account (its sessions end on the server). */
export function ResetPasswordDialog({ record, onClose }: { record: ChildAccount | null; onClose: () => void }) {
  const { message } = useFeedback();
  const [form] = Form.useForm<{ password: string }>();
  const { reset } = useChildMutations();
  const submit = async () => {
    if (!record) return;
    const { password } = await form.validateFields();
    await reset.mutateAsync({ uid: record.uid, password });
    message.success('密码已重置');
    onClose();
  };
  return (
    <Modal
      title={`重置密码: ${record?.account ?? ''}`}
      open={Boolean(record)}
      width={600}
      onCancel={onClose}
      onOk={submit}
      okText="确定"
      cancelText="取消"
      confirmLoading={reset.isPending}
      destroyOnHidden
    >
      <Form form={form} labelCol={{ span: 5 }}>
        <Form.Item label="新密码" name="password" required rules={[zodRule(resetChildBody.shape.password)]}>
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
