import { MONITOR_PRIORITIES } from '@console/shared/schemas/monitor';
import { isStaleSave } from '@console/shared/schemas/stale-save';
import { Checkbox, Form, InputNumber, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { type MonitorAsin, useMonitorMutations } from '../../../../api/monitor';
import { useFeedback } from '../../../../app/ui-bridge';

/** 编辑监控: priority, own brand and the Buy Box price band (minor units) of one watched ASIN. */
export function MonitorEditDialog({ row, onClose }: { row: MonitorAsin | null; onClose: () => void }) {
  const { message } = useFeedback();
  const { update } = useMonitorMutations();
  const [priority, setPriority] = useState(2);
  const [ownBrand, setOwnBrand] = useState(false);
  const [bandMin, setBandMin] = useState<number | null>(null);
  const [bandMax, setBandMax] = useState<number | null>(null);
  useEffect(() => {
    if (!row) return;
    setPriority(row.priority);
    setOwnBrand(row.own_brand);
    setBandMin(row.band_min);
    setBandMax(row.band_max);
  }, [row]);
  if (!row) return null;
  return (
    <Modal
      title={`编辑监控 ${row.asin}`}
      open
      onCancel={onClose}
      confirmLoading={update.isPending}
      onOk={async () => {
        try {
          await update.mutateAsync({
            id: row.id,
            version: row.version,
            priority,
            own_brand: ownBrand,
            band_min: bandMin,
            band_max: bandMax,
          });
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
        <Form.Item label="优先级">
          <Select
            aria-label="优先级"
            value={priority}
            onChange={setPriority}
            options={Object.entries(MONITOR_PRIORITIES).map(([v, l]) => ({ value: Number(v), label: l }))}
          />
        </Form.Item>
        <Form.Item>
          <Checkbox checked={ownBrand} onChange={(e) => setOwnBrand(e.target.checked)}>
            自有品牌(有人跟卖时自动建立跟卖移除案件)
          </Checkbox>
        </Form.Item>
        <Form.Item label={`购物车价格范围(最小货币单位,如分;${row.currency})`}>
          <InputNumber
            aria-label="价格下限"
            min={0}
            precision={0}
            value={bandMin}
            onChange={(v) => setBandMin(v)}
            placeholder="下限"
          />
          {' ~ '}
          <InputNumber
            aria-label="价格上限"
            min={0}
            precision={0}
            value={bandMax}
            onChange={(v) => setBandMax(v)}
            placeholder="上限"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
