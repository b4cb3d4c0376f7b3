import type { OrderStatsData, OrderStatsRow } from '@console/shared/schemas/statistics';
import { Alert, Card, Segmented, Space, Statistic, Table } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo, useState } from 'react';
import { useOrderStats } from '../../../api/statistics';
import { EChart } from '../../../components/chart/chart';
import { PageContainer } from '../../../layout/page/page-container';
import { chartYuan, cny, perCurrency } from './stats-format';
import { StatsToolbar, useStatsRange } from './stats-toolbar';

const DIMS = [
  { value: 'by_shop', label: '按店铺', head: '店铺' },
  { value: 'by_marketplace', label: '按站点', head: '站点' },
  { value: 'by_staff', label: '按员工', head: '员工' },
  { value: 'by_day', label: '按日期', head: '日期' },
] as const;
type Dim = (typeof DIMS)[number]['value'];

/** Sales and margin (CNY, bars or lines by day) and orders of the chosen grouping. */
function chartOf(rows: OrderStatsRow[], dim: Dim): EChartsOption {
  const line = dim === 'by_day';
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: ['销售额(CNY)', '毛利(CNY)', '订单数'], top: 0 },
    grid: { left: 56, right: 56, top: 44, bottom: 28 },
    xAxis: { type: 'category', data: rows.map((r) => r.label) },
    yAxis: [
      { type: 'value', name: '元' },
      { type: 'value', name: '订单', minInterval: 1 },
    ],
    series: [
      { name: '销售额(CNY)', type: line ? 'line' : 'bar', data: rows.map((r) => chartYuan(r.sales_cny)) },
      { name: '毛利(CNY)', type: line ? 'line' : 'bar', data: rows.map((r) => chartYuan(r.margin_cny)) },
      { name: '订单数', type: 'line', yAxisIndex: 1, data: rows.map((r) => r.orders) },
    ],
  };
}

/** The summary figures of 订单统计 (also on 系统首页). */
export function OrderTotals({ data }: { data: OrderStatsData | undefined }) {
  return (
    <Space size="large" wrap data-testid="order-stats-totals">
      <Statistic
        title="订单数"
        value={data?.total.orders ?? 0}
        valueRender={(n) => <span data-testid="order-stats-orders">{n}</span>}
      />
      <Statistic title="件数" value={data?.total.units ?? 0} />
      <Statistic title="销售额(CNY)" value={cny(data?.total.sales_cny)} />
      <Statistic title="毛利(CNY,估算)" value={cny(data?.total.margin_cny)} />
    </Space>
  );
}

/**
 * 订单统计 (`/system/admin/orderStatistical`): orders, units, sales (exact per currency and in
 * CNY) and the margin estimate by shop, marketplace, staff member and day over a date range.
 */
export function OrderStatsPage() {
  const range = useStatsRange();
  const stats = useOrderStats(range.query);
  const [dim, setDim] = useState<Dim>('by_shop');
  const data = stats.data;
  const rows = data?.[dim] ?? [];
  const option = useMemo(() => chartOf(rows, dim), [rows, dim]);
  const head = DIMS.find((d) => d.value === dim)!.head;
  return (
    <PageContainer title="订单统计">
      <StatsToolbar kind="order" state={range} />
      <Card size="small" style={{ marginBottom: 12 }}>
        <OrderTotals data={data} />
      </Card>
      {data?.missing_rates.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`以下币种没有配置汇率,未计入人民币金额:${data.missing_rates.join('、')}(在价格设置中配置)`}
        />
      ) : null}
      <Segmented
        style={{ marginBottom: 12 }}
        value={dim}
        options={DIMS.map((d) => ({ value: d.value, label: d.label }))}
        onChange={(v) => setDim(v as Dim)}
        data-testid="order-stats-dim"
      />
      <Card size="small" style={{ marginBottom: 12 }}>
        <EChart option={option} height={300} ariaLabel={`订单统计${head}图表`} />
      </Card>
      <Table<OrderStatsRow>
        rowKey="key"
        size="middle"
        loading={stats.isFetching}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: head, dataIndex: 'label' },
          { title: '订单数', dataIndex: 'orders', width: 100 },
          { title: '件数', dataIndex: 'units', width: 100 },
          { title: '销售额(原币种)', render: (_, r) => perCurrency(r.sales) },
          { title: '销售额(CNY)', width: 150, render: (_, r) => cny(r.sales_cny) },
          { title: '毛利(CNY,估算)', width: 150, render: (_, r) => cny(r.margin_cny) },
        ]}
        data-testid="order-stats-table"
      />
    </PageContainer>
  );
}
