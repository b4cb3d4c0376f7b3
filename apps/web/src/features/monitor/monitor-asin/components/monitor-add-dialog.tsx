import { MONITOR_PRIORITIES } from '@console/shared/schemas/monitor';
import { Checkbox, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { useMonitorMutations, useMonitorShops } from '../../../../api/monitor';
import { useFeedback } from '../../../../app/ui-bridge';
import { MarketplaceSelect } from '../../../follow/follow-money';

/** 添加监控: a shop, one of its marketplaces, ASINs (one per line), priority, own brand, price band (minor units). */
export function MonitorAddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = useFeedback();
  const shops = useMonitorShops().data?.list ?? [];
  const options = shops.map((s) => ({ value: s.id, label: `${s.name}${s.sandbox ? '(沙箱)' : ''}` }));
  const { add } = useMonitorMutations();
  const [shopId, setShopId] = useState<number>();
  const [marketplace, setMarketplace] = useState<string>();
  const [asins, setAsins] = useState('');
  const [priority, setPriority] = useState(2);
  const [ownBrand, setOwnBrand] = useState(false);
  const [bandMin, setBandMin] = useState<number | null>(null);
  const [bandMax, setBandMax] = useState<number | null>(null);
  const shop = shops.find((s) => s.id === shopId);
  return (
    <Modal
      title="添加监控"
      open={open}
      onCancel={onClose}
      confirmLoading={add.isPending}
      okButtonProps={{ disabled: !shopId || !marketplace || !asins.trim() }}
      onOk={async () => {
        if (!shopId || !marketplace) return;
        const r = await add.mutateAsync({
          shop_id: shopId,
          marketplace,
          asins,
          priority,
          own_brand: ownBrand,
          band_min: bandMin,
          band_max: bandMax,
        });
        message.success(`已添加${r.added}个,已在监控${r.existing}个`);
        setAsins('');
        onClose();
      }}
    >
      <Form layout="vertical">
        <Form.Item label="店铺">
          <select
            aria-label="店铺"
            style={{ width: '100%', height: 32 }}
            value={shopId ?? ''}
            onChange={(e) => setShopId(e.target.value ? Number(e.target.value) : undefined)}
          >
            <option value="">请选择店铺</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Form.Item>
        <Form.Item label="站点">
          <MarketplaceSelect marketplaces={shop?.marketplaces ?? []} value={marketplace} onChange={setMarketplace} />
        </Form.Item>
        <Form.Item label="ASIN(每行一个)">
          <Input.TextArea aria-label="ASIN" rows={4} value={asins} onChange={(e) => setAsins(e.target.value)} />
        </Form.Item>
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
        <Form.Item label="购物车价格范围(最小货币单位,如分)">
          <InputNumber
            aria-label="价格下限"
            min={0}
            value={bandMin}
            onChange={(v) => setBandMin(v)}
            placeholder="下限"
          />
          {' ~ '}
          <InputNumber
            aria-label="价格上限"
            min={0}
            value={bandMax}
            onChange={(v) => setBandMax(v)}
            placeholder="上限"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
