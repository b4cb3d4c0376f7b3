import { DESC_LANGUAGES } from '@console/shared/constants/goods';
import type { BaseInfo } from '@console/shared/schemas/goods';
import { createContext, useContext } from 'react';
import { createStore, type StoreApi, useStore } from 'zustand';
import type { SensitiveHit } from '../../../api/goods';
import type { VariationRow } from '../lib/variations';
import { type DescDraft, type EditorDraft, type ParentageDraft, snapshot } from './editor-model';

/** Radio switches of the editor (spec section 3; all off by default). */
export interface EditorSwitches {
  desc: boolean;
  goodsInfo: boolean;
  priceInfo: boolean;
  parentage: boolean;
}

/** An attribute error from the server's 400 `data.errors`. */
export interface AttrError {
  attr: string;
  field: string;
  message: string;
}

/** Editor state (spec section 3 "Product editor default state"). */
export interface EditorState {
  draft: EditorDraft;
  /** originData: the snapshot taken at load or save, for unsaved-change detection. */
  originData: string;
  /** Set by every change; cleared when a save or load takes a new snapshot. */
  touched: boolean;
  paneName: string;
  /** The attribute a 去修改 opened in place (shown in 扩展属性 even when optional). */
  linkedAttr: string | null;
  /** The language tab of the 文本 pane (a `DESC_LANGUAGES` key). */
  textLang: string;
  switches: EditorSwitches;
  sensitive: SensitiveHit[];
  missingAttrs: { name: string; label: string }[];
  attrErrors: AttrError[];
  /** Messages shown on a field of the base info (the SKU: a draft's minimum, a SKU another product holds). */
  fieldErrors: { sku?: string };
  setFieldErrors: (e: EditorState['fieldErrors']) => void;
  setPane: (pane: string) => void;
  setLinkedAttr: (attr: string | null) => void;
  setTextLang: (lang: string) => void;
  setSwitch: (name: keyof EditorSwitches, on: boolean) => void;
  setBase: (patch: Partial<BaseInfo>) => void;
  setDesc: (index: number, patch: Partial<DescDraft>) => void;
  setDescs: (descs: DescDraft[]) => void;
  setPrices: (prices: Record<string, string>) => void;
  setParentage: (patch: Partial<ParentageDraft>) => void;
  setChild: (index: number, patch: Partial<VariationRow>) => void;
  setDraft: (patch: Partial<EditorDraft>) => void;
  setWarnings: (w: Partial<Pick<EditorState, 'sensitive' | 'missingAttrs' | 'attrErrors'>>) => void;
  /** Takes a new originData snapshot (after a save). */
  markSaved: () => void;
  /** Whether the working copy differs from originData. */
  isDirty: () => boolean;
}

/** Creates the store of one editor instance (one per product tab). */
export function createEditorStore(draft: EditorDraft, opts: { switches?: Partial<EditorSwitches> } = {}) {
  return createStore<EditorState>((set, get) => {
    const change = (patch: Partial<EditorDraft>) => {
      // Typing a SKU or a title answers a message on the SKU field.
      const answered = get().fieldErrors.sku && ('baseInfo' in patch || 'descs' in patch);
      set({ draft: { ...get().draft, ...patch }, touched: true, ...(answered ? { fieldErrors: {} } : {}) });
    };
    return {
      draft,
      originData: snapshot(draft),
      touched: false,
      paneName: '0',
      linkedAttr: null,
      textLang: DESC_LANGUAGES[0]?.key ?? '',
      switches: { desc: false, goodsInfo: false, priceInfo: false, parentage: false, ...opts.switches },
      sensitive: [],
      missingAttrs: [],
      attrErrors: [],
      fieldErrors: {},
      setFieldErrors: (fieldErrors) => set({ fieldErrors }),
      setPane: (paneName) => set({ paneName }),
      setLinkedAttr: (linkedAttr) => set({ linkedAttr }),
      setTextLang: (textLang) => set({ textLang }),
      setSwitch: (name, on) => set({ switches: { ...get().switches, [name]: on } }),
      setBase: (patch) => change({ baseInfo: { ...get().draft.baseInfo, ...patch } }),
      setDesc: (index, patch) =>
        change({ descs: get().draft.descs.map((d, i) => (i === index ? { ...d, ...patch } : d)) }),
      setDescs: (descs) => change({ descs }),
      setPrices: (prices) => change({ prices: { ...get().draft.prices, ...prices } }),
      setParentage: (patch) => change({ parentage: { ...get().draft.parentage, ...patch } }),
      setChild: (index, patch) => {
        const p = get().draft.parentage;
        change({ parentage: { ...p, children: p.children.map((c, i) => (i === index ? { ...c, ...patch } : c)) } });
      },
      setDraft: (patch) => change(patch),
      setWarnings: (w) => set(w),
      markSaved: () => set({ originData: snapshot(get().draft), touched: false }),
      isDirty: () => get().touched && snapshot(get().draft) !== get().originData,
    };
  });
}

/** The store of the editor being rendered. */
export const EditorStoreContext = createContext<StoreApi<EditorState> | null>(null);

/** Selects from the current editor's store (components re-render only when their slice changes). */
export function useEditor<T>(selector: (s: EditorState) => T): T {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error('useEditor outside an editor');
  return useStore(store, selector);
}

/** The current editor's store itself (for reading on demand without subscribing). */
export function useEditorStore(): StoreApi<EditorState> {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error('useEditorStore outside an editor');
  return store;
}
