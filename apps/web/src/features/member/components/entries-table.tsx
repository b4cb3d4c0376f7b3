import type { LedgerEntryView } from '@console/shared/schemas/finance';
import { Table } from 'antd';
import { Link } from 'react-router';
import { formatSeconds } from '../../../lib/format';
import { SignedAmount, yuan } from './money';

/** Ledger entries as a table (财务管理, 采购明细, 物流充值). */
export function EntriesTable<T extends LedgerEntryView>({
  rows,
  total,
  page,
  pageSize,
  loading,
  onPage,
  extraColumns = [],
}: {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  onPage: (page: number, pageSize: number) => void;
  extraColumns?: { title: string; dataIndex: keyof T & string; width?: number }[];
}) {
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={rows}
      scroll={{ x: 1000 }}
      data-testid="entries-table"
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        showTotal: (t) => `共 ${t} 条`,
        onChange: onPage,
      }}
      columns={[
        { title: '时间', dataIndex: 'created_at', render: formatSeconds, width: 170 },
        ...extraColumns,
        { title: '类型', dataIndex: 'type_name', width: 110 },
        { title: '金额', dataIndex: 'amount', render: (v: number) => <SignedAmount fen={v} />, width: 120 },
        {
          title: '冻结变动',
          dataIndex: 'frozen_change',
          render: (v: number) => (v ? <SignedAmount fen={v} /> : '-'),
          width: 110,
        },
        { title: '余额', dataIndex: 'balance_after', render: yuan, width: 120 },
        {
          title: '关联',
          dataIndex: 'ref_id',
          render: (_: string, r: T) => `${r.ref_name} ${r.ref_id}`,
          width: 160,
        },
        {
          title: '订单',
          dataIndex: 'order_id',
          width: 220,
          render: (_: number | null, r: T) => (
            <OrderLink entryId={r.id} orderId={r.order_id} amazonOrderId={r.amazon_order_id} />
          ),
        },
        { title: '备注', dataIndex: 'note' },
      ]}
    />
  );
}

/** The order a posting belongs to: its Amazon order id (or console id), opening 订单处理 filtered to it. */
export function OrderLink({
  entryId,
  orderId,
  amazonOrderId,
  testId = `ledger-order-link-${entryId}`,
}: {
  entryId: number;
  orderId: number | null;
  amazonOrderId: string;
  testId?: string;
}) {
  if (orderId === null) return <>-</>;
  const keyword = amazonOrderId || String(orderId);
  return (
    <Link to={`/order/list?keyword=${encodeURIComponent(keyword)}`} data-testid={testId}>
      {amazonOrderId ? amazonOrderId : `订单 ${orderId}`}
    </Link>
  );
}
