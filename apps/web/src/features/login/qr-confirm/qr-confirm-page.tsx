import { CheckCircleFilled, DesktopOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { confirmQrLogin } from '../../../api/account';
import { useBrandingStore } from '../../../app/bootstrap';
import { ModalBridge } from '../../../app/modal-bridge';
import { useSessionStore } from '../../../stores/session-store';
import '../login/login.css';

/** Phone-sized page opened from the QR code: a signed-in user approves the sign-in of another browser. */
export function QrConfirmPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const title = useBrandingStore((s) => s.title);
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');

  const confirm = async () => {
    setState('busy');
    try {
      await confirmQrLogin(code);
      setState('done');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className="login-page">
      <ModalBridge />
      <div className="login-card" data-testid="qr-confirm">
        {state === 'done' ? (
          <Result
            icon={<CheckCircleFilled style={{ color: '#52c41a' }} />}
            title="已确认登录"
            subTitle="请回到电脑上继续操作"
            extra={<Button onClick={() => navigate('/index')}>进入控制台</Button>}
          />
        ) : (
          <Result
            icon={<DesktopOutlined />}
            title={`登录 ${title}`}
            subTitle={
              code
                ? `将以账号 ${user?.account ?? user?.user_name ?? ''} 在另一台设备上登录,请确认是你本人操作。`
                : '二维码参数缺失,请重新扫码。'
            }
            extra={[
              <Button
                key="ok"
                type="primary"
                size="large"
                block
                disabled={!code || state === 'failed'}
                loading={state === 'busy'}
                onClick={confirm}
              >
                确认登录
              </Button>,
              <Button key="cancel" type="link" onClick={() => navigate('/index')}>
                取消
              </Button>,
            ]}
          />
        )}
        {state === 'failed' && (
          <p style={{ textAlign: 'center', color: '#f56c6c' }}>确认失败,请在电脑上刷新二维码后重新扫码</p>
        )}
      </div>
    </div>
  );
}
