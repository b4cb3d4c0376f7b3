import { loginOut } from '../api/account';
import { clearSessionCookies } from '../api/cookies';
import { guardAllTabs } from '../layout/tabs/discard-confirm';
import { useSessionStore } from '../stores/session-store';
import { writeUserSettings } from '../stores/user-storage';
import { ui } from './ui-bridge';

/** Text of the sign-out confirmation (spec section 4 "Logout"). */
export const LOGOUT_CONFIRM = { title: '提示', content: '确定要执行注销操作吗?' } as const;

/**
 * Signs out (spec section 4): clears the user and open pages, removes the readable cookies,
 * revokes the session on the server, goes to index and reloads (which lands on /login).
 */
export async function signOut(): Promise<void> {
  const { uid } = useSessionStore.getState();
  if (uid) writeUserSettings(uid, { opened: [] });
  try {
    await loginOut();
  } catch {
    // The session may already be gone; the local state is cleared anyway.
  }
  clearSessionCookies();
  useSessionStore.getState().clear();
  location.hash = '#/index';
  location.reload();
}

/**
 * Sign out after the '确定要执行注销操作吗?' confirmation; open tabs with unsaved input are
 * named first (signing out closes every tab).
 */
export async function confirmSignOut(): Promise<void> {
  if (!(await guardAllTabs())) return;
  ui.modal?.confirm({
    ...LOGOUT_CONFIRM,
    okText: '确定',
    cancelText: '取消',
    onOk: () => signOut(),
  });
}
