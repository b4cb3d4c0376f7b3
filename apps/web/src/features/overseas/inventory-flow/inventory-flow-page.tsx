import { locationLabel } from '@console/shared/inventory/location-label';
import {
  DOC_TYPE_LABELS,
  type InventoryFlowBody,
  type InventoryMovement,
  MOVEMENT_KIND_LABELS,
  MOVEMENT_REASON_LABELS,
  MOVEMENT_REASONS,
  type MovementReason,
} from '@console/shared/schemas/overseas-inventory';
import { Button, Input, InputNumber, Select, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useInventoryFlow, useInventoryLocations } from '../../../api/overseas-inbound';
import { useHas } from '../../../components/permission';
import { usePageSearchParams } from '../../../layout/keep-alive/keep-alive-outlet';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';

type Filters = Omit<Partial<InventoryFlowBody>, 'cursor'> & { pageSize: number };

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** Days as Unix seconds of the range inputs (`YYYY-MM-DD`, local midnight). */
const dayStart = (d: string) => (d ? Math.floor(new Date(`${d}T00:00:00`).getTime() / 1000) : undefined);

/**
 * 库存流水 (`/overseas/inventory/flow`): every movement of the tenant's stock, newest first, with
 * the reason, the balance after, the document and who; pages by cursor (上一页 / 下一页). The
 * operator (`warehouse.operate`) reads every tenant's (客户 column, 客户ID filter).
 */
export function InventoryFlowPage() {
  const navigate = useNavigate();
  const operate = useHas()('warehouse.operate');
  const query = usePageSearchParams();
  const [filters, setFilters] = useState<Filters>({ pageSize: 20 });
  const [cursors, setCursors] = useState<number[]>([]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  useEffect(() => {
    setFilters((f) => ({
      ...f,
      stock_id: positive(query.get('stock_id')),
      location_id: positive(query.get('location_id')),
      tenant_id: positive(query.get('tenant_id')),
    }));
    setCursors([]);
  }, [query]);
  const cursor = cursors[cursors.length - 1];
  const flow = useInventoryFlow({ ...filters, ...(cursor ? { cursor } : {}) });
  const locations = useInventoryLocations(filters.tenant_id);
  const apply = (f: Filters) => {
    setFilters(f);
    setCursors([]);
  };
  const next = flow.data?.next_cursor ?? null;
  return (
    <PageContainer title="库存流水">
      <Space style={{ marginBottom: 12 }} wrap>
        {operate && (
          <InputNumber
            placeholder="客户ID(全部客户)"
            min={1}
            precision={0}
            style={{ width: 160 }}
            value={filters.tenant_id ?? null}
            data-testid="flow-tenant"
            onChange={(v) => apply({ ...filters, tenant_id: v ?? undefined, location_id: undefined })}
          />
        )}
        <Input.Search
          placeholder="SKU"
          allowClear
          style={{ width: 180 }}
          data-testid="flow-sku"
          onSearch={(v) => apply({ ...filters, stock_id: undefined, sku: v.trim() || undefined })}
        />
        <Select
          allowClear
          placeholder="库存位置"
          style={{ width: 180 }}
          value={filters.location_id}
          options={(locations.data?.list ?? []).map((l) => ({ value: l.id, label: locationLabel(l.kind, l.name) }))}
          onChange={(v?: number) => apply({ ...filters, location_id: v })}
        />
        <Select
          allowClear
          placeholder="原因"
          style={{ width: 150 }}
          data-testid="flow-reason"
          options={MOVEMENT_REASONS.map((r) => ({ value: r, label: MOVEMENT_REASON_LABELS[r] }))}
          onChange={(v?: MovementReason) => apply({ ...filters, reason: v })}
        />
        <Input.Search
          placeholder="单据号(入库单 / 盘点单 / 订单号)"
          allowClear
          style={{ width: 240 }}
          data-testid="flow-doc"
          onSearch={(v) => apply({ ...filters, doc_no: v.trim() || undefined })}
        />
        <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} style={{ width: 150 }} />
        <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} style={{ width: 150 }} />
        <Button
          onClick={() => {
            const end = dayStart(to);
            apply({ ...filters, start_time: dayStart(from), end_time: end === undefined ? undefined : end + 86_400 });
          }}
        >
          按日期筛选
        </Button>
      </Space>
      <Table<InventoryMovement>
        rowKey="id"
        size="middle"
        loading={flow.isFetching}
        dataSource={flow.data?.list ?? []}
        data-testid="inventory-flow"
        pagination={false}
        scroll={{ x: 1300 }}
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 170, render: formatSeconds },
          ...(operate
            ? [
                {
                  title: '客户',
                  width: 130,
                  render: (_: unknown, m: InventoryMovement) => `${m.tenant_name} (${m.tenant_id})`,
                },
              ]
            : []),
          { title: 'SKU', dataIndex: 'sku', width: 160 },
          { title: '名称', dataIndex: 'title', width: 160 },
          {
            title: '库存位置',
            width: 150,
            render: (_, m) => locationLabel(m.location_kind, m.location_name),
          },
          { title: '类型', width: 70, render: (_, m) => MOVEMENT_KIND_LABELS[m.kind] },
          { title: '原因', dataIndex: 'reason_label', width: 120 },
          { title: '数量', width: 80, render: (_, m) => (m.kind === 'out' ? `-${m.quantity}` : `${m.quantity}`) },
          { title: '结余(在库/预留)', width: 130, render: (_, m) => `${m.balance_after} / ${m.reserved_after}` },
          {
            title: '单据',
            width: 190,
            render: (_, m) =>
              m.doc_type === 'inbound' && m.doc_id ? (
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0 }}
                  onClick={() => navigate(`/overseas/inbound/list?id=${m.doc_id}`)}
                >{`入库单 ${m.doc_no}`}</Button>
              ) : m.doc_no ? (
                m.doc_no.includes('#') ? (
                  m.doc_no
                ) : (
                  `${m.doc_type ? DOC_TYPE_LABELS[m.doc_type] : '订单'} ${m.doc_no}`
                )
              ) : (
                '-'
              ),
          },
          { title: '备注', dataIndex: 'note', width: 160 },
          { title: '操作人', width: 100, render: (_, m) => m.user_name ?? '系统' },
        ]}
      />
      <Space style={{ marginTop: 12 }}>
        <Button disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
          上一页
        </Button>
        <Button
          disabled={next === null}
          onClick={() => next !== null && setCursors([...cursors, next])}
          data-testid="flow-next"
        >
          下一页
        </Button>
        <Select
          value={filters.pageSize}
          style={{ width: 110 }}
          options={[20, 50, 100].map((n) => ({ value: n, label: `${n} 条/页` }))}
          onChange={(n) => apply({ ...filters, pageSize: n })}
        />
      </Space>
    </PageContainer>
  );
}
