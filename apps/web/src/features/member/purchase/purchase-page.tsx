import type { PurchaseRow } from '@console/shared/schemas/finance';
import { Button, DatePicker, Form, Input, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { type EntryFilters, usePurchases } from '../../../api/finance';
import { PageContainer } from '../../../layout/page/page-container';
import { rangePresets, rangeToSeconds } from '../../../lib/date-range';
import { formatSeconds } from '../../../lib/format';
import { OrderLink } from '../components/entries-table';
import { yuan } from '../components/money';

/**
 * 采购明细 (`/member/purchase`): every recorded purchase with its cost; a purchase the platform made
 * on its 1688 account shows what the balance paid, one the tenant made itself is not charged
 * (docs/finance.md "Purchases").
 */
export function PurchasePage() {
  const [filters, setFilters] = useState<EntryFilters>({ page: 1, pageSize: 20 });
  const list = usePurchases(filters);
  const presets = useMemo(() => rangePresets(), []);
  return (
    <PageContainer title="采购明细">
      <Form<{ range?: [Dayjs | null, Dayjs | null] | null; ref_id?: string }>
        layout="inline"
        style={{ marginBottom: 12, rowGap: 8 }}
        onFinish={(v) => {
          const { startTime, endTime } = rangeToSeconds(v.range);
          setFilters({
            page: 1,
            pageSize: filters.pageSize,
            ...(startTime ? { startTime } : {}),
            ...(endTime ? { endTime } : {}),
            ...(v.ref_id?.trim() ? { ref_id: v.ref_id.trim() } : {}),
          });
        }}
      >
        <Form.Item name="range">
          <DatePicker.RangePicker presets={presets} allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item name="ref_id">
          <Input placeholder="亚马逊订单号或订单ID" style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form>
      <Table<PurchaseRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 1100 }}
        data-testid="purchase-table"
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (page, pageSize) => setFilters({ ...filters, page, pageSize }),
        }}
        columns={[
          { title: '时间', dataIndex: 'created_at', render: formatSeconds, width: 170 },
          {
            title: '订单',
            dataIndex: 'amazon_order_id',
            width: 210,
            render: (_: string, r) => (
              <OrderLink
                entryId={r.entry_id ?? 0}
                orderId={r.order_id}
                amazonOrderId={r.amazon_order_id}
                testId={`purchase-order-link-${r.id}`}
              />
            ),
          },
          {
            title: '商品',
            dataIndex: 'title',
            render: (_: string, r) => (
              <Typography.Text ellipsis={{ tooltip: r.title }} style={{ maxWidth: 220 }}>
                {r.seller_sku ? `${r.seller_sku} ` : ''}
                {r.title}
              </Typography.Text>
            ),
          },
          { title: '供应商', dataIndex: 'supplier', width: 160 },
          { title: '供应商订单号', dataIndex: 'supplier_order_no', width: 160 },
          { title: '数量', dataIndex: 'quantity', width: 70 },
          { title: '采购金额', dataIndex: 'paid', render: yuan, width: 110 },
          {
            title: '扣款',
            dataIndex: 'charged',
            width: 200,
            render: (v: number, r) =>
              r.channel === '1688' ? (
                <Tag color={v ? 'red' : 'orange'}>{v ? `平台代采 已扣 ${yuan(v)}` : '平台代采 未扣款'}</Tag>
              ) : (
                <Tag>自行采购 不扣余额</Tag>
              ),
          },
        ]}
      />
    </PageContainer>
  );
}
