import {
  COUNT_STATUS_LABELS,
  COUNT_STATUSES,
  type CountListBody,
  type CountRow,
  type CountStatus,
} from '@console/shared/schemas/overseas-count';
import { Drawer, InputNumber, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useCountList } from '../../../api/overseas-count';
import { useInboundWarehouses } from '../../../api/overseas-inbound';
import { formatSeconds } from '../../../lib/format';
import { StockCountCreate } from './stock-count-create';
import { StockCountDetail } from './stock-count-detail';

type Filters = Partial<CountListBody> & { page: number; pageSize: number };

/**
 * 盘点 (from 库存列表): the counts of the caller's stock (the operator: every tenant's, narrowed by
 * 客户ID), one opened below the list. The operator creates a count of a tenant's SKUs at a
 * warehouse (the SKUs picked in `StockCountCreate`, or every SKU it holds there; snapshotted).
 */
export function StockCountDrawer({ open, onClose, operate }: { open: boolean; onClose: () => void; operate: boolean }) {
  const [filters, setFilters] = useState<Filters>({ page: 1, pageSize: 10 });
  const [current, setCurrent] = useState<number | null>(null);
  const list = useCountList(filters, open);
  const warehouses = useInboundWarehouses();
  const warehouseOptions = (warehouses.data?.list ?? []).map((w) => ({ value: w.id, label: `${w.code} ${w.name}` }));
  return (
    <Drawer title="盘点" open={open} onClose={onClose} size={960} destroyOnHidden>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          allowClear
          placeholder="状态"
          style={{ width: 120 }}
          options={COUNT_STATUSES.map((s) => ({ value: s, label: COUNT_STATUS_LABELS[s] }))}
          onChange={(v?: CountStatus) => setFilters({ ...filters, page: 1, status: v })}
        />
        <Select
          allowClear
          placeholder="海外仓"
          style={{ width: 180 }}
          options={warehouseOptions}
          onChange={(v?: number) => setFilters({ ...filters, page: 1, warehouse_id: v })}
        />
        {operate && (
          <InputNumber
            placeholder="客户ID(全部客户)"
            min={1}
            precision={0}
            style={{ width: 160 }}
            onChange={(v) => setFilters({ ...filters, page: 1, tenant_id: v ?? undefined })}
          />
        )}
      </Space>
      {operate && <StockCountCreate warehouseOptions={warehouseOptions} onCreated={setCurrent} />}
      <Table<CountRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        data-testid="count-list"
        onRow={(r) => ({ onClick: () => setCurrent(r.id), style: { cursor: 'pointer' } })}
        rowClassName={(r) => (r.id === current ? 'ant-table-row-selected' : '')}
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 张`,
          onChange: (page, pageSize) => setFilters({ ...filters, page, pageSize }),
        }}
        columns={[
          { title: '盘点单', dataIndex: 'number', width: 150 },
          ...(operate ? [{ title: '客户', dataIndex: 'tenant_name', width: 140 }] : []),
          { title: '仓库', dataIndex: 'location_name' },
          {
            title: '状态',
            width: 90,
            render: (_: unknown, r: CountRow) => <Tag>{COUNT_STATUS_LABELS[r.status]}</Tag>,
          },
          { title: '已录入 / SKU', width: 110, render: (_: unknown, r: CountRow) => `${r.counted_lines} / ${r.lines}` },
          { title: '创建时间', dataIndex: 'created_at', width: 170, render: formatSeconds },
        ]}
      />
      {current !== null && <StockCountDetail key={current} id={current} operate={operate} />}
    </Drawer>
  );
}
