import { Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useOrderOpsMutations, useStockList } from '../../../../api/order-stock';

/** The item to fill from stock. */
export interface FillTarget {
  id: number;
  version: number;
  quantity: number;
  seller_sku: string | null;
}

/** 库存出库: fills a not-purchased item from a stock-up product (the item is then received). */
export function StockFillDialog({ target, onClose }: { target: FillTarget | null; onClose: () => void }) {
  const [stockId, setStockId] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const stock = useStockList({ page: 1, pageSize: 50, in_stock: true, keyword: keyword || undefined }, target !== null);
  const { fill } = useOrderOpsMutations();
  return (
    <Modal
      title="从备货库存出库"
      open={target !== null}
      onCancel={onClose}
      destroyOnHidden
      okText="确认出库"
      okButtonProps={{ disabled: stockId === null }}
      confirmLoading={fill.isPending}
      onOk={async () => {
        if (!target || stockId === null) return;
        await fill.mutateAsync({ item_id: target.id, version: target.version, stock_id: stockId });
        setStockId(null);
        onClose();
      }}
    >
      <Typography.Paragraph type="secondary">
        {`需要 ${target?.quantity ?? 0} 件(订单 SKU ${target?.seller_sku ?? '-'}),出库后商品直接为「已收货」。`}
      </Typography.Paragraph>
      <Select
        showSearch
        filterOption={false}
        onSearch={setKeyword}
        placeholder="选择备货商品(SKU / 名称)"
        style={{ width: '100%' }}
        value={stockId ?? undefined}
        onChange={setStockId}
        loading={stock.isFetching}
        options={(stock.data?.list ?? []).map((s) => ({
          value: s.id,
          label: `${s.sku} ${s.title}(库存 ${s.quantity})`,
        }))}
        data-testid="stock-fill-select"
      />
    </Modal>
  );
}
