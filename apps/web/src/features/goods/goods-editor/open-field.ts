import { type RefObject, useEffect } from 'react';
import type { StoreApi } from 'zustand';
import { usePageSearchParams } from '../../../layout/keep-alive/keep-alive-outlet';
import type { EditorState } from './editor-store';
import { fieldTarget } from './field-target';

export { type FieldContext, type FieldTarget, fieldTarget } from './field-target';

/** Scrolls to a field, focuses its (first) input and flashes it once. */
function focusField(el: Element): void {
  const input = el.matches('input, textarea, button')
    ? el
    : (el.querySelector('input:not([type=hidden]), textarea') ?? el.querySelector('button:not([disabled])'));
  el.scrollIntoView({ block: 'center' });
  if (input instanceof HTMLElement) input.focus({ preventScroll: true });
  el.classList.add('editor-field-flash');
  setTimeout(() => el.classList.remove('editor-field-flash'), 2000);
}

/** Frames to wait for a pane to render its field (about two seconds); the fallback is taken after half. */
const MAX_FRAMES = 120;

/**
 * Opens the editor on the field the address names (`?field=...`, links of the error feed):
 * switches to its pane and language tab, then scrolls to and focuses it once it is rendered
 * (or its fallback, when the field is not there). `root` bounds the lookup to this editor's
 * page (kept-alive editors of other products hold the same ids); the page's header (上传到亚马逊)
 * is part of it.
 */
export function useOpenField(store: StoreApi<EditorState>, root: RefObject<HTMLElement | null>): void {
  const params = usePageSearchParams();
  const key = params.toString();
  useEffect(() => openFieldIn(store, root, new URLSearchParams(key)), [key, store, root]);
}

/**
 * Opens the field a query names (`field=...&lang=...`) in this editor: its pane and language
 * tab, then the field once it is rendered. Answers the cancel of the wait (an effect's cleanup).
 */
export function openFieldIn(
  store: StoreApi<EditorState>,
  root: RefObject<HTMLElement | null>,
  query: URLSearchParams,
): () => void {
  const hasVariations = store.getState().draft.parentage.children.length > 0;
  const target = fieldTarget(query, { hasVariations });
  if (!target) return () => undefined;
  store.getState().setPane(target.pane);
  if (target.lang) store.getState().setTextLang(target.lang);
  if (query.get('field') === 'attribute') store.getState().setLinkedAttr(query.get('attr'));
  let frames = 0;
  let raf = 0;
  const attempt = () => {
    const scope = root.current?.closest('[data-testid="page-container"]') ?? root.current;
    const el =
      scope?.querySelector(target.selector) ??
      (target.fallback && frames > MAX_FRAMES / 2 ? scope?.querySelector(target.fallback) : null);
    if (el) focusField(el);
    else if (++frames < MAX_FRAMES) raf = requestAnimationFrame(attempt);
  };
  raf = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(raf);
}
