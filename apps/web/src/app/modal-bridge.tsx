import { Modal } from 'antd';
import { ui } from './ui-bridge';

/** Mounts antd's modal hook (confirm dialogs with the app's theme) and exposes it as `ui.modal`. */
export function ModalBridge() {
  const [modal, holder] = Modal.useModal();
  ui.modal = modal;
  return holder;
}
