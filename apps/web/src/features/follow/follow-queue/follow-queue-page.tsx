import { countryName } from '@console/shared/constants/marketplaces';
import { OFFER_STATUS_LABELS } from '@console/shared/schemas/follow';
import { Button, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { type FollowOffer, type OfferFilters, useFollowMutations, useOffers } from '../../../api/follow';
import { useFeedback } from '../../../app/ui-bridge';
import { serverPagination } from '../../../components/list-parts';
import { PageContainer } from '../../../layout/page/page-container';
import { TitleCell } from '../follow-image';
import { money } from '../follow-money';

const COLORS: Record<string, string> = { queued: 'default', submitting: 'processing', failed: 'red', active: 'green' };

/** 跟卖上传记录 (`/follow/follow-sale/queue`, `/goods/follow-sale/queue`): each push's result and Amazon's issues, with retry. */
export function FollowQueuePage() {
  const { message } = useFeedback();
  const [filters, setFilters] = useState<OfferFilters>({ page: 1, pageSize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const list = useOffers('queue', filters, 3000);
  const { retry } = useFollowMutations();
  const columns: ColumnsType<FollowOffer> = [
    { title: 'ASIN', dataIndex: 'asin', width: 120 },
    {
      title: '标题',
      dataIndex: 'title',
      width: 240,
      ellipsis: { showTitle: false },
      render: (v: string) => <TitleCell title={v} />,
    },
    { title: '店铺', dataIndex: 'shop_name', width: 140, ellipsis: true },
    { title: '站点', dataIndex: 'marketplace', width: 80, render: (m: string) => countryName(m) },
    { title: 'SKU', dataIndex: 'sku', width: 180, ellipsis: true },
    { title: '价格', width: 110, render: (_, r) => money(r.price, r.currency) },
    { title: '库存', dataIndex: 'quantity', width: 70 },
    {
      title: '亚马逊反馈',
      width: 300,
      render: (_, r) => (
        <div style={{ whiteSpace: 'normal', wordBreak: 'break-word' }}>
          {r.error && <div style={{ color: '#cf1322' }}>{r.error}</div>}
          {r.issues.map((i) => (
            <div key={`${i.code}${i.message}`}>
              [{i.code}] {i.message}
            </div>
          ))}
        </div>
      ),
    },
    {
      title: '状态',
      width: 90,
      fixed: 'right',
      render: (_, r) => <Tag color={COLORS[r.status]}>{OFFER_STATUS_LABELS[r.status]}</Tag>,
    },
  ];
  return (
    <PageContainer title="跟卖上传记录">
      <Space style={{ marginBottom: 12 }}>
        <Button
          disabled={selected.length === 0}
          loading={retry.isPending}
          onClick={async () => {
            const r = await retry.mutateAsync({ ids: selected });
            message.success(`已重新提交${r.queued}条`);
            setSelected([]);
          }}
        >
          重试失败
        </Button>
      </Space>
      <Table
        data-testid="follow-queue-table"
        rowKey="id"
        size="small"
        scroll={{ x: 120 + 240 + 140 + 80 + 180 + 110 + 70 + 300 + 90 + 40 }}
        columns={columns}
        dataSource={list.data?.list ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (k) => setSelected(k as number[]),
          getCheckboxProps: (r) => ({ disabled: r.status !== 'failed' }),
        }}
        pagination={serverPagination(filters, list.data?.total ?? 0, setFilters)}
      />
    </PageContainer>
  );
}
