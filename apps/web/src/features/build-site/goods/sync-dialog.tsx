import { SITE_ROUNDING, type SiteRounding } from '@console/shared/schemas/site-goods';
import { Checkbox, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/ui-bridge';
import { syncSiteGoods } from './site-goods-api';

const ROUNDING_OPTIONS = Object.entries(SITE_ROUNDING).map(([value, label]) => ({ value, label }));

/** 同步商品库: the selected products take the library's current texts, pictures and variations (prices when ticked). */
export function SyncDialog(p: { ids: number[]; open: boolean; onClose: () => void; onDone: () => unknown }) {
  const { message, modal } = useFeedback();
  const [prices, setPrices] = useState(false);
  const [rounding, setRounding] = useState<SiteRounding>('none');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const r = await syncSiteGoods(p.ids, prices, rounding);
      message.success(`已同步 ${r.affected} 个商品`);
      if (r.skipped.length) {
        modal.info({
          title: `${r.skipped.length} 个商品未同步`,
          content: r.skipped.map((s) => `「${s.title}」${s.reason}`).join('\n'),
        });
      }
      p.onClose();
      await p.onDone();
    } catch {
      // The request has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title="同步商品库" open={p.open} onCancel={p.onClose} onOk={submit} confirmLoading={busy} destroyOnHidden>
      <Space direction="vertical">
        <Typography.Text>
          已选 {p.ids.length} 个商品:用商品库当前的标题、描述、卖点、图片和变体替换站点商品的内容(变体价格保留)。
        </Typography.Text>
        <Checkbox checked={prices} onChange={(e) => setPrices(e.target.checked)}>
          同时更新价格(按商品库价格换算为站点币种)
        </Checkbox>
        {prices ? (
          <Radio.Group value={rounding} options={ROUNDING_OPTIONS} onChange={(e) => setRounding(e.target.value)} />
        ) : null}
      </Space>
    </Modal>
  );
}
