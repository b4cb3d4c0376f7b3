import { LockOutlined, ReloadOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginResult } from '@console/shared';
import { MSG } from '@console/shared';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { login, loginCodeUrl } from '../../../api/account';
import { ApiError } from '../../../api/http';

interface Values {
  account: string;
  password: string;
  code?: string;
}

/** Password sign-in with the verification code step when the server answers NEED_CODE. */
export function PasswordLoginForm({ onSuccess }: { onSuccess: (result: LoginResult) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [needCode, setNeedCode] = useState(false);
  const [nonce, setNonce] = useState(() => Date.now());
  const [loading, setLoading] = useState(false);

  const showCode = () => {
    setNeedCode(true);
    setNonce(Date.now());
    form.setFieldValue('code', '');
  };

  const submit = async (values: Values) => {
    setLoading(true);
    try {
      const res = await login({
        account: values.account.trim(),
        password: values.password,
        code: values.code?.trim() ?? '',
        needCode,
      });
      if (res.code === 'NEED_CODE') {
        message.warning('请输入验证码');
        showCode();
        return;
      }
      onSuccess(res as LoginResult);
    } catch (err) {
      const e = err as ApiError;
      message.error({ content: e.message || '登录失败', duration: 5 });
      if (e instanceof ApiError && (e.data as { code?: string } | null)?.code === 'NEED_CODE') showCode();
      else if (needCode) setNonce(Date.now());
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form form={form} size="large" onFinish={submit} autoComplete="on" data-testid="password-login">
      <Form.Item name="account" rules={[{ required: true, whitespace: true, message: '请输入账号' }]}>
        <Input prefix={<UserOutlined />} placeholder="账号" autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
      </Form.Item>
      {needCode && (
        <Form.Item required>
          <div className="login-code-row">
            <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: MSG.required }]}>
              <Input prefix={<SafetyOutlined />} placeholder="验证码" autoComplete="off" maxLength={16} />
            </Form.Item>
            <img className="login-code-img" src={loginCodeUrl(nonce)} alt="验证码" data-testid="login-code-img" />
            <Button icon={<ReloadOutlined />} aria-label="换一张" title="换一张" onClick={() => setNonce(Date.now())} />
          </div>
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={loading}>
        登录
      </Button>
    </Form>
  );
}
