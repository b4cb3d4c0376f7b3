import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/**
 * antd's context-aware message and modal APIs, reachable from non-React code such as the
 * HTTP client. The frame, the QR confirmation page and the 404 page host them (their antd
 * providers, `antd-providers.tsx`); the sign-in screen loads no antd at all. Where no host is
 * mounted, `ui.message` queues its toasts and `requestModal()` waits, and the entry's
 * providers load a host on demand (`OnDemandFeedbackHost`): the sign-in screen's error toast,
 * the 授权过期 confirmation of the startup check before the frame renders.
 */
let liveMessage: MessageInstance | null = null;
let liveModal: ModalHookAPI | null = null;
let hostWanted = false;
const wantListeners = new Set<() => void>();
const pendingMessages: ((message: MessageInstance) => void)[] = [];
const modalWaiters: ((modal: ModalHookAPI) => void)[] = [];

function wantHost(): void {
  if (hostWanted) return;
  hostWanted = true;
  for (const l of wantListeners) l();
}

/** What a message call answers before antd is there: closing it does nothing, awaiting it resolves. */
const noHandle = Object.assign(() => {}, {
  // biome-ignore lint/suspicious/noThenProperty: antd's MessageType is a thenable
  then: (ok?: (v: boolean) => unknown) => Promise.resolve(true).then(ok),
});

function later(call: (message: MessageInstance) => void) {
  if (liveMessage) call(liveMessage);
  else {
    pendingMessages.push(call);
    wantHost();
  }
  return noHandle;
}

type Shortcut = 'info' | 'success' | 'error' | 'warning' | 'loading';
const shortcut =
  (kind: Shortcut) =>
  (...args: Parameters<MessageInstance[Shortcut]>) =>
    later((m) => m[kind](...args));

/** `ui.message` while no host is mounted: calls wait for the host, which is loaded for them. */
const deferredMessage = {
  open: (config: Parameters<MessageInstance['open']>[0]) => later((m) => m.open(config)),
  info: shortcut('info'),
  success: shortcut('success'),
  error: shortcut('error'),
  warning: shortcut('warning'),
  loading: shortcut('loading'),
  destroy: (key?: React.Key) => {
    // Only queued toasts can be there to destroy; without any there is nothing to load.
    if (pendingMessages.length > 0) pendingMessages.push((m) => m.destroy(key));
  },
} as unknown as MessageInstance;

export const ui = {
  /** Never null: the mounted host's API, or the deferred one that loads a host. */
  get message(): MessageInstance {
    return liveMessage ?? deferredMessage;
  },
  set message(message: MessageInstance | null) {
    liveMessage = message;
  },
  /** The mounted host's modal API, or null (then use `requestModal()`). */
  get modal(): ModalHookAPI | null {
    return liveModal;
  },
  set modal(modal: ModalHookAPI | null) {
    liveModal = modal;
  },
};

/** Called by a mounted message host; queued toasts are shown. Answers a cleanup for its unmount. */
export function messageReady(message: MessageInstance): () => void {
  liveMessage = message;
  for (const call of pendingMessages.splice(0)) call(message);
  return () => {
    if (liveMessage === message) liveMessage = null;
  };
}

/** The modal API once a dialog host is mounted; asks the providers to mount one if none is. */
export function requestModal(): Promise<ModalHookAPI> {
  if (liveModal) return Promise.resolve(liveModal);
  wantHost();
  return new Promise((resolve) => modalWaiters.push(resolve));
}

/** Called by a mounted dialog host: its API becomes `ui.modal` and answers waiting requests. */
export function modalReady(modal: ModalHookAPI): () => void {
  liveModal = modal;
  for (const w of modalWaiters.splice(0)) w(modal);
  return () => {
    if (liveModal === modal) liveModal = null;
  };
}

/** For the entry's providers: whether a host was asked for, and a subscription to that. */
export const hostRequest = {
  subscribe(listener: () => void): () => void {
    wantListeners.add(listener);
    return () => wantListeners.delete(listener);
  },
  wanted: (): boolean => hostWanted,
};

const feedback = {
  get message(): MessageInstance {
    return ui.message;
  },
  get modal(): ModalHookAPI {
    return ui.modal as ModalHookAPI;
  },
};

/** Message and modal APIs for components (replaces `App.useApp`, which would pull the modal code into every screen). */
export function useFeedback(): { readonly message: MessageInstance; readonly modal: ModalHookAPI } {
  return feedback;
}
