import { PRODUCT_NAME } from '@console/shared/constants/app';
import { AUTH_NAMES } from '@console/shared/constants/roles';
import { MENU_ITEMS, type MenuItem, visibleMenuItems } from '@console/shared/menu/menu-tree';
import { can } from '@console/shared/permissions/can';
import type { Permission } from '@console/shared/permissions/permissions';
import type { TraderSetting } from '@console/shared/schemas/account';
import { create } from 'zustand';
import { clearSessionCookies, currentUid, hasSession } from '../api/cookies';
import { ApiError, showAuthExpired } from '../api/http';
import { getTraderSetting, getUserInfo } from '../api/session';
import { addLog } from '../stores/log-store';
import { type SessionUser, useSessionStore } from '../stores/session-store';
import { useSettingsStore } from '../stores/settings-store';
import { useTabsStore } from '../stores/tabs-store';

/** Trader branding (spec section 1): title, logos and favicon; default title 店群助手. */
export const useBrandingStore = create<TraderSetting>(() => ({
  title: PRODUCT_NAME,
  logo: '',
  logo_small: '',
  fav_icon: '',
}));

let booted: Promise<void> | null = null;

/** Loads the per-user settings of the uid in the cookie into the stores. */
export function loadUserState(uid: number | null): void {
  useSessionStore.getState().restore();
  useSettingsStore.getState().load(uid);
  useTabsStore.getState().load(uid);
}

async function loadBranding(): Promise<void> {
  try {
    const s = await getTraderSetting();
    useBrandingStore.setState({ ...s, title: s.title || PRODUCT_NAME });
    if (s.fav_icon) {
      const link = document.querySelector<HTMLLinkElement>('#app-favicon');
      if (link) link.href = s.fav_icon;
    }
  } catch {
    // Keep the defaults; the failure is in the log already.
  }
}

/**
 * Startup (spec section 4): trader settings, version info, saved user, theme, transition,
 * opened tabs, size and menu settings, user agent. Navigation waits for this.
 */
export function bootstrap(): Promise<void> {
  booted ??= (async () => {
    loadUserState(currentUid());
    void loadBranding();
    addLog(`${PRODUCT_NAME} 1.0.1 启动; UA: ${navigator.userAgent}`, 'info');
  })();
  return booted;
}

let userChecked: Promise<boolean> | null = null;

/**
 * Makes sure the signed-in user's info is known and the session is alive. Checked once per
 * page load, before any screen of the frame renders (also for a user remembered from the last
 * visit): a session ended elsewhere shows the 授权过期 confirmation first and never an empty
 * frame (issue 29 §6). On a session error the readable session cookies are removed (spec
 * section 4) and the guard goes to sign-in.
 */
export function ensureUser(): Promise<boolean> {
  userChecked ??= getUserInfo(true)
    .then((info) => {
      useSessionStore.getState().applyUserInfo(info);
      return true;
    })
    .catch(async (err: unknown) => {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        // 重新登录 reloads into sign-in; 取消 resolves and the guard goes there too.
        if (err.status === 401) await showAuthExpired();
        clearSessionCookies();
        useSessionStore.getState().clear();
        userChecked = null;
        return false;
      }
      // Offline or a server error: a remembered user may go on.
      return useSessionStore.getState().user !== null;
    });
  return userChecked;
}

/** Forgets that the user was checked (after sign-in or switching account). */
export function resetUserCheck(): void {
  userChecked = null;
}

/** Whether a session cookie exists (re-exported for guards). */
export { hasSession };

/** Menu rows for a user: the server's menuList, or (before it is known) the shared tree filtered by `can`. */
export function menuSourceFor(user: SessionUser | null, source: MenuItem[]): MenuItem[] {
  if (source.length > 0) return source;
  if (!user) return [];
  return visibleMenuItems(MENU_ITEMS, (p) => !p || can(user, p as Permission));
}

/** Role name for display. */
export function roleName(user: SessionUser | null): string {
  if (!user) return '';
  return user.auth_name || AUTH_NAMES[user.auth] || '';
}
