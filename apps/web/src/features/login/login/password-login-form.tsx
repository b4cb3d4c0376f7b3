import type { LoginResult } from '@console/shared/schemas/account';
import { MSG } from '@console/shared/validation/rules';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../api/http';
import { login, loginCodeUrl } from '../../../api/session';
import { useFeedback } from '../../../app/ui-bridge';
import { LoginButton } from './login-button';
import { LockIcon, ReloadIcon, SafetyIcon, UserIcon } from './login-icons';
import { LoginInput } from './login-input';

type Field = 'account' | 'password' | 'code';

/** The one toast of a failed sign-in: replaced by the next failure, removed by the next try and by success. */
export const LOGIN_ERROR_KEY = 'login-error';

/** Messages of the sign-in fields when left empty. */
const REQUIRED: Record<Field, string> = { account: '请输入账号', password: '请输入密码', code: MSG.required };

/**
 * Password sign-in with the verification-code step when the server answers NEED_CODE.
 * Plain inputs rather than antd Form/Input keep the sign-in screen's bundle small.
 */
export function PasswordLoginForm({ onSuccess }: { onSuccess: (result: LoginResult) => void }) {
  const { message } = useFeedback();
  const [values, setValues] = useState<Record<Field, string>>({ account: '', password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [needCode, setNeedCode] = useState(false);
  const [nonce, setNonce] = useState(() => Date.now());
  const [loading, setLoading] = useState(false);

  const set = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((x) => ({ ...x, [field]: undefined }));
  };

  const showCode = () => {
    setNeedCode(true);
    setNonce(Date.now());
    setValues((v) => ({ ...v, code: '' }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fields: Field[] = needCode ? ['account', 'password', 'code'] : ['account', 'password'];
    const missing = Object.fromEntries(fields.filter((f) => !values[f].trim()).map((f) => [f, REQUIRED[f]]));
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setLoading(true);
    message.destroy(LOGIN_ERROR_KEY);
    try {
      const res = await login({
        account: values.account.trim(),
        password: values.password,
        code: values.code.trim(),
        needCode,
      });
      if (res.code === 'NEED_CODE') {
        message.warning({ key: LOGIN_ERROR_KEY, content: '请输入验证码' });
        showCode();
        return;
      }
      onSuccess(res as LoginResult);
    } catch (err) {
      const apiError = err as ApiError;
      message.error({ key: LOGIN_ERROR_KEY, content: apiError.message || '登录失败', duration: 5 });
      if (apiError instanceof ApiError && (apiError.data as { code?: string } | null)?.code === 'NEED_CODE') showCode();
      else if (needCode) setNonce(Date.now());
    } finally {
      setLoading(false);
    }
  };

  return (
    <form onSubmit={submit} className="login-form" data-testid="password-login" noValidate>
      <LoginInput
        prefix={<UserIcon />}
        placeholder="账号"
        autoComplete="username"
        value={values.account}
        onChange={set('account')}
        error={errors.account}
      />
      <LoginInput
        prefix={<LockIcon />}
        type="password"
        revealable
        placeholder="密码"
        autoComplete="current-password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
      />
      {needCode && (
        <div className="login-code-row">
          <LoginInput
            prefix={<SafetyIcon />}
            placeholder="验证码"
            autoComplete="off"
            maxLength={16}
            value={values.code}
            onChange={set('code')}
            error={errors.code}
          />
          <img className="login-code-img" src={loginCodeUrl(nonce)} alt="验证码" data-testid="login-code-img" />
          <LoginButton
            size="large"
            icon={<ReloadIcon />}
            aria-label="换一张"
            title="换一张"
            onClick={() => setNonce(Date.now())}
          />
        </div>
      )}
      <LoginButton variant="primary" type="submit" size="large" block loading={loading}>
        登录
      </LoginButton>
    </form>
  );
}
