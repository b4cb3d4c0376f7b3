import { fbaMarketplaceOf, locationLabel } from '@console/shared/inventory/location-label';
import {
  type InventoryListBody,
  type InventoryRow,
  LOCATION_KIND_LABELS,
  LOCATION_KINDS,
  type LocationKind,
} from '@console/shared/schemas/overseas-inventory';
import { Button, Checkbox, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useInboundWarehouses, useInventoryList } from '../../../api/overseas-inbound';
import { useHas } from '../../../components/permission';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { FbaBreakdown } from './fba-breakdown';
import { FbaStockBar } from './fba-stock-bar';
import { InventoryAdjustModal } from './inventory-adjust-modal';
import { StockCountDrawer } from './stock-count-drawer';

type Filters = Partial<InventoryListBody> & { page: number; pageSize: number };

/**
 * 库存列表 (`/overseas/inventory/list`): on hand, reserved and available per SKU and place (China,
 * warehouses, FBA); 盘点 opens the counts. The operator (`warehouse.operate`) sees every tenant's
 * stock (客户 column, 客户ID filter) and adjusts a row's units (调整, not at FBA).
 */
export function InventoryListPage() {
  const navigate = useNavigate();
  const operate = useHas()('warehouse.operate');
  const [adjusting, setAdjusting] = useState<InventoryRow | null>(null);
  const [counting, setCounting] = useState(false);
  const [filters, setFilters] = useState<Filters>({ page: 1, pageSize: 20 });
  const list = useInventoryList(filters);
  const warehouses = useInboundWarehouses();
  /** A filter change starts again at page 1 (no cursor). */
  const refilter = (patch: Partial<Filters>) => setFilters({ ...filters, ...patch, page: 1, cursor: undefined });
  /**
   * 下一页 pages after the shown page's last row (`next_cursor`: the server walks no offset);
   * any other jump (previous page, a page number, a new page size) pages by number.
   */
  const turn = (page: number, pageSize: number) => {
    const next = page === filters.page + 1 && pageSize === filters.pageSize && !list.isPlaceholderData;
    setFilters({ ...filters, page, pageSize, cursor: next ? (list.data?.next_cursor ?? undefined) : undefined });
  };
  return (
    <PageContainer title="库存列表">
      <FbaStockBar />
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          allowClear
          placeholder="库存位置"
          style={{ width: 150 }}
          data-testid="inventory-kind"
          options={LOCATION_KINDS.map((k) => ({ value: k, label: LOCATION_KIND_LABELS[k] }))}
          onChange={(v?: LocationKind) => refilter({ location_kind: v })}
        />
        <Select
          allowClear
          placeholder="海外仓"
          style={{ width: 180 }}
          options={(warehouses.data?.list ?? []).map((w) => ({ value: w.id, label: `${w.code} ${w.name}` }))}
          onChange={(v?: number) => refilter({ warehouse_id: v })}
        />
        <Input.Search
          placeholder="SKU / 名称"
          allowClear
          style={{ width: 220 }}
          data-testid="inventory-search"
          onSearch={(v) => refilter({ keyword: v.trim() || undefined })}
        />
        <Checkbox data-testid="inventory-low" onChange={(e) => refilter({ low_stock: e.target.checked || undefined })}>
          仅看低库存(可用 ≤ 补货点)
        </Checkbox>
        {operate && (
          <InputNumber
            placeholder="客户ID(全部客户)"
            min={1}
            precision={0}
            style={{ width: 160 }}
            data-testid="inventory-tenant"
            onChange={(v) => refilter({ tenant_id: v ?? undefined })}
          />
        )}
        <Button data-testid="inventory-counts" onClick={() => setCounting(true)}>
          盘点
        </Button>
      </Space>
      <InventoryAdjustModal row={adjusting} onClose={() => setAdjusting(null)} />
      <StockCountDrawer open={counting} onClose={() => setCounting(false)} operate={operate} />
      <Table<InventoryRow>
        rowKey={(r) => `${r.stock_id}-${r.location_id}`}
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        data-testid="inventory-list"
        expandable={{
          rowExpandable: (r) => r.location_kind === 'fba',
          expandedRowRender: (r) => (
            <FbaBreakdown stockId={r.stock_id} marketplaceId={fbaMarketplaceOf(r.location_name)} />
          ),
        }}
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: turn,
        }}
        columns={[
          ...(operate
            ? [
                {
                  title: '客户',
                  width: 130,
                  render: (_: unknown, r: InventoryRow) => `${r.tenant_name} (${r.tenant_id})`,
                },
              ]
            : []),
          { title: 'SKU', dataIndex: 'sku', width: 170 },
          { title: '名称', dataIndex: 'title' },
          {
            title: '库存位置',
            width: 170,
            render: (_, r) => locationLabel(r.location_kind, r.location_name),
          },
          { title: '在库', dataIndex: 'on_hand', width: 80 },
          { title: '预留', dataIndex: 'reserved', width: 80 },
          {
            title: '可用',
            width: 110,
            render: (_, r) => (
              <Space size={4}>
                {r.available}
                {r.low_stock && <Tag color="red">低库存</Tag>}
              </Space>
            ),
          },
          { title: '补货点', dataIndex: 'reorder_point', width: 80 },
          { title: '更新时间', dataIndex: 'updated_at', width: 170, render: formatSeconds },
          {
            title: '操作',
            width: operate ? 110 : 90,
            render: (_, r) => (
              <Space size={8}>
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0 }}
                  onClick={() =>
                    navigate(
                      `/overseas/inventory/flow?stock_id=${r.stock_id}&location_id=${r.location_id}${operate ? `&tenant_id=${r.tenant_id}` : ''}`,
                    )
                  }
                >
                  流水
                </Button>
                {operate && r.location_kind !== 'fba' && (
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0 }}
                    data-testid="inventory-adjust"
                    onClick={() => setAdjusting(r)}
                  >
                    调整
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </PageContainer>
  );
}
