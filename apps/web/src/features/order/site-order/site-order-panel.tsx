import { formatMoney, minor } from '@console/shared/money';
import {
  SITE_ORDER_STATUS_TEXT,
  SITE_ORDER_STATUSES,
  type SiteOrderRow,
  type SiteOrderStatusValue,
} from '@console/shared/schemas/site-order';
import { Input, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useSiteOrderList } from '../../../api/site-orders';
import { formatSeconds } from '../../../lib/format';

const COLORS: Record<SiteOrderStatusValue, string> = { pending: 'gold', paid: 'green', cancelled: 'default' };

/**
 * 独立站 orders in 订单处理 (docs/site.md "Cart and checkout"): the own site's checkout orders with
 * their buyer, lines, total and payment state, filterable by state and by order number or email.
 */
export function SiteOrderPanel({ initialStatus }: { initialStatus?: SiteOrderStatusValue } = {}) {
  const [status, setStatus] = useState<SiteOrderStatusValue | 'all'>(initialStatus ?? 'all');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const list = useSiteOrderList({
    page,
    pageSize: 20,
    ...(status === 'all' ? {} : { status }),
    ...(keyword ? { keyword } : {}),
  });
  const money = (r: SiteOrderRow, v: number) => formatMoney(minor(v), r.currency);
  return (
    <div data-testid="site-orders">
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="订单号或买家邮箱"
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          style={{ width: 260 }}
        />
      </Space>
      <Tabs
        activeKey={status}
        onChange={(k) => {
          setStatus(k as SiteOrderStatusValue | 'all');
          setPage(1);
        }}
        items={[
          { key: 'all', label: '全部' },
          ...SITE_ORDER_STATUSES.map((s) => ({ key: s, label: SITE_ORDER_STATUS_TEXT[s] })),
        ]}
      />
      <Table<SiteOrderRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
        expandable={{
          expandedRowRender: (r) => (
            <Table
              rowKey={(l) => `${l.product_id}:${l.sku}`}
              size="small"
              pagination={false}
              dataSource={r.lines}
              columns={[
                { title: '商品', dataIndex: 'title' },
                { title: 'SKU', dataIndex: 'sku' },
                { title: '单价', render: (_, l) => money(r, l.unit_minor) },
                { title: '数量', dataIndex: 'qty' },
                { title: '小计', render: (_, l) => money(r, l.line_minor) },
              ]}
            />
          ),
        }}
        columns={[
          { title: '来源', dataIndex: 'source', render: (v: string) => <Tag color="purple">{v}</Tag> },
          { title: '订单号', dataIndex: 'order_no' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: SiteOrderStatusValue) => <Tag color={COLORS[s]}>{SITE_ORDER_STATUS_TEXT[s]}</Tag>,
          },
          {
            title: '买家',
            render: (_, r) => (
              <div>
                <div>{r.buyer.name}</div>
                <div>{r.buyer.email}</div>
                <div>
                  {[r.buyer.address1, r.buyer.city, r.buyer.postcode, r.buyer.country].filter(Boolean).join(', ')}
                </div>
              </div>
            ),
          },
          { title: '件数', dataIndex: 'item_count' },
          { title: '金额', dataIndex: 'total_text' },
          { title: '下单时间', dataIndex: 'created_at', render: (v: number) => formatSeconds(v) },
          { title: '付款时间', dataIndex: 'paid_at', render: (v: number | null) => (v ? formatSeconds(v) : '-') },
        ]}
      />
    </div>
  );
}
