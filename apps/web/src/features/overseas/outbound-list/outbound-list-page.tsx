import { countryName } from '@console/shared/constants/marketplaces';
import { formatMoney, minor } from '@console/shared/money';
import {
  OUTBOUND_SOURCE_LABELS,
  OUTBOUND_STATUS_LABELS,
  OUTBOUND_STATUSES,
  type OutboundListBody,
  type OutboundRow,
  type OutboundStatusCode,
} from '@console/shared/schemas/overseas-outbound';
import { Button, Descriptions, Drawer, Input, Segmented, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useOutboundList } from '../../../api/overseas-outbound';
import { useHas } from '../../../components/permission';
import { usePageSearchParams } from '../../../layout/keep-alive/keep-alive-outlet';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { pagedTable, StatusTabs } from '../components/status-list';
import { OutboundActions } from './outbound-actions';

type Filters = Partial<OutboundListBody> & { page: number; pageSize: number };

const STATUS_COLORS: Record<OutboundStatusCode, string> = {
  created: 'blue',
  picking: 'orange',
  packed: 'purple',
  shipped: 'green',
  cancelled: 'default',
};

/** The filters of the URL (`?status=packed&scope=warehouse`): the home page's figures open the list this way. */
function fromQuery(q: URLSearchParams, warehouseRole: boolean): Filters {
  const status = q.get('status') as OutboundStatusCode | null;
  return {
    page: 1,
    pageSize: 20,
    ...(status && OUTBOUND_STATUSES.includes(status) ? { status } : {}),
    ...(warehouseRole && q.get('scope') === 'warehouse' ? { scope: 'warehouse' as const } : {}),
  };
}

/** 出库单列表 (`/overseas/outbound/list`): status tabs with counts, detail, the tenant's cancel and the warehouse's steps. */
export function OutboundListPage() {
  const has = useHas();
  const navigate = useNavigate();
  const warehouseRole = has('warehouse.operate');
  const query = usePageSearchParams();
  const [filters, setFilters] = useState<Filters>(() => fromQuery(query, warehouseRole));
  useEffect(() => setFilters(fromQuery(query, warehouseRole)), [query, warehouseRole]);
  const list = useOutboundList(filters);
  const [open, setOpen] = useState<OutboundRow | null>(null);
  const warehouse = filters.scope === 'warehouse';
  const counts = list.data?.counts ?? {};
  const shown = open ? (list.data?.list.find((r) => r.id === open.id) ?? open) : null;
  return (
    <PageContainer title="出库单列表">
      <Space style={{ marginBottom: 12 }} wrap>
        {warehouseRole && (
          <Segmented
            value={warehouse ? 'warehouse' : 'mine'}
            data-testid="outbound-scope"
            options={[
              { value: 'mine', label: '我的出库单' },
              { value: 'warehouse', label: '仓库作业(全部客户)' },
            ]}
            onChange={(v) => setFilters({ ...filters, page: 1, scope: v as 'mine' | 'warehouse' })}
          />
        )}
        <Input.Search
          placeholder="出库单号 / 订单号 / 跟踪号"
          allowClear
          style={{ width: 260 }}
          onSearch={(v) => setFilters({ ...filters, page: 1, keyword: v.trim() || undefined })}
        />
        {!warehouse && (
          <Button type="primary" onClick={() => navigate('/overseas/outbound/add')}>
            创建出库单
          </Button>
        )}
      </Space>
      <StatusTabs
        filters={filters}
        setFilters={setFilters}
        statuses={OUTBOUND_STATUSES}
        labels={OUTBOUND_STATUS_LABELS}
        counts={counts}
        testId="outbound-tabs"
      />
      <Table<OutboundRow>
        rowKey="id"
        size="middle"
        {...pagedTable(list, filters, setFilters)}
        data-testid="outbound-list"
        scroll={{ x: 1500 }}
        onRow={(r) => ({ onClick: () => setOpen(r), style: { cursor: 'pointer' } })}
        columns={[
          { title: '出库单号', dataIndex: 'number', width: 170 },
          { title: '仓库', width: 120, render: (_, r) => r.warehouse_code },
          {
            title: '来源',
            width: 190,
            render: (_, r) => (r.source === 'order' ? `订单 ${r.amazon_order_id}` : OUTBOUND_SOURCE_LABELS.manual),
          },
          {
            title: '收件人',
            width: 220,
            ellipsis: true,
            render: (_, r) => `${r.recipient.name} · ${r.recipient.city} ${countryName(r.recipient.country)}`,
          },
          { title: 'SKU / 件数', width: 120, render: (_, r) => `${r.lines.length} / ${r.units}` },
          {
            title: '状态',
            width: 100,
            render: (_, r) => (
              <Tag color={STATUS_COLORS[r.status]} data-testid="outbound-status">
                {OUTBOUND_STATUS_LABELS[r.status]}
              </Tag>
            ),
          },
          { title: '跟踪号', width: 140, render: (_, r) => r.tracking_no || '-' },
          {
            title: '费用',
            width: 100,
            render: (_, r) => (r.fees_posted ? formatMoney(minor(r.fee_total_minor), 'CNY') : '-'),
          },
          { title: '创建时间', width: 170, dataIndex: 'created_at', render: formatSeconds },
          {
            title: '操作',
            width: 160,
            fixed: 'right',
            render: (_, r) => <OutboundActions row={r} warehouse={warehouse} />,
          },
        ]}
      />
      <Drawer title={shown ? `出库单 ${shown.number}` : ''} open={!!shown} onClose={() => setOpen(null)} size={620}>
        {shown && (
          <>
            <Descriptions column={2} size="small" bordered data-testid="outbound-detail">
              <Descriptions.Item label="状态">{OUTBOUND_STATUS_LABELS[shown.status]}</Descriptions.Item>
              <Descriptions.Item label="仓库">{`${shown.warehouse_code} ${shown.warehouse_name}`}</Descriptions.Item>
              <Descriptions.Item label="来源">
                {shown.source === 'order' ? `亚马逊订单 ${shown.amazon_order_id}` : '手工创建'}
              </Descriptions.Item>
              <Descriptions.Item label="承运商/渠道">
                {[shown.carrier_code, shown.carrier_name, shown.channel].filter(Boolean).join(' / ') || '-'}
              </Descriptions.Item>
              <Descriptions.Item label="收件人" span={2}>
                {`${shown.recipient.name} ${shown.recipient.phone}`}
                <br />
                {[shown.recipient.line1, shown.recipient.line2].filter(Boolean).join(', ')}
                <br />
                {`${shown.recipient.postal_code} ${shown.recipient.city} ${shown.recipient.state} ${shown.recipient.country}`}
              </Descriptions.Item>
              <Descriptions.Item label="跟踪号">{shown.tracking_no || '-'}</Descriptions.Item>
              <Descriptions.Item label="发货时间">
                {shown.shipped_at ? formatSeconds(shown.shipped_at) : '-'}
              </Descriptions.Item>
              <Descriptions.Item label="费用(已入账)">
                {shown.fees_posted ? formatMoney(minor(shown.fee_total_minor), 'CNY') : '发货时入账'}
              </Descriptions.Item>
              <Descriptions.Item label="备注">{shown.remark || '-'}</Descriptions.Item>
            </Descriptions>
            <Table
              style={{ marginTop: 12 }}
              size="small"
              rowKey="stock_id"
              pagination={false}
              dataSource={shown.lines}
              columns={[
                { title: 'SKU', dataIndex: 'sku' },
                { title: '名称', dataIndex: 'title' },
                { title: '数量', dataIndex: 'quantity', width: 80 },
              ]}
            />
            <div style={{ marginTop: 12 }}>
              <OutboundActions row={shown} warehouse={warehouse} />
            </div>
          </>
        )}
      </Drawer>
    </PageContainer>
  );
}
