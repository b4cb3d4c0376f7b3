import { Empty, Modal } from 'antd';

/** Gathering price settings: built by the goods issue; until then a plain not-built note. */
export function PriceSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal title="采集价格设置" open={open} width={800} onCancel={onClose} footer={null}>
      <Empty description="该页面尚未开发" />
    </Modal>
  );
}
