import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/**
 * antd's context-aware message and modal APIs, reachable from non-React code such as the
 * HTTP client. `message` is set by the providers (every screen); `modal` by the frame and
 * the QR confirmation page, so the sign-in screen does not load the dialog code.
 */
export const ui: { message: MessageInstance | null; modal: ModalHookAPI | null } = {
  message: null,
  modal: null,
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
