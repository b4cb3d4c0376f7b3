import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useMonitorMutations, useMonitorShops } from '../../../../api/monitor';
import { useFeedback } from '../../../../app/ui-bridge';
import { FollowMarketplaceSelect, FollowShopSelect } from '../../../follow/follow-money';
import { MonitorWatchFields, useWatchSettings, watchBandInvalid } from './monitor-watch-fields';

/** 添加监控: a shop and one of its marketplaces (antd selects, marketplaces by Chinese name as in 跟卖), ASINs (one per line), priority, own brand, price band (minor units). */
export function MonitorAddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = useFeedback();
  const shops = useMonitorShops().data?.list ?? [];
  const options = shops.map((s) => ({ value: s.id, label: `${s.name}${s.sandbox ? '(沙箱)' : ''}` }));
  const { add } = useMonitorMutations();
  const [shopId, setShopId] = useState<number>();
  const [marketplace, setMarketplace] = useState<string>();
  const [asins, setAsins] = useState('');
  const { watch, set } = useWatchSettings();
  const shop = shops.find((s) => s.id === shopId);
  return (
    <Modal
      title="添加监控"
      open={open}
      onCancel={onClose}
      confirmLoading={add.isPending}
      okButtonProps={{ disabled: !shopId || !marketplace || !asins.trim() || watchBandInvalid(watch) }}
      onOk={async () => {
        if (!shopId || !marketplace) return;
        const r = await add.mutateAsync({
          shop_id: shopId,
          marketplace,
          asins,
          ...watch,
        });
        message.success(`已添加${r.added}个,已在监控${r.existing}个`);
        setAsins('');
        onClose();
      }}
    >
      <Form layout="vertical">
        <Form.Item label="店铺">
          <FollowShopSelect
            width="100%"
            options={options}
            value={shopId}
            onChange={(v) => {
              setShopId(v);
              // Another shop sells in other marketplaces: choose the marketplace again.
              setMarketplace(undefined);
            }}
          />
        </Form.Item>
        <Form.Item label="站点">
          <FollowMarketplaceSelect
            width="100%"
            marketplaces={shop?.marketplaces ?? []}
            value={marketplace}
            onChange={setMarketplace}
          />
        </Form.Item>
        <Form.Item label="ASIN(每行一个)">
          <Input.TextArea aria-label="ASIN" rows={4} value={asins} onChange={(e) => setAsins(e.target.value)} />
        </Form.Item>
        <MonitorWatchFields watch={watch} set={set} />
      </Form>
    </Modal>
  );
}
