import { AntdProviders } from './antd-providers';
import { ModalBridge } from './modal-bridge';

/** Message and dialog host for screens without one (loaded on demand by the entry's providers). */
export function FeedbackHost() {
  return (
    <AntdProviders>
      <ModalBridge />
    </AntdProviders>
  );
}
