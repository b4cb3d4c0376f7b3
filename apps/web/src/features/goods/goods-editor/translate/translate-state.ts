import type { CopyableField } from '@console/shared/constants/goods';
import { createStore, type StoreApi, useStore } from 'zustand';
import type { EditorState } from '../editor-store';
import { useEditorStore } from '../editor-store';
import type { MachineRecord } from './translate-model';

/** Translation state of one editor instance: the user's choices and what the machine delivered. */
export interface TranslateState {
  /** Source language; null = the default (Chinese when it has text, else English). */
  from: string | null;
  /** Overwrite fields edited by hand (default no). */
  overwrite: boolean;
  /** The running action (`all`, `lang:de`, `field:de:title`), null when idle. */
  busy: string | null;
  /** What a machine delivered per target field (`de|title`), for corrections after the save. */
  records: Map<string, MachineRecord>;
  setFrom: (from: string | null) => void;
  setOverwrite: (on: boolean) => void;
  setBusy: (busy: string | null) => void;
  addRecords: (entries: Iterable<[string, MachineRecord]>) => void;
}

// One translation state per editor store: it lives and dies with the editor instance, and the
// editor store itself stays free of translation concerns.
const states = new WeakMap<StoreApi<EditorState>, StoreApi<TranslateState>>();

/** The translation state of an editor store (created on first use). */
export function translateStateOf(editor: StoreApi<EditorState>): StoreApi<TranslateState> {
  let s = states.get(editor);
  if (!s) {
    s = createStore<TranslateState>((set, get) => ({
      from: null,
      overwrite: false,
      busy: null,
      records: new Map(),
      setFrom: (from) => set({ from }),
      setOverwrite: (overwrite) => set({ overwrite }),
      setBusy: (busy) => set({ busy }),
      addRecords: (entries) => {
        const records = new Map(get().records);
        for (const [k, v] of entries) records.set(k, v);
        set({ records });
      },
    }));
    states.set(editor, s);
  }
  return s;
}

/** Selects from the current editor's translation state. */
export function useTranslateState<T>(selector: (s: TranslateState) => T): T {
  return useStore(translateStateOf(useEditorStore()), selector);
}

/** A translation job that wrote a product; the reloaded editor turns it into machine records. */
export interface FinishedJob {
  from: string;
  to: string[];
  fields: CopyableField[];
  kept: { lang: string; field: string }[];
}

/** Jobs finished for a product whose editor is reloading (goods id -> job), taken once by the new editor. */
export const finishedJobs = new Map<number, FinishedJob>();
