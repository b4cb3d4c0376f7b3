import { MSG, PASSWORD_MAX } from '@console/shared/validation/rules';
import { Form, Input, Modal } from 'antd';
import { useUpdatePassword } from '../../../api/account';
import { signOut } from '../../../app/session-actions';
import { useFeedback } from '../../../app/ui-bridge';

interface Values {
  passwordOld: string;
  password: string;
  passwordAgain: string;
}

/** Change password (600 px). On success the user is signed out without confirmation (spec section 4). */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const update = useUpdatePassword();
  const required = { required: true, message: MSG.required, validateTrigger: 'onBlur' } as const;

  const submit = async () => {
    const values = await form.validateFields();
    await update.mutateAsync(values);
    message.success(MSG.passwordUpdated);
    onClose();
    await signOut();
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      width={600}
      onCancel={onClose}
      onOk={submit}
      okText="确定"
      cancelText="取消"
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form form={form} labelCol={{ span: 5 }} data-testid="password-form">
        <Form.Item label="原密码" name="passwordOld" rules={[required]}>
          <Input.Password maxLength={PASSWORD_MAX} autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" name="password" rules={[required]}>
          <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="passwordAgain"
          dependencies={['password']}
          rules={[
            required,
            ({ getFieldValue }) => ({
              validator: async (_r, value) => {
                if (value && value !== getFieldValue('password')) throw new Error(MSG.passwordMismatch);
              },
            }),
          ]}
        >
          <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
