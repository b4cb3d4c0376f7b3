import type { TopupRow } from '@console/shared/schemas/finance';
import { Image, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { formatSeconds } from '../../../lib/format';
import { yuan } from './money';

const STATUS_COLORS = ['gold', 'green', 'red'];

/** Top-ups as a table (充值记录 and the reviewer's list). */
export function TopupTable({
  rows,
  total,
  page,
  pageSize,
  loading,
  onPage,
  showAccount = false,
  actions,
}: {
  rows: TopupRow[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  onPage: (page: number, pageSize: number) => void;
  showAccount?: boolean;
  actions?: (row: TopupRow) => ReactNode;
}) {
  return (
    <Table<TopupRow>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={rows}
      scroll={{ x: 1100 }}
      data-testid="topup-table"
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        showTotal: (t) => `共 ${t} 条`,
        onChange: onPage,
      }}
      columns={[
        { title: '提交时间', dataIndex: 'created_at', render: formatSeconds, width: 170 },
        ...(showAccount ? [{ title: '账号', dataIndex: 'account', width: 120 }] : []),
        { title: '金额', dataIndex: 'amount', render: yuan, width: 110 },
        { title: '方式', dataIndex: 'channel_name', width: 90 },
        { title: '付款人', dataIndex: 'payer', width: 100 },
        { title: '转账单号', dataIndex: 'reference', width: 140 },
        { title: '转账时间', dataIndex: 'paid_at', render: formatSeconds, width: 170 },
        {
          title: '凭证',
          dataIndex: 'proof_thumb',
          render: (v: string, r) => <Image src={v} width={48} preview={{ src: r.proof_url }} />,
          width: 70,
        },
        {
          title: '状态',
          dataIndex: 'status_name',
          render: (v: string, r) => (
            <span data-testid="topup-status">
              <Tag color={STATUS_COLORS[r.status]}>{v}</Tag>
              {r.reason ? `原因:${r.reason}` : null}
            </span>
          ),
          width: 180,
        },
        ...(actions
          ? [{ title: '操作', key: 'actions', render: (_: unknown, r: TopupRow) => actions(r), width: 140 }]
          : []),
      ]}
    />
  );
}
