import type { LoginResult, QrLoginCode } from '@console/shared/schemas/account';
import { MSG } from '@console/shared/validation/rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getQrLoginCode, getScanQrRes } from '../../../api/session';
import { LoginButton } from './login-button';
import { ReloadIcon } from './login-icons';

/** Poll interval of the QR result. */
const POLL_MS = 1500;

/** QR sign-in: shows the code, polls until a signed-in phone confirms, offers a refresh once it expires. */
export function QrLoginPanel({ onSuccess }: { onSuccess: (result: LoginResult) => void }) {
  const [qr, setQr] = useState<QrLoginCode | null>(null);
  const [expired, setExpired] = useState(false);
  const [now, setNow] = useState(() => Date.now() / 1000);
  const done = useRef(false);

  const load = useCallback(async () => {
    setQr(null);
    setExpired(false);
    try {
      setQr(await getQrLoginCode());
    } catch {
      setExpired(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!qr || expired) return;
    let busy = false;
    const timer = setInterval(async () => {
      setNow(Date.now() / 1000);
      if (busy || done.current) return;
      if (Date.now() / 1000 > qr.expires_at) return setExpired(true);
      busy = true;
      try {
        const res = await getScanQrRes(qr.code);
        if ('uid' in res) {
          done.current = true;
          onSuccess(res);
        }
      } catch {
        setExpired(true);
      } finally {
        busy = false;
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [qr, expired, onSuccess]);

  const left = qr ? Math.max(0, Math.round(qr.expires_at - now)) : 0;
  return (
    <div className="qr-panel" data-testid="qr-panel">
      <div className="qr-box">
        {qr ? (
          <img src={qr.qr} alt="登录二维码" width={180} height={180} />
        ) : (
          <span className="qr-loading">加载中…</span>
        )}
        {expired && (
          <div className="qr-expired">
            <span>{MSG.qrExpired}</span>
            <LoginButton variant="primary" icon={<ReloadIcon />} onClick={load}>
              刷新二维码
            </LoginButton>
          </div>
        )}
      </div>
      <p className="qr-tip">
        请用已登录的手机浏览器扫码并确认登录
        {qr && !expired && <span className="qr-left">({left} 秒后失效)</span>}
      </p>
      {!expired && qr && (
        <LoginButton variant="link" icon={<ReloadIcon />} onClick={load}>
          刷新
        </LoginButton>
      )}
    </div>
  );
}
