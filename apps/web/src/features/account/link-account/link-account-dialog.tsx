import { ReloadOutlined } from '@ant-design/icons';
import { MSG, PASSWORD_MAX } from '@console/shared/validation/rules';
import { Alert, Button, Form, Input, List, Modal, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { getUserInfo, linkAccount, loginCodeUrl, unlinkAccount } from '../../../api/account';
import { ApiError } from '../../../api/http';
import { useFeedback } from '../../../app/ui-bridge';
import { useSessionStore } from '../../../stores/session-store';

interface Values {
  account: string;
  password: string;
  code?: string;
}

/** Reads the switch list again after a link changed (the user menu shows 切换账号 from it). */
async function refreshUserInfo(): Promise<void> {
  useSessionStore.getState().applyUserInfo(await getUserInfo());
}

/**
 * 关联账号 (600 px): the person proves owning another account by its name and password; the
 * two accounts then list each other under 切换账号 and switch without a password. The
 * password check is throttled like sign-in, so after failures a verification code is asked.
 * Linked accounts are listed with 解除关联 (docs/decisions.md "Account links").
 */
export function LinkAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = useFeedback();
  const user = useSessionStore((s) => s.user);
  const [form] = Form.useForm<Values>();
  const [needCode, setNeedCode] = useState(false);
  const [nonce, setNonce] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const linked = (user?.bindSomePhoneAccountList ?? []).filter((a) => a.uid !== user?.uid);
  const required = { required: true, message: MSG.required } as const;

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      const res = await linkAccount({
        account: values.account.trim(),
        password: values.password,
        code: values.code?.trim() ?? '',
      });
      await refreshUserInfo();
      message.success(`已关联账号 ${res.account}`);
      form.resetFields();
      setNeedCode(false);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : '关联失败');
      const code = err instanceof ApiError ? (err.data as { code?: string } | null)?.code : undefined;
      if (code === 'NEED_CODE') setNeedCode(true);
      setNonce(Date.now());
      form.setFieldValue('code', '');
    } finally {
      setBusy(false);
    }
  };

  const unlink = async (uid: number) => {
    await unlinkAccount(uid);
    await refreshUserInfo();
    message.success('已解除关联');
  };

  return (
    <Modal
      title="关联账号"
      open={open}
      width={600}
      onCancel={onClose}
      onOk={submit}
      okText="关联"
      cancelText="关闭"
      confirmLoading={busy}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        输入您的另一个账号及其密码。验证通过后,两个账号可在「切换账号」中互相切换,无需再次输入密码。
        任一账号修改密码、被停用或删除后,关联自动解除。
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="link-error" />}
      <Form form={form} labelCol={{ span: 5 }} data-testid="link-account-form">
        <Form.Item label="账号" name="account" rules={[required]}>
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[required]}>
          <Input.Password maxLength={PASSWORD_MAX} autoComplete="off" />
        </Form.Item>
        {needCode && (
          <Form.Item label="验证码" required>
            <Space>
              <Form.Item name="code" noStyle rules={[required]}>
                <Input maxLength={16} autoComplete="off" style={{ width: 140 }} />
              </Form.Item>
              <img src={loginCodeUrl(nonce)} alt="验证码" height={32} data-testid="link-code-img" />
              <Button
                icon={<ReloadOutlined />}
                aria-label="换一张"
                title="换一张"
                onClick={() => setNonce(Date.now())}
              />
            </Space>
          </Form.Item>
        )}
      </Form>
      <Typography.Title level={5}>已关联的账号</Typography.Title>
      <List
        size="small"
        locale={{ emptyText: '暂无关联账号' }}
        dataSource={linked}
        data-testid="linked-accounts"
        renderItem={(a) => (
          <List.Item
            actions={[
              <Popconfirm key="unlink" title={`解除与 ${a.account} 的关联?`} onConfirm={() => unlink(a.uid)}>
                <Button type="link" danger size="small">
                  解除关联
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta title={a.account} description={a.user_name} />
          </List.Item>
        )}
      />
    </Modal>
  );
}
