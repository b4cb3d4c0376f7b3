import { create } from 'zustand';
import { readUserSettings, type TextSize, type ThemeName, writeUserSettings } from './user-storage';

interface SettingsState {
  /** True once the per-user settings (opened tabs, size, ...) are loaded: navigation waits for it. */
  ready: boolean;
  uid: number | null;
  collapse: boolean;
  theme: ThemeName;
  transition: boolean;
  /** Greyscale is a session switch, not persisted (spec section 2: only transition is). */
  greyscale: boolean;
  size: TextSize;
  load: (uid: number | null) => void;
  setCollapse: (v: boolean) => void;
  setTheme: (v: ThemeName) => void;
  setTransition: (v: boolean) => void;
  setGreyscale: (v: boolean) => void;
  setSize: (v: TextSize) => void;
}

/** Per-user display settings (spec section 3), persisted under the user's storage key. */
export const useSettingsStore = create<SettingsState>((set, get) => ({
  ready: false,
  uid: null,
  collapse: false,
  theme: 'line',
  transition: false,
  greyscale: false,
  size: 'default',
  load: (uid) => {
    const s = readUserSettings(uid);
    set({
      ready: true,
      uid,
      collapse: s.menu.collapse,
      theme: s.theme.active,
      transition: s.theme.transition,
      size: s.size,
    });
  },
  setCollapse: (collapse) => {
    const { uid } = get();
    writeUserSettings(uid, { menu: { ...readUserSettings(uid).menu, collapse } });
    set({ collapse });
  },
  setTheme: (active) => {
    const { uid } = get();
    writeUserSettings(uid, { theme: { ...readUserSettings(uid).theme, active } });
    set({ theme: active });
  },
  setTransition: (transition) => {
    const { uid } = get();
    writeUserSettings(uid, { theme: { ...readUserSettings(uid).theme, transition } });
    set({ transition });
  },
  setGreyscale: (greyscale) => set({ greyscale }),
  setSize: (size) => {
    writeUserSettings(get().uid, { size });
    set({ size });
  },
}));
