import { isStaleSave } from '@console/shared/schemas/stale-save';
import { Form, Modal } from 'antd';
import { useEffect } from 'react';
import { type MonitorAsin, useMonitorMutations } from '../../../../api/monitor';
import { useFeedback } from '../../../../app/ui-bridge';
import { MonitorWatchFields, useWatchSettings, watchBandInvalid } from './monitor-watch-fields';

/** 编辑监控: priority, own brand and the Buy Box price band (minor units) of one watched ASIN. */
export function MonitorEditDialog({ row, onClose }: { row: MonitorAsin | null; onClose: () => void }) {
  const { message } = useFeedback();
  const { update } = useMonitorMutations();
  const { watch, setWatch, set } = useWatchSettings();
  useEffect(() => {
    if (!row) return;
    setWatch({ priority: row.priority, own_brand: row.own_brand, band_min: row.band_min, band_max: row.band_max });
  }, [row, setWatch]);
  if (!row) return null;
  return (
    <Modal
      title={`编辑监控 ${row.asin}`}
      open
      onCancel={onClose}
      confirmLoading={update.isPending}
      okButtonProps={{ disabled: watchBandInvalid(watch) }}
      onOk={async () => {
        try {
          await update.mutateAsync({ id: row.id, version: row.version, ...watch });
          message.success('修改成功');
          onClose();
        } catch (err) {
          if (isStaleSave(err)) {
            message.warning('数据已被他人修改,已刷新,请重试');
            onClose();
          }
        }
      }}
    >
      <Form layout="vertical">
        <MonitorWatchFields watch={watch} set={set} currency={row.currency} />
      </Form>
    </Modal>
  );
}
