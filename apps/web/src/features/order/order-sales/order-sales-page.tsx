import { COUNTRY_OPTIONS } from '@console/shared/constants/marketplaces';
import { formatMoney, minor, moneyToNumber } from '@console/shared/money';
import { SALES_GROUP_LABELS, SALES_GROUPS, type SalesBody, type SalesData } from '@console/shared/schemas/order-sales';
import { Alert, Button, Card, DatePicker, Form, Input, Segmented, Select, Space, Statistic, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import type { EChartsOption } from 'echarts';
import { useMemo, useState } from 'react';
import { useSales } from '../../../api/order-extras';
import { useShopOptions } from '../../../api/shop';
import { EChart } from '../../../components/chart/chart';
import { PageContainer } from '../../../layout/page/page-container';
import { rangePresets, rangeToSeconds } from '../../../lib/date-range';
import { getDisplayTimeZone } from '../../../lib/format';
import { fillDays } from './sales-days';

type Row = SalesData['rows'][number];

interface Values {
  shop_id?: number;
  marketplace?: SalesBody['marketplace'];
  range?: [Dayjs | null, Dayjs | null] | null;
  keyword?: string;
}

const cny = (fen: number | null) => (fen === null ? '-' : formatMoney(minor(fen), 'CNY'));
const perCurrency = (r: Pick<Row, 'sales'>) =>
  r.sales.length ? r.sales.map((s) => formatMoney(minor(s.minor), s.currency)).join(' + ') : '-';

/** The chart: units per day (bars) and sales in CNY (line, yuan as ECharts needs numbers), every day of the range. */
function chartOf(data: SalesData | undefined): EChartsOption {
  const days = data ? fillDays(data.days, data.startTime, data.endTime, getDisplayTimeZone()) : [];
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: ['销量', '销售额(CNY)'], top: 0 },
    grid: { left: 48, right: 64, top: 44, bottom: 28 },
    xAxis: { type: 'category', data: days.map((d) => d.day) },
    yAxis: [
      { type: 'value', name: '销量', minInterval: 1 },
      { type: 'value', name: '元' },
    ],
    series: [
      { name: '销量', type: 'bar', data: days.map((d) => d.units) },
      {
        name: '销售额(CNY)',
        type: 'line',
        yAxisIndex: 1,
        // Display only: the exact amounts are the table's.
        data: days.map((d) => (d.sales_cny === null ? null : moneyToNumber(minor(d.sales_cny), 'CNY'))),
      },
    ],
  };
}

/**
 * 销量统计 (`/order/asinSales`): units and sales of paid orders by ASIN, SKU, shop, marketplace or
 * day, over a date range with the shortcuts of spec section 5 (default: the last month).
 */
export function OrderSalesPage() {
  const presets = useMemo(() => rangePresets(), []);
  const lastMonth = presets[1]!.value;
  const [query, setQuery] = useState<Partial<SalesBody>>(() => ({ group_by: 'asin', ...rangeToSeconds(lastMonth) }));
  const sales = useSales(query);
  const shops = useShopOptions();
  const option = useMemo(() => chartOf(sales.data), [sales.data]);
  const data = sales.data;
  const group = query.group_by ?? 'asin';

  return (
    <PageContainer title="销量统计">
      <Form<Values>
        layout="inline"
        style={{ marginBottom: 12, rowGap: 8 }}
        initialValues={{ range: lastMonth }}
        onFinish={(v) => {
          const { startTime, endTime } = rangeToSeconds(v.range);
          setQuery({
            group_by: group,
            ...(startTime ? { startTime } : {}),
            ...(endTime ? { endTime } : {}),
            ...(v.shop_id ? { shop_id: v.shop_id } : {}),
            ...(v.marketplace ? { marketplace: v.marketplace } : {}),
            ...(v.keyword?.trim() ? { keyword: v.keyword.trim() } : {}),
          });
        }}
        data-testid="sales-filter"
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
        <Form.Item name="range">
          <DatePicker.RangePicker presets={presets} />
        </Form.Item>
        <Form.Item name="keyword">
          <Input placeholder="ASIN / SKU" allowClear style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form>
      <Space style={{ marginBottom: 12 }} size="large" wrap>
        <Segmented
          value={group}
          options={SALES_GROUPS.map((g) => ({ value: g, label: `按${SALES_GROUP_LABELS[g]}` }))}
          onChange={(g) => setQuery({ ...query, group_by: g as SalesBody['group_by'] })}
          data-testid="sales-group"
        />
        <Statistic title="订单数" value={data?.total.orders ?? 0} />
        <Statistic title="销量" value={data?.total.units ?? 0} />
        <Statistic title="销售额(CNY)" value={cny(data?.total.sales_cny ?? null)} />
        <Statistic title="销售额(原币种)" value={data ? perCurrency(data.total) : '-'} />
      </Space>
      {data?.missing_rates.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`以下币种没有配置汇率,未计入人民币金额:${data.missing_rates.join('、')}(在价格设置中配置)`}
        />
      ) : null}
      <Card size="small" style={{ marginBottom: 12 }}>
        <EChart option={option} height={280} ariaLabel="每日销量与销售额" />
      </Card>
      <Table<Row>
        rowKey="key"
        size="middle"
        loading={sales.isFetching}
        dataSource={data?.rows ?? []}
        pagination={false}
        footer={() => (data?.more ? `另有 ${data.more} 项未显示(按销售额排序,最多显示 ${data.rows.length} 项)` : null)}
        columns={[
          { title: SALES_GROUP_LABELS[group], dataIndex: 'label' },
          { title: '订单数', dataIndex: 'orders', width: 100 },
          { title: '销量', dataIndex: 'units', width: 100 },
          { title: '销售额(原币种)', render: (_, r) => perCurrency(r) },
          { title: '销售额(CNY)', width: 160, render: (_, r) => cny(r.sales_cny) },
        ]}
        data-testid="sales-table"
      />
    </PageContainer>
  );
}
