import { APP_VERSION } from '@console/shared/constants/app';
import type { LoginResult } from '@console/shared/schemas/account';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useBrandingStore } from '../../../app/bootstrap';
import { useFeedback } from '../../../app/ui-bridge';
import { completeLogin } from './after-login';
import './login.css';
import { LOGIN_ERROR_KEY, PasswordLoginForm } from './password-login-form';
import { QrLoginPanel } from './qr-login-panel';

/** The sign-in screen: password tab and QR tab, with the trader's branding. */
export function LoginPage() {
  const navigate = useNavigate();
  const brand = useBrandingStore();
  const [mode, setMode] = useState<'password' | 'qr'>('password');
  const { message } = useFeedback();
  const onSuccess = useCallback(
    (result: LoginResult) => {
      // "账号或密码错误" of an earlier try must not stay on the screen the user just reached.
      message.destroy(LOGIN_ERROR_KEY);
      navigate(completeLogin(result), { replace: true });
    },
    [navigate, message],
  );
  return (
    <div className="login-page">
      <div className="login-card">
        <div className="login-brand">
          {brand.logo ? <img src={brand.logo} alt={brand.title} className="login-logo" /> : null}
          <h1>{brand.title}</h1>
        </div>
        {/* A plain two-way switch: antd Tabs would add ~25 KB gzip to the sign-in screen. */}
        <div className="login-tabs" role="tablist">
          <button type="button" role="tab" aria-selected={mode === 'password'} onClick={() => setMode('password')}>
            账号登录
          </button>
          <button type="button" role="tab" aria-selected={mode === 'qr'} onClick={() => setMode('qr')}>
            扫码登录
          </button>
        </div>
        {mode === 'password' ? <PasswordLoginForm onSuccess={onSuccess} /> : <QrLoginPanel onSuccess={onSuccess} />}
      </div>
      <div className="login-footer">v{APP_VERSION}</div>
    </div>
  );
}
