import { WAYBILL_STATUS_LABELS } from '@console/shared/schemas/logistics';
import { Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useConsumeList } from '../../../api/logistics';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { SignedAmount } from '../../member/components/money';
import { ChannelDrawerButton } from '../logistics-channel/channel-drawer';

/** 消费记录 (`/order/consume-list`, issue 18 §2): the fees of each waybill and its order, from the ledger. */
export function ConsumeListPage() {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const q = useConsumeList(page, keyword);
  return (
    <PageContainer title="消费记录" extra={<ChannelDrawerButton />}>
      <Space style={{ marginBottom: 12 }}>
        <Input.Search placeholder="订单号/运单号/跟踪号" allowClear onSearch={(v) => setKeyword(v.trim())} />
      </Space>
      <Table
        size="small"
        rowKey="waybill_id"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={{ current: page, total: q.data?.total ?? 0, pageSize: 20, onChange: setPage }}
        expandable={{
          expandedRowRender: (r) => (
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={r.entries}
              columns={[
                { title: '类型', dataIndex: 'type_name' },
                { title: '金额', dataIndex: 'amount', render: (v: number) => <SignedAmount fen={v} /> },
                { title: '时间', dataIndex: 'created_at', render: (v: number) => formatSeconds(v) },
              ]}
            />
          ),
        }}
        columns={[
          { title: '运单号', dataIndex: 'waybill_no' },
          { title: '订单号', dataIndex: 'amazon_order_id' },
          { title: '跟踪号', dataIndex: 'tracking_no', render: (v: string | null) => v ?? '-' },
          {
            title: '状态',
            key: 'status',
            render: (_: unknown, r) => (r.cancelled ? <Tag>已取消</Tag> : WAYBILL_STATUS_LABELS[r.status]),
          },
          { title: '物流费', dataIndex: 'logistics_fee', render: (v: number) => <SignedAmount fen={v} /> },
          { title: '服务费', dataIndex: 'service_fee', render: (v: number) => <SignedAmount fen={v} /> },
          { title: '冻结中', dataIndex: 'frozen', render: (v: number) => <SignedAmount fen={v} /> },
          { title: '创建时间', dataIndex: 'created_at', render: (v: number) => formatSeconds(v) },
        ]}
      />
    </PageContainer>
  );
}
