import type { ButtonHTMLAttributes, ReactNode } from 'react';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'default' | 'link';
  size?: 'middle' | 'large';
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
}

/** A plain button styled like antd's Button, for the sign-in screens (no antd there). */
export function LoginButton({
  variant = 'default',
  size = 'middle',
  block,
  loading,
  icon,
  children,
  className,
  type = 'button',
  disabled,
  ...rest
}: Props) {
  const classes = ['login-btn', `login-btn-${variant}`, `login-btn-${size}`];
  if (block) classes.push('login-btn-block');
  if (loading) classes.push('is-loading');
  if (!children) classes.push('login-btn-icon-only');
  if (className) classes.push(className);
  return (
    <button {...rest} type={type} className={classes.join(' ')} disabled={disabled || loading} aria-busy={loading}>
      {loading ? <span className="login-btn-spinner" aria-hidden="true" /> : icon}
      {children && <span>{children}</span>}
    </button>
  );
}
