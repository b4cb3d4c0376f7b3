import type { LoginResult } from '@console/shared/schemas/account';
import { loadUserState, resetUserCheck } from '../../../app/bootstrap';
import { useSessionStore } from '../../../stores/session-store';
import { AFTER_LOGIN_KEY } from '../../../stores/user-storage';

/**
 * Stores a login result (spec section 4 "Login": user, cookies by the server, menu) and
 * returns where to go: a remembered page (QR confirmation) or the root path.
 */
export function completeLogin(result: LoginResult): string {
  useSessionStore.getState().applyLogin(result);
  loadUserState(result.uid);
  resetUserCheck();
  const next = sessionStorage.getItem(AFTER_LOGIN_KEY);
  sessionStorage.removeItem(AFTER_LOGIN_KEY);
  return next?.startsWith('/') ? next : '/';
}
