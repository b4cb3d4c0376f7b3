import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/**
 * antd's context-aware message and modal APIs, reachable from non-React code such as the
 * HTTP client. `message` is set by the providers (every screen); `modal` by the frame and
 * the QR confirmation page, so the sign-in screen does not load the dialog code. Code that
 * needs a dialog where neither is shown (the startup check before the frame renders) asks
 * for one with `requestModal()`: the providers then load the dialog host on demand.
 */
export const ui: { message: MessageInstance | null; modal: ModalHookAPI | null } = {
  message: null,
  modal: null,
};

let modalWanted = false;
const wantListeners = new Set<() => void>();
const modalWaiters: ((modal: ModalHookAPI) => void)[] = [];

/** The modal API once a dialog host is mounted; asks the providers to mount one if none is. */
export function requestModal(): Promise<ModalHookAPI> {
  if (ui.modal) return Promise.resolve(ui.modal);
  if (!modalWanted) {
    modalWanted = true;
    for (const l of wantListeners) l();
  }
  return new Promise((resolve) => modalWaiters.push(resolve));
}

/** Called by a mounted dialog host: its API becomes `ui.modal` and answers waiting requests. */
export function modalReady(modal: ModalHookAPI): void {
  ui.modal = modal;
  for (const w of modalWaiters.splice(0)) w(modal);
}

/** For the providers: whether a dialog host was asked for, and a subscription to that. */
export const modalRequest = {
  subscribe(listener: () => void): () => void {
    wantListeners.add(listener);
    return () => wantListeners.delete(listener);
  },
  wanted: (): boolean => modalWanted,
};

const feedback = {
  get message(): MessageInstance {
    return ui.message as MessageInstance;
  },
  get modal(): ModalHookAPI {
    return ui.modal as ModalHookAPI;
  },
};

/** Message and modal APIs for components (replaces `App.useApp`, which would pull the modal code into every screen). */
export function useFeedback(): { readonly message: MessageInstance; readonly modal: ModalHookAPI } {
  return feedback;
}
