import { Alert } from 'antd';

/** True when the browser engine is Trident (old Internet Explorer). */
export function isTrident(userAgent: string): boolean {
  return /Trident\//i.test(userAgent);
}

/** Banner recommending Chrome or Firefox, shown only on Trident (spec section 2 "Header"). */
export function BrowserBanner() {
  if (!isTrident(navigator.userAgent)) return null;
  return <Alert type="warning" banner title="为了获得最佳体验,推荐使用 Chrome 或 Firefox 浏览器" />;
}
