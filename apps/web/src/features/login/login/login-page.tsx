import type { LoginResult } from '@console/shared';
import { APP_VERSION } from '@console/shared';
import { Tabs } from 'antd';
import { useCallback } from 'react';
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
        <Tabs
          centered
          destroyOnHidden
          items={[
            { key: 'password', label: '账号登录', children: <PasswordLoginForm onSuccess={onSuccess} /> },
            { key: 'qr', label: '扫码登录', children: <QrLoginPanel onSuccess={onSuccess} /> },
          ]}
        />
      </div>
      <div className="login-footer">v{APP_VERSION}</div>
    </div>
  );
}
