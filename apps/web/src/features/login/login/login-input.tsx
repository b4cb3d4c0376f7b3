import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { EyeIcon, EyeInvisibleIcon } from './login-icons';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  prefix: ReactNode;
  error?: string | undefined;
  /** Shows an eye button that reveals the value. */
  revealable?: boolean;
}

/**
 * A plain input styled like antd's large Input. The sign-in screen uses it instead of antd
 * Input/Form, which would add about 30 KB gzip to the first screen (target: 150 KB).
 */
export function LoginInput({ prefix, error, revealable, type, ...rest }: Props) {
  const [shown, setShown] = useState(false);
  return (
    <div className="login-field">
      <div className={`login-input${error ? ' has-error' : ''}`}>
        <span className="login-input-prefix">{prefix}</span>
        <input {...rest} type={revealable && shown ? 'text' : type} aria-invalid={Boolean(error)} />
        {revealable && (
          <button
            type="button"
            className="login-input-eye"
            aria-label={shown ? '隐藏密码' : '显示密码'}
            onClick={() => setShown((v) => !v)}
            tabIndex={-1}
          >
            {shown ? <EyeIcon /> : <EyeInvisibleIcon />}
          </button>
        )}
      </div>
      {error && <div className="login-error">{error}</div>}
    </div>
  );
}
