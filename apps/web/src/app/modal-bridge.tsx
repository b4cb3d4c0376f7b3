import { Modal } from 'antd';
import { useEffect } from 'react';
import { modalReady, ui } from './ui-bridge';

/** Mounts antd's modal hook (confirm dialogs with the app's theme) and exposes it as `ui.modal`. */
export function ModalBridge() {
  const [modal, holder] = Modal.useModal();
  // At once, so the host's screen can open dialogs from its first effects.
  ui.modal = modal;
  // Waiting requests (requestModal) are answered once the holder is mounted; an unmounted
  // host (the frame after sign-out) is no host: its queued dialogs would never show.
  useEffect(() => modalReady(modal), [modal]);
  return holder;
}
