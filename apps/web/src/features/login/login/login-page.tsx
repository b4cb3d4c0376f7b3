import type { LoginResult } from '@console/shared';
import { APP_VERSION } from '@console/shared';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useBrandingStore } from '../../../app/bootstrap';
import { completeLogin } from './after-login';
import './login.css';
import { PasswordLoginForm } from './password-login-form';
import { QrLoginPanel } from './qr-login-panel';

/** The sign-in screen: password tab and QR tab, with the trader's branding. */
export function LoginPage() {
  const navigate = useNavigate();
  const brand = useBrandingStore();
  const [mode, setMode] = useState<'password' | 'qr'>('password');
  const onSuccess = useCallback(
    (result: LoginResult) => navigate(completeLogin(result), { replace: true }),
    [navigate],
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
