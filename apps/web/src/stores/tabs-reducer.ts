/** Route meta every route declares (routes as data, spec section 2). */
export interface RouteMeta {
  title: string;
  /** Keep the page alive (state kept across tab switches). */
  cache: boolean;
  /** Needs a signed-in user. */
  auth: boolean;
  /** Hidden helpers (refresh, redirect) never become tabs. */
  hidden?: boolean;
}

/** One open tab (spec section 3 "Tab entry"). */
export interface TabEntry {
  fullPath: string;
  name: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  meta: RouteMeta;
}

/** The home tab: always first, never closable (spec section 2 "Opened tab default"). */
export const HOME_TAB: TabEntry = {
  fullPath: '/index',
  name: 'index',
  path: '/index',
  params: {},
  query: {},
  meta: { title: '首页', cache: true, auth: false },
};

/** Tab commands of the dropdown and right-click menu. */
export type TabCommand = 'refresh' | 'close' | 'left' | 'right' | 'other' | 'all';

/** Result of a tab command: the new list, the tabs removed and where to go (if the current tab changed). */
export interface TabResult {
  opened: TabEntry[];
  removed: TabEntry[];
  navigateTo?: string;
}

/** The message for a command that does not exist or does not apply (spec section 8). */
export const INVALID_TAB_COMMAND = '无效的操作';

/** Thrown for an invalid command; the UI shows its message as a warning. */
export class TabCommandError extends Error {
  constructor() {
    super(INVALID_TAB_COMMAND);
  }
}

const isHome = (t: TabEntry) => t.fullPath === HOME_TAB.fullPath;

/** Normalises a stored list: home first exactly once. */
export function withHome(opened: readonly TabEntry[]): TabEntry[] {
  return [HOME_TAB, ...opened.filter((t) => !isHome(t) && t.name !== HOME_TAB.name)];
}

/** Opens (or updates) a tab. Hidden routes are not eligible and leave the list unchanged. */
export function openTab(opened: readonly TabEntry[], tab: TabEntry): TabEntry[] {
  const list = withHome(opened);
  if (tab.meta.hidden) return list;
  if (isHome(tab)) return list;
  const i = list.findIndex((t) => t.fullPath === tab.fullPath);
  if (i >= 0) {
    list[i] = tab;
    return list;
  }
  return [...list, tab];
}

/** Closes one tab. Closing the current tab moves to the next tab, or the previous if it was last. */
export function closeTab(opened: readonly TabEntry[], target: string, current: string): TabResult {
  const list = withHome(opened);
  const i = list.findIndex((t) => t.fullPath === target);
  const tab = list[i];
  if (!tab || isHome(tab)) throw new TabCommandError();
  const next = list.filter((_, j) => j !== i);
  if (target !== current) return { opened: next, removed: [tab] };
  const neighbour = list[i + 1] ?? list[i - 1] ?? HOME_TAB;
  return { opened: next, removed: [tab], navigateTo: neighbour.fullPath };
}

function keep(list: TabEntry[], predicate: (t: TabEntry, i: number) => boolean, pivot: string, current: string) {
  const opened = list.filter((t, i) => isHome(t) || predicate(t, i));
  const removed = list.filter((t) => !opened.includes(t));
  const currentGone = !opened.some((t) => t.fullPath === current);
  return { opened, removed, ...(currentGone ? { navigateTo: pivot } : {}) };
}

/**
 * Applies a tab command with `pivot` as the tab the menu was opened on. The home tab only
 * offers close-all; any other command on it, an unknown command or a missing pivot is invalid.
 */
export function applyTabCommand(
  opened: readonly TabEntry[],
  command: string,
  pivot: string,
  current: string,
): TabResult {
  const list = withHome(opened);
  const index = list.findIndex((t) => t.fullPath === pivot);
  if (index < 0) throw new TabCommandError();
  const pivotIsHome = index === 0;
  switch (command) {
    case 'all':
      return { opened: [HOME_TAB], removed: list.slice(1), navigateTo: HOME_TAB.fullPath };
    case 'close':
      return closeTab(list, pivot, current);
    case 'left':
      if (pivotIsHome) throw new TabCommandError();
      return keep(list, (_, i) => i >= index, pivot, current);
    case 'right':
      if (pivotIsHome) throw new TabCommandError();
      return keep(list, (_, i) => i <= index, pivot, current);
    case 'other':
      if (pivotIsHome) throw new TabCommandError();
      return keep(list, (_, i) => i === index, pivot, current);
    default:
      throw new TabCommandError();
  }
}

/** Parses `/a/b?x=1` into path and query. */
export function splitFullPath(fullPath: string): { path: string; query: Record<string, string> } {
  const [path = '/', search = ''] = fullPath.split('?');
  return { path, query: Object.fromEntries(new URLSearchParams(search)) };
}
