import type { Auth } from '@console/shared/constants/roles';
import type { MenuItem } from '@console/shared/menu/menu-tree';
import type { LoginResult, TokenInfo, UserInfo } from '@console/shared/schemas/account';
import { create } from 'zustand';
import { csrfToken, currentUid } from '../api/cookies';
import { setDisplayTimeZone } from '../lib/format';
import { logContext } from './log-store';
import { readUserSettings, writeUserSettings } from './user-storage';

/** The signed-in user as the client keeps it (spec section 3 "User info (client store)" plus session fields). */
export type SessionUser = Partial<UserInfo> & {
  uid: number;
  user_name: string;
  auth: Auth;
  parent_id: number;
  admin?: number;
};

interface SessionState {
  uid: number | null;
  user: SessionUser | null;
  token: TokenInfo | null;
  menuSource: MenuItem[];
  /** Loads the saved user and menu of the uid in the cookie (startup). */
  restore: () => void;
  /** Stores a login / QR login / account switch result. */
  applyLogin: (result: LoginResult) => void;
  /** Merges fresh user info from getUserInfo. */
  applyUserInfo: (info: UserInfo & { menuList?: MenuItem[] }) => void;
  /** Updates token expiry times after a refresh. */
  setToken: (token: TokenInfo) => void;
  clear: () => void;
}

/** Client state of the signed-in user; per-user parts are mirrored to local storage. */
export const useSessionStore = create<SessionState>((set, get) => ({
  uid: null,
  user: null,
  token: null,
  menuSource: [],
  restore: () => {
    const uid = currentUid();
    if (!uid) return set({ uid: null, user: null, token: null, menuSource: [] });
    const saved = readUserSettings(uid);
    const info = saved.userInfo;
    const user = info.uid === uid ? (info as SessionUser) : null;
    setDisplayTimeZone(user?.time_zone);
    set({ uid, user, token: info.token ?? null, menuSource: saved.menu.source });
  },
  applyLogin: (result) => {
    const { menuList, token, code: _code, ...rest } = result;
    const user: SessionUser = { ...rest, token };
    const saved = readUserSettings(result.uid);
    // The tenant's zone comes with getUserInfo, fetched once the console opens; the last known until then.
    setDisplayTimeZone(saved.userInfo.uid === result.uid ? (saved.userInfo as SessionUser).time_zone : null);
    writeUserSettings(result.uid, { userInfo: user, menu: { ...saved.menu, source: menuList ?? [] } });
    set({ uid: result.uid, user, token, menuSource: menuList ?? [] });
  },
  applyUserInfo: (info) => {
    const { menuList, ...rest } = info;
    const uid = info.uid ?? info.id;
    const user: SessionUser = { ...get().user, ...rest, uid };
    const saved = readUserSettings(uid);
    const source = menuList ?? get().menuSource;
    writeUserSettings(uid, { userInfo: user, menu: { ...saved.menu, source } });
    setDisplayTimeZone(user.time_zone);
    set({ uid, user, token: info.token ?? get().token, menuSource: source });
  },
  setToken: (token) => {
    const { uid, user } = get();
    if (uid && user) writeUserSettings(uid, { userInfo: { ...user, token } });
    set({ token, user: user ? { ...user, token } : user });
  },
  clear: () => set({ uid: null, user: null, token: null, menuSource: [] }),
}));

logContext.user = () => {
  const u = useSessionStore.getState().user;
  return u ? `${u.account ?? u.user_name} (${u.uid})` : '';
};
logContext.uuid = () => csrfToken();
