import { STORAGE_PREFIX } from '@console/shared/constants/app';
import type { MenuItem } from '@console/shared/menu/menu-tree';
import type { LoginResult, UserInfo } from '@console/shared/schemas/account';
import type { TabEntry } from './tabs-reducer';

/** Text sizes of spec section 2. */
export type TextSize = 'default' | 'medium' | 'small' | 'mini';
/** Theme names of spec section 2 (default: line). */
export type ThemeName = 'classic' | 'line' | 'coastal' | 'town' | 'star';

/** Everything kept per user (spec section 3 "Stored per-user settings"). */
export interface UserSettings {
  menu: { collapse: boolean; source: MenuItem[] };
  theme: { active: ThemeName; transition: boolean };
  opened: TabEntry[];
  userInfo: Partial<UserInfo> & Partial<Pick<LoginResult, 'menuList'>>;
  size: TextSize;
}

/** Defaults for a user seen for the first time. */
export const DEFAULT_SETTINGS: UserSettings = {
  menu: { collapse: false, source: [] },
  theme: { active: 'line', transition: false },
  opened: [],
  userInfo: {},
  size: 'default',
};

/** Local-storage key of one user's settings: product key, version and uid (e.g. `dqzs-1.0.1-user-12`). */
export function userStorageKey(uid: number | string): string {
  return `${STORAGE_PREFIX}-user-${uid}`;
}

/** Key of settings that are not bound to a user (used before sign-in). */
export const GUEST_STORAGE_KEY = `${STORAGE_PREFIX}-user-guest`;

/** Session-storage key of the page to open after sign-in (the login route itself carries no redirect query). */
export const AFTER_LOGIN_KEY = `${STORAGE_PREFIX}-after-login`;

/** Session-storage flag of a union (federated) login type: keeps open tabs on mount (spec section 2). */
export const UNION_LOGIN_KEY = `${STORAGE_PREFIX}-union-login`;

/** Minimal storage interface so the helpers are testable in node. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function defaultStore(): KeyValueStore | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

/** Reads a user's settings, filling defaults for missing or broken parts. */
export function readUserSettings(uid: number | null, store = defaultStore()): UserSettings {
  if (!store) return structuredClone(DEFAULT_SETTINGS);
  const key = uid ? userStorageKey(uid) : GUEST_STORAGE_KEY;
  try {
    const raw = store.getItem(key);
    if (!raw) return structuredClone(DEFAULT_SETTINGS);
    const parsed = JSON.parse(raw) as Partial<UserSettings>;
    return {
      menu: { ...DEFAULT_SETTINGS.menu, ...parsed.menu },
      theme: { ...DEFAULT_SETTINGS.theme, ...parsed.theme },
      opened: Array.isArray(parsed.opened) ? parsed.opened : [],
      userInfo: parsed.userInfo ?? {},
      size: parsed.size ?? 'default',
    };
  } catch {
    return structuredClone(DEFAULT_SETTINGS);
  }
}

/** Merges a patch into a user's stored settings. */
export function writeUserSettings(uid: number | null, patch: Partial<UserSettings>, store = defaultStore()): void {
  if (!store) return;
  const key = uid ? userStorageKey(uid) : GUEST_STORAGE_KEY;
  const next = { ...readUserSettings(uid, store), ...patch };
  try {
    store.setItem(key, JSON.stringify(next));
  } catch {
    // Storage full or disabled: settings simply do not persist.
  }
}
