import { COUNTRY_OPTIONS, countryName } from '@console/shared/constants/marketplaces';
import { formatMoney, minor } from '@console/shared/money';
import {
  EXPRESS_STATUS_LABELS,
  EXPRESS_STATUSES,
  FULFILLMENT_CHANNEL_LABELS,
  FULFILLMENT_CHANNELS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderListBody,
  type OrderRow,
  type OrderSyncResult,
} from '@console/shared/schemas/order';
import { SITE_ORDER_STATUSES } from '@console/shared/schemas/site-order';
import {
  Button,
  Checkbox,
  DatePicker,
  Form,
  Input,
  Segmented,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useJobProgress } from '../../../api/jobs';
import { useOrderList, useOrderMutations } from '../../../api/order';
import { useOutboundEligible } from '../../../api/overseas-outbound';
import { useShopOptions } from '../../../api/shop';
import { useFeedback } from '../../../app/ui-bridge';
import { useHas } from '../../../components/permission';
import { usePageSearchParams } from '../../../layout/keep-alive/keep-alive-outlet';
import { PageContainer } from '../../../layout/page/page-container';
import { rangePresets, rangeToSeconds } from '../../../lib/date-range';
import { formatSeconds } from '../../../lib/format';
import { ManualOrderPanel } from '../manual-order/manual-order-panel';
import { SiteOrderPanel } from '../site-order/site-order-panel';
import { AssignBar, useAssigneeName } from './components/assign-bar';
import { OrderDetailDrawer } from './components/order-detail-drawer';
import { OrderThumb } from './components/order-thumb';
import { OverseasShipButton } from './components/overseas-ship-button';

const ORDER_VIEWS = [
  { value: 'amazon' as const, label: '亚马逊订单' },
  { value: 'manual' as const, label: '手工单' },
  { value: 'site' as const, label: '独立站' },
];

interface FilterValues {
  shop_id?: number;
  marketplace?: OrderListBody['marketplace'];
  fulfillment_channel?: OrderListBody['fulfillment_channel'];
  express_status?: OrderListBody['express_status'];
  range?: [Dayjs | null, Dayjs | null] | null;
  keyword?: string;
  oversold?: boolean;
}

/** The list query of the filter form (dates become seconds; empty fields are left out). */
export function orderFilters(v: FilterValues, base: OrderListBody): OrderListBody {
  const { startTime, endTime } = rangeToSeconds(v.range);
  return {
    page: 1,
    pageSize: base.pageSize,
    ...(base.status ? { status: base.status } : {}),
    ...(v.shop_id ? { shop_id: v.shop_id } : {}),
    ...(v.marketplace ? { marketplace: v.marketplace } : {}),
    ...(v.fulfillment_channel ? { fulfillment_channel: v.fulfillment_channel } : {}),
    ...(v.express_status ? { express_status: v.express_status } : {}),
    ...(startTime ? { startTime } : {}),
    ...(endTime ? { endTime } : {}),
    ...(v.keyword?.trim() ? { keyword: v.keyword.trim() } : {}),
    ...(v.oversold ? { oversold: true } : {}),
  };
}

/** 同步订单: starts the sync job and follows it to the end. */
function SyncButton() {
  const { sync, refresh } = useOrderMutations();
  const { message } = useFeedback();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useJobProgress<OrderSyncResult>(jobId);
  const status = job.data?.status;
  useEffect(() => {
    if (status !== 'done' && status !== 'failed') return;
    const r = job.data?.result;
    if (status === 'done')
      message.success(
        `同步完成:${r?.orders ?? 0} 个订单有更新${r?.errors.length ? `,${r.errors.join(';')}` : ''}${
          r?.deferred ? ',部分站点受亚马逊调用频率限制,将在下次自动同步时继续' : ''
        }`,
      );
    else message.error(job.data?.error ?? '订单同步失败');
    setJobId(null);
    void refresh();
  }, [status, job.data, message, refresh]);
  return (
    <Button
      loading={sync.isPending || jobId !== null}
      onClick={() => sync.mutate(undefined, { onSuccess: (d) => setJobId(d.job_id) })}
      data-testid="order-sync"
    >
      同步订单
    </Button>
  );
}

/** 订单处理 (`/order/list`): status tabs with counts, filters, the order list and its detail. */
export function OrderListPage() {
  // `?keyword=` opens the list filtered to one order (the statement's order links, docs/finance.md).
  const params = usePageSearchParams();
  const linked = params.get('keyword')?.trim().slice(0, 64) || undefined;
  // `?oversold=1` (订单首页's 超卖 card): only the orders beyond a listing's stock.
  const oversoldLink = params.get('oversold') === '1';
  // `?status=` (a tab) and `?since=` (purchased since, Unix seconds): 首页's order cards (docs/home.md).
  const statusLink = ORDER_STATUSES.find((s) => s === params.get('status'));
  const sinceLink = Number(params.get('since')) > 0 ? Math.floor(Number(params.get('since'))) : undefined;
  // `?view=site&site_status=` (首页's 独立站 cards): the 独立站 view, on a state tab.
  const siteLink = params.get('view') === 'site';
  const siteStatusLink = SITE_ORDER_STATUSES.find((s) => s === params.get('site_status'));
  const homeLink = {
    ...(statusLink ? { status: statusLink } : {}),
    ...(sinceLink ? { startTime: sinceLink } : {}),
  };
  const [filters, setFilters] = useState<OrderListBody>({
    page: 1,
    pageSize: 20,
    ...(linked ? { keyword: linked } : {}),
    ...(oversoldLink ? { oversold: true } : {}),
    ...homeLink,
  });
  useEffect(() => {
    // A card's link shows exactly what its figure counts: the other filters are cleared.
    if (statusLink || sinceLink)
      setFilters((f) => ({
        page: 1,
        pageSize: f.pageSize,
        ...(statusLink ? { status: statusLink } : {}),
        ...(sinceLink ? { startTime: sinceLink } : {}),
      }));
  }, [statusLink, sinceLink]);
  useEffect(() => {
    if (linked) setFilters((f) => ({ ...f, page: 1, keyword: linked }));
  }, [linked]);
  useEffect(() => {
    if (oversoldLink) setFilters((f) => ({ ...f, page: 1, oversold: true }));
  }, [oversoldLink]);
  const [open, setOpen] = useState<number | null>(null);
  const list = useOrderList(filters);
  const shops = useShopOptions();
  const has = useHas();
  const assigns = has('order.assign');
  // 海外仓发货: one request per page for the orders a warehouse can ship in full (docs/overseas.md).
  const overseas = has('warehouse.use') && has('order.buyerData');
  const pageIds = (list.data?.list ?? []).filter((r) => r.status === 'Unshipped').map((r) => r.id);
  const eligible = useOutboundEligible(pageIds, overseas);
  const shipFrom = new Map((eligible.data?.list ?? []).map((e) => [e.order_id, e.warehouses]));
  const assigneeName = useAssigneeName(assigns);
  const [selected, setSelected] = useState<number[]>([]);
  const presets = useMemo(() => rangePresets(), []);
  const counts = list.data?.counts;
  const [view, setView] = useState<'amazon' | 'manual' | 'site'>(siteLink ? 'site' : 'amazon');
  useEffect(() => {
    if (siteLink) setView('site');
  }, [siteLink, siteStatusLink]);
  const tabs = [
    { key: 'all', label: `全部 (${counts?.all ?? 0})` },
    ...ORDER_STATUSES.map((s) => ({ key: s, label: `${ORDER_STATUS_LABELS[s]} (${counts?.[s] ?? 0})` })),
  ];
  // 手工单 (manual orders) are the second view of 订单处理 (docs/orders.md "Manual orders").
  // 独立站: the own site's orders (docs/site.md "Cart and checkout"), for those who build the site.
  const views = ORDER_VIEWS.filter((v) => v.value !== 'site' || has('site.manage'));
  const switcher = <Segmented value={view} onChange={setView} options={views} data-testid="order-view" />;
  if (view === 'site') {
    return (
      <PageContainer title="订单处理" extra={switcher}>
        <SiteOrderPanel key={siteStatusLink ?? 'all'} initialStatus={siteStatusLink} />
      </PageContainer>
    );
  }
  if (view === 'manual') {
    return (
      <PageContainer title="订单处理" extra={switcher}>
        <ManualOrderPanel />
      </PageContainer>
    );
  }
  return (
    <PageContainer title="订单处理" extra={switcher}>
      <Form<FilterValues>
        key={`${linked ?? ''}|${oversoldLink}|${statusLink ?? ''}|${sinceLink ?? ''}`}
        layout="inline"
        style={{ marginBottom: 12, rowGap: 8 }}
        initialValues={{
          ...(linked ? { keyword: linked } : {}),
          ...(oversoldLink ? { oversold: true } : {}),
          ...(sinceLink ? { range: [dayjs.unix(sinceLink), null] } : {}),
        }}
        onFinish={(v) => setFilters(orderFilters(v, filters))}
        data-testid="order-filter"
      >
        <Form.Item name="shop_id">
          <Select
            placeholder="店铺"
            allowClear
            style={{ width: 160 }}
            options={(shops.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item name="marketplace">
          <Select
            placeholder="站点"
            allowClear
            style={{ width: 120 }}
            options={COUNTRY_OPTIONS.map((c) => ({ ...c }))}
          />
        </Form.Item>
        <Form.Item name="fulfillment_channel">
          <Select
            placeholder="配送方式"
            allowClear
            style={{ width: 130 }}
            options={FULFILLMENT_CHANNELS.map((c) => ({ value: c, label: FULFILLMENT_CHANNEL_LABELS[c] }))}
          />
        </Form.Item>
        <Form.Item name="express_status">
          <Select
            placeholder="快递状态"
            allowClear
            style={{ width: 120 }}
            options={EXPRESS_STATUSES.map((c) => ({ value: c, label: EXPRESS_STATUS_LABELS[c] }))}
          />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker presets={presets} allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item name="keyword">
          <Input placeholder="订单号 / ASIN / SKU" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="oversold" valuePropName="checked">
          <Checkbox data-testid="order-oversold-filter">只看超卖</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        {has('order.sync') && (
          <span style={{ marginLeft: 8 }}>
            <SyncButton />
          </span>
        )}
      </Form>
      <Tabs
        activeKey={filters.status ?? 'all'}
        items={tabs}
        onChange={(k) => {
          const { status: _s, ...rest } = filters;
          setFilters({ ...rest, page: 1, ...(k === 'all' ? {} : { status: k as OrderListBody['status'] }) });
        }}
        data-testid="order-tabs"
      />
      {assigns && <AssignBar selected={selected} onDone={() => setSelected([])} />}
      <Table<OrderRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        scroll={{ x: assigns ? 1500 : 1400 }}
        {...(assigns
          ? { rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } }
          : {})}
        onRow={(r) => ({
          // A click on the selection checkbox selects; anywhere else opens the detail.
          onClick: (e) => {
            if (!(e.target as HTMLElement).closest('.ant-table-selection-column')) setOpen(r.id);
          },
          style: { cursor: 'pointer' },
        })}
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (page, pageSize) => setFilters({ ...filters, page, pageSize }),
        }}
        columns={[
          {
            title: '订单号',
            dataIndex: 'amazon_order_id',
            width: 190,
            render: (v: string) => <Typography.Link data-testid="order-id">{v}</Typography.Link>,
          },
          { title: '店铺/站点', width: 150, render: (_, r) => `${r.shop_name} / ${countryName(r.marketplace)}` },
          {
            title: '商品',
            render: (_, r) => (
              <Space size={8}>
                <OrderThumb src={r.image} size={40} />
                <span>{`${r.title ?? r.seller_sku ?? '-'}${r.item_count > 1 ? ` 等${r.item_count}件` : ''}`}</span>
              </Space>
            ),
          },
          { title: 'ASIN/SKU', width: 200, render: (_, r) => `${r.asin ?? '-'} / ${r.seller_sku ?? '-'}` },
          {
            title: '金额',
            width: 120,
            render: (_, r) =>
              r.total_minor === null || !r.currency ? '-' : formatMoney(minor(r.total_minor), r.currency),
          },
          {
            title: '状态',
            width: 120,
            render: (_, r) => (
              <>
                <Tag>{ORDER_STATUS_LABELS[r.status]}</Tag>
                {r.oversold && (
                  <Tag color="red" data-testid="order-oversold">
                    超卖
                  </Tag>
                )}
              </>
            ),
          },
          { title: '配送', width: 100, render: (_, r) => FULFILLMENT_CHANNEL_LABELS[r.fulfillment_channel] },
          {
            title: '快递状态',
            width: 110,
            render: (_, r) =>
              r.distributed_at ? (
                <Tag color="green">已配货</Tag>
              ) : r.fulfillment_channel === '0' && r.express_status === '0' ? (
                // Amazon ships FBA orders: nothing to purchase (docs/orders.md).
                <Typography.Text type="secondary">无需采购</Typography.Text>
              ) : (
                EXPRESS_STATUS_LABELS[r.express_status]
              ),
          },
          ...(assigns
            ? [{ title: '负责人', width: 100, render: (_: unknown, r: OrderRow) => assigneeName(r.assigned_to) }]
            : []),
          { title: '买家', width: 110, render: (_, r) => r.buyer?.name ?? '-' },
          ...(overseas
            ? [
                {
                  title: '海外仓',
                  width: 120,
                  render: (_: unknown, r: OrderRow) => {
                    const w = shipFrom.get(r.id);
                    return w ? (
                      <OverseasShipButton orderId={r.id} amazonOrderId={r.amazon_order_id} warehouses={w} />
                    ) : null;
                  },
                },
              ]
            : []),
          { title: '下单时间', dataIndex: 'purchase_date', width: 170, render: formatSeconds },
        ]}
      />
      <OrderDetailDrawer id={open} onClose={() => setOpen(null)} />
    </PageContainer>
  );
}
