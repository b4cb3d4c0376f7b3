import {
  INBOUND_STATUS_LABELS,
  INBOUND_STATUSES,
  type InboundListBody,
  type InboundRow,
  type InboundStatus,
  SHIPPING_METHOD_LABELS,
} from '@console/shared/schemas/overseas-inbound';
import { Button, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useInboundList, useInboundWarehouses } from '../../../api/overseas-inbound';
import { useHas } from '../../../components/permission';
import { usePageSearchParams } from '../../../layout/keep-alive/keep-alive-outlet';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { pagedTable, StatusTabs } from '../components/status-list';
import { InboundDrawer } from './inbound-drawer';

type Filters = Partial<InboundListBody> & { page: number; pageSize: number };

const STATUS_COLORS: Record<InboundStatus, string> = {
  draft: 'default',
  shipped: 'blue',
  arrived: 'cyan',
  receiving: 'orange',
  received: 'green',
  closed: 'red',
};

/**
 * 入库单列表 (`/overseas/inbound/list`): status tabs with counts, the detail drawer (boxes,
 * counted beside sent, differences), the tenant's 发货 / 确认差异 and, for the warehouse
 * (`warehouse.operate`, every tenant's inbounds, narrowed by 客户ID), 到仓 / 收货 / 关闭.
 */
export function InboundListPage() {
  const has = useHas();
  const navigate = useNavigate();
  const operate = has('warehouse.operate');
  const query = usePageSearchParams();
  const [filters, setFilters] = useState<Filters>({ page: 1, pageSize: 20 });
  const [open, setOpen] = useState<number | null>(null);
  useEffect(() => {
    const id = Number(query.get('id'));
    if (Number.isSafeInteger(id) && id > 0) setOpen(id);
  }, [query]);
  const list = useInboundList(filters);
  const warehouses = useInboundWarehouses();
  const counts = list.data?.counts ?? {};
  return (
    <PageContainer title="入库单列表">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          placeholder="入库单号 / 跟踪号"
          allowClear
          style={{ width: 240 }}
          data-testid="inbound-search"
          onSearch={(v) => setFilters({ ...filters, page: 1, keyword: v.trim() || undefined })}
        />
        <Select
          allowClear
          placeholder="仓库"
          style={{ width: 180 }}
          options={(warehouses.data?.list ?? []).map((w) => ({ value: w.id, label: `${w.code} ${w.name}` }))}
          onChange={(v?: number) => setFilters({ ...filters, page: 1, warehouse_id: v })}
        />
        {operate && (
          <InputNumber
            placeholder="客户ID(全部客户)"
            min={1}
            precision={0}
            style={{ width: 170 }}
            onChange={(v) => setFilters({ ...filters, page: 1, tenant_id: v ?? undefined })}
          />
        )}
        <Button type="primary" onClick={() => navigate('/overseas/inbound/add')}>
          创建入库单
        </Button>
      </Space>
      <StatusTabs
        filters={filters}
        setFilters={setFilters}
        statuses={INBOUND_STATUSES}
        labels={INBOUND_STATUS_LABELS}
        counts={counts}
        testId="inbound-tabs"
      />
      <Table<InboundRow>
        rowKey="id"
        size="middle"
        {...pagedTable(list, filters, setFilters)}
        data-testid="inbound-list"
        scroll={{ x: 1100 }}
        onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } })}
        columns={[
          { title: '入库单号', dataIndex: 'number', width: 170 },
          ...(operate
            ? [
                {
                  title: '客户',
                  width: 140,
                  render: (_: unknown, r: InboundRow) => `${r.tenant_name} (${r.tenant_id})`,
                },
              ]
            : []),
          { title: '仓库', dataIndex: 'warehouse_name', width: 140 },
          { title: '运输', width: 80, render: (_, r) => SHIPPING_METHOD_LABELS[r.shipping_method] },
          { title: '跟踪号', width: 140, render: (_, r) => r.tracking_no || '-' },
          { title: '箱数', dataIndex: 'boxes', width: 60 },
          {
            title: '发货 / 实收',
            width: 100,
            render: (_, r) => `${r.units_sent} / ${r.status === 'draft' ? '-' : r.units_counted}`,
          },
          {
            title: '状态',
            width: 150,
            render: (_, r) => (
              <Space size={4}>
                <Tag color={STATUS_COLORS[r.status]} data-testid="inbound-status">
                  {INBOUND_STATUS_LABELS[r.status]}
                </Tag>
                {r.has_difference && !r.acknowledged_at && <Tag color="red">差异待确认</Tag>}
              </Space>
            ),
          },
          { title: '预计到仓', width: 110, render: (_, r) => r.expected_date ?? '-' },
          { title: '创建时间', width: 170, dataIndex: 'created_at', render: formatSeconds },
        ]}
      />
      <InboundDrawer id={open} onClose={() => setOpen(null)} />
    </PageContainer>
  );
}
