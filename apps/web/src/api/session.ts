import { API_PREFIX } from '@console/shared/constants/app';
import type {
  LoginBody,
  LoginResult,
  loginData,
  QrLoginCode,
  scanQrData,
  TraderSetting,
  UserInfo,
} from '@console/shared/schemas/account';
import type { Answer } from '@console/shared/schemas/common';
import { get, post } from './http';

// The calls of sign-in and startup, without TanStack Query: the entry and the sign-in screen
// import them from here, so they do not load it (re-exported by `account.ts` / `system.ts`).

/** Password sign-in; resolves the login result or `{code:'NEED_CODE'}`. */
export function login(body: Partial<LoginBody>) {
  return post<Answer<typeof loginData>>('/amazon-user/login', body, { silent: true });
}

/** Signs out on the server (revokes the session). */
export function loginOut() {
  return post<null>('/amazon-user/loginOut', {}, { silent: true });
}

/** URL of the verification-code image; `nonce` busts the browser cache. */
export function loginCodeUrl(nonce: number): string {
  return `${API_PREFIX}/amazon-user/getLoginCode?t=${nonce}`;
}

/** Asks for a QR sign-in code. */
export function getQrLoginCode() {
  return get<QrLoginCode>('/amazon-user/getQrLoginCode');
}

/** Polls a QR code: pending until a signed-in phone confirms, then the login result. */
export function getScanQrRes(code: string) {
  return get<Answer<typeof scanQrData>>('/amazon-user/getScanQrRes', { code }, { silent: true });
}

/** Approves a QR code from a signed-in device. */
export function confirmQrLogin(code: string) {
  return post<null>('/amazon-user/confirmQrLogin', { code });
}

/** Current user's info from the session. */
export function getUserInfo(quiet401 = false) {
  return post<UserInfo>('/amazon-user/getUserInfo', {}, { quiet401, silent: quiet401 });
}

/** Trader branding; no sign-in needed. */
export function getTraderSetting() {
  return get<TraderSetting>('/trader_setting/getTraderSetting', undefined, { silent: true });
}

/** Switches to another account (a linked account, or a managed child); answers like login. */
export function toggleAccount(uid: number) {
  return post<LoginResult>('/amazon-user/toggleAccount', { uid });
}
