import { create } from 'zustand';
import { HOME_TAB, openTab, type TabEntry, type TabResult, withHome } from './tabs-reducer';
import { readUserSettings, writeUserSettings } from './user-storage';

interface TabsState {
  uid: number | null;
  opened: TabEntry[];
  current: string;
  /** Per fullPath: bumped to drop a kept-alive page's state (refresh). */
  versions: Record<string, number>;
  load: (uid: number | null) => void;
  open: (tab: TabEntry) => void;
  setCurrent: (fullPath: string) => void;
  /** Stores the outcome of a tab command. */
  commit: (result: TabResult) => void;
  /** Forgets the kept-alive state of a page (tab refresh). */
  drop: (fullPath: string) => void;
}

function persist(uid: number | null, opened: TabEntry[]) {
  if (uid) writeUserSettings(uid, { opened: opened.slice(1) });
}

/** The tab workspace: opened tabs (persisted per user), current tab and keep-alive versions. */
export const useTabsStore = create<TabsState>((set, get) => ({
  uid: null,
  opened: [HOME_TAB],
  current: HOME_TAB.fullPath,
  versions: {},
  load: (uid) => set({ uid, opened: withHome(readUserSettings(uid).opened) }),
  open: (tab) => {
    const opened = openTab(get().opened, tab);
    persist(get().uid, opened);
    set({ opened, current: tab.meta.hidden ? get().current : tab.fullPath });
  },
  setCurrent: (current) => set({ current }),
  commit: ({ opened, removed }) => {
    persist(get().uid, opened);
    const versions = { ...get().versions };
    for (const t of removed) versions[t.fullPath] = (versions[t.fullPath] ?? 0) + 1;
    set({ opened, versions });
  },
  drop: (fullPath) => set({ versions: { ...get().versions, [fullPath]: (get().versions[fullPath] ?? 0) + 1 } }),
}));
