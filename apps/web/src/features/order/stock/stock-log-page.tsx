import type { StockLogBody, StockMovement } from '@console/shared/schemas/order-stock';
import { Input, Table } from 'antd';
import { useState } from 'react';
import { useStockLog } from '../../../api/order-stock';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';

/** 入库记录 / 出库记录: the stock ledger's movements of one kind, newest first. */
function StockLog({ kind }: { kind: 'in' | 'out' }) {
  const [filters, setFilters] = useState<StockLogBody>({ kind, page: 1, pageSize: 20 });
  const list = useStockLog(filters);
  const title = kind === 'in' ? '入库记录' : '出库记录';
  return (
    <PageContainer title={title}>
      <Input.Search
        placeholder="SKU / 订单号"
        allowClear
        style={{ width: 240, marginBottom: 12 }}
        onSearch={(v) => setFilters({ ...filters, page: 1, keyword: v.trim() || undefined })}
      />
      <Table<StockMovement>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        data-testid="stock-log"
        pagination={{
          current: filters.page ?? 1,
          pageSize: filters.pageSize ?? 20,
          total: list.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (page, pageSize) => setFilters({ ...filters, page, pageSize }),
        }}
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 170, render: formatSeconds },
          { title: 'SKU', dataIndex: 'sku', width: 160 },
          { title: '名称', dataIndex: 'title' },
          { title: kind === 'in' ? '入库数量' : '出库数量', dataIndex: 'quantity', width: 100 },
          { title: '结余库存', dataIndex: 'balance_after', width: 100 },
          ...(kind === 'out'
            ? [{ title: '订单号', width: 200, render: (_: unknown, r: StockMovement) => r.amazon_order_id ?? '-' }]
            : []),
          { title: '备注', dataIndex: 'note', width: 200 },
          { title: '操作人', width: 120, render: (_, r) => r.user_name ?? '-' },
        ]}
      />
    </PageContainer>
  );
}

/** 入库记录 (`/order/stock/stockInLog`). */
export function StockInLogPage() {
  return <StockLog kind="in" />;
}

/** 出库记录 (`/order/stock/stockOutLog`). */
export function StockOutLogPage() {
  return <StockLog kind="out" />;
}
