import { countryName } from '@console/shared/constants/marketplaces';
import { minor, toDecimalString } from '@console/shared/money';
import {
  FBA_SHIPMENT_STATUS_LABELS,
  FBA_SHIPMENT_STATUSES,
  type FbaShipmentListBody,
  type FbaShipmentRow,
  type FbaShipmentStatus,
} from '@console/shared/schemas/fba-shipment';
import { Button, Input, Space, Table, Tabs, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useFbaShipmentList } from '../../../api/fba-shipment';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { ShipmentCreateDrawer } from './shipment-create-drawer';
import { ShipmentDetailDrawer } from './shipment-detail-drawer';

type Filters = Partial<FbaShipmentListBody> & { page: number; pageSize: number };

export const STATUS_COLORS: Record<FbaShipmentStatus, string> = {
  draft: 'default',
  planning: 'processing',
  packing: 'processing',
  placement: 'processing',
  placement_choice: 'gold',
  transport: 'processing',
  transport_choice: 'gold',
  labels_ready: 'cyan',
  shipped: 'blue',
  receiving: 'orange',
  closed: 'green',
  failed: 'red',
};

/**
 * 头程发货 (`/fba/first_trip`, docs/fba.md): the tenant's first-leg shipments with status tabs,
 * 创建头程 (the create drawer) and the detail drawer (steps, FC split, problems, 开始计划 / 发货 /
 * 同步接收 / labels).
 */
export function FirstTripPage() {
  const [filters, setFilters] = useState<Filters>({ page: 1, pageSize: 20 });
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const list = useFbaShipmentList(filters);
  const counts = list.data?.counts ?? {};
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <PageContainer title="头程发货">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          placeholder="发货单号 / 名称 / 跟踪号"
          allowClear
          style={{ width: 260 }}
          data-testid="fba-shipment-search"
          onSearch={(v) => setFilters({ ...filters, page: 1, keyword: v.trim() || undefined })}
        />
        <Button type="primary" data-testid="fba-shipment-create" onClick={() => setCreating(true)}>
          创建头程发货
        </Button>
      </Space>
      <Tabs
        activeKey={filters.status ?? 'all'}
        onChange={(k) => {
          const { status: _s, ...rest } = filters;
          setFilters({ ...rest, page: 1, ...(k === 'all' ? {} : { status: k as FbaShipmentStatus }) });
        }}
        items={[
          { key: 'all', label: `全部 (${total})` },
          ...FBA_SHIPMENT_STATUSES.map((s) => ({
            key: s,
            label: `${FBA_SHIPMENT_STATUS_LABELS[s]} (${counts[s] ?? 0})`,
          })),
        ]}
      />
      <Table<FbaShipmentRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.list ?? []}
        data-testid="fba-shipment-list"
        scroll={{ x: 1100 }}
        onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } })}
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (page, pageSize) => setFilters({ ...filters, page, pageSize }),
        }}
        columns={[
          { title: '发货单号', dataIndex: 'number', width: 160 },
          { title: '名称', width: 140, render: (_, r) => r.name || '-' },
          { title: '店铺', dataIndex: 'shop_name', width: 120 },
          { title: '站点', width: 80, render: (_, r) => countryName(r.marketplace) },
          { title: '箱数', dataIndex: 'boxes', width: 60 },
          {
            title: '发货 / 亚马逊已收',
            width: 130,
            render: (_, r) =>
              `${r.units} / ${['shipped', 'receiving', 'closed'].includes(r.status) ? r.units_received : '-'}`,
          },
          {
            title: '状态',
            width: 130,
            render: (_, r) => (
              <Tooltip title={r.error || undefined}>
                <Tag color={STATUS_COLORS[r.status]} data-testid="fba-shipment-status">
                  {FBA_SHIPMENT_STATUS_LABELS[r.status]}
                </Tag>
              </Tooltip>
            ),
          },
          {
            title: '承运商 / 跟踪号',
            width: 170,
            render: (_, r) => (r.tracking_no ? `${r.carrier} ${r.tracking_no}` : '-'),
          },
          {
            title: '头程费用(元)',
            width: 110,
            render: (_, r) => (r.cost_minor > 0 ? toDecimalString(minor(r.cost_minor), 'CNY') : '-'),
          },
          { title: '创建时间', width: 170, dataIndex: 'created_at', render: formatSeconds },
        ]}
      />
      <ShipmentCreateDrawer
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(id) => {
          setCreating(false);
          setOpen(id);
        }}
      />
      <ShipmentDetailDrawer id={open} onClose={() => setOpen(null)} />
    </PageContainer>
  );
}
