import type { RateFigure, ReportsPerformanceData } from '@console/shared/schemas/seller-reports';
import { Card, Col, Descriptions, Empty, Row, Select, Space, Table, Tag, Typography } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo, useState } from 'react';
import { EChart } from '../../../components/chart/chart';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { RefreshBar } from './refresh-bar';
import { usePerformance } from './reports-api';

type Entry = ReportsPerformanceData['list'][number];
type Figures = NonNullable<Entry['figures']>;

const pct = (r: number | null | undefined) => (r === null || r === undefined ? '-' : `${(r * 100).toFixed(2)}%`);
const STATUS: Record<string, { color: string; label: string }> = {
  GOOD: { color: 'green', label: '良好' },
  BAD: { color: 'red', label: '未达标' },
  NONE: { color: 'default', label: '无数据' },
};
const ACCOUNT: Record<string, { color: string; label: string }> = {
  NORMAL: { color: 'green', label: '正常' },
  AT_RISK: { color: 'orange', label: '有风险' },
  DEACTIVATED: { color: 'red', label: '已停用' },
};
const AHR: Record<string, { color: string; label: string }> = {
  GREAT: { color: 'green', label: '良好' },
  WARNED: { color: 'orange', label: '有风险' },
};
const CONDITION: Record<string, string> = { LESS_THAN: '<', GREATER_THAN: '>', EQUALS: '=' };

function tagOf(map: Record<string, { color: string; label: string }>, v: string) {
  const t = map[v];
  return <Tag color={t?.color ?? 'default'}>{t?.label ?? (v || '-')}</Tag>;
}

const target = (condition: string, value: number) => `${CONDITION[condition] ?? ''} ${pct(value)}`;

function rateRow(key: string, name: string, f: RateFigure, parts: string) {
  return { key, name, rate: pct(f.rate), parts, target: target(f.condition, f.target), status: f.status };
}

/** The rows of the metrics table: ODR (and its parts), late shipment, cancellations, tracking, delivery. */
function metricRows(f: Figures) {
  const odr = (label: string, o: Figures['odr_mfn']) => ({
    key: label,
    name: `订单缺陷率(${label})`,
    rate: pct(o.rate),
    parts: `${o.order_count} 单中 ${o.defects} 单有缺陷:差评 ${o.negative_feedback},A-to-z索赔 ${o.claims},信用卡拒付 ${o.chargebacks}`,
    target: target('LESS_THAN', o.target),
    status: o.status,
  });
  return [
    odr('卖家自配送', f.odr_mfn),
    odr('亚马逊配送', f.odr_afn),
    rateRow('late', '迟发率', f.late_shipment, `${f.late_shipment.total} 单中迟发 ${f.late_shipment.count}`),
    rateRow(
      'cancel',
      '配送前取消率',
      f.pre_fulfillment_cancel,
      `${f.pre_fulfillment_cancel.total} 单中取消 ${f.pre_fulfillment_cancel.count}`,
    ),
    rateRow(
      'tracking',
      '有效追踪率',
      f.valid_tracking,
      `${f.valid_tracking.total} 个包裹中有效 ${f.valid_tracking.count}`,
    ),
    rateRow(
      'delivery',
      '准时交货率',
      f.on_time_delivery,
      `${f.on_time_delivery.total} 个包裹中准时 ${f.on_time_delivery.count}`,
    ),
  ];
}

function trendOption(e: Entry): EChartsOption {
  const points = [...e.history].reverse().filter((h) => h.state === 'done');
  const line = (name: string, pick: (h: Entry['history'][number]) => number | null) => ({
    name,
    type: 'line' as const,
    data: points.map((h) => (pick(h) === null ? null : Number(((pick(h) ?? 0) * 100).toFixed(2)))),
  });
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${v}%` },
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 32, bottom: 32 },
    xAxis: { type: 'category', data: points.map((h) => formatSeconds(h.fetched_at)) },
    yAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
    series: [
      line('订单缺陷率', (h) => h.odr),
      line('迟发率', (h) => h.late_shipment),
      line('配送前取消率', (h) => h.pre_fulfillment_cancel),
      line('有效追踪率', (h) => h.valid_tracking),
    ],
  };
}

function ShopCard({ e }: { e: Entry }) {
  const f = e.figures;
  const option = useMemo(() => trendOption(e), [e]);
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      data-testid="performance-card"
      title={`${e.shop_name} · ${e.marketplace_name}`}
      extra={e.state.last_fetched_at ? `获取于 ${formatSeconds(e.state.last_fetched_at)}` : '尚未获取'}
    >
      {e.state.last_error && (
        <Typography.Paragraph type="warning">上次获取失败:{e.state.last_error}</Typography.Paragraph>
      )}
      {!f ? (
        <Empty description="还没有绩效数据,点击刷新从亚马逊获取" />
      ) : (
        <>
          <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="账户状态">{tagOf(ACCOUNT, f.account_status)}</Descriptions.Item>
            <Descriptions.Item label="账户状况评级">{tagOf(AHR, f.ahr_status)}</Descriptions.Item>
            <Descriptions.Item label="统计期间">
              {f.period_from.slice(0, 10)} ~ {f.period_to.slice(0, 10)}
            </Descriptions.Item>
          </Descriptions>
          <Row gutter={16}>
            <Col xs={24} xl={14}>
              <Table
                size="small"
                pagination={false}
                rowKey="key"
                data-testid="performance-metrics"
                dataSource={metricRows(f)}
                columns={[
                  { title: '指标', dataIndex: 'name' },
                  { title: '当前值', dataIndex: 'rate' },
                  { title: '目标', dataIndex: 'target' },
                  { title: '状态', dataIndex: 'status', render: (v: string) => tagOf(STATUS, v) },
                  { title: '明细', dataIndex: 'parts' },
                ]}
              />
              <Typography.Title level={5} style={{ marginTop: 12 }}>
                政策合规
              </Typography.Title>
              <Space wrap>
                {f.policy.map((p) => (
                  <Tag key={p.key} color={p.count > 0 ? 'red' : 'green'}>
                    {p.label}:{p.count}
                  </Tag>
                ))}
              </Space>
            </Col>
            <Col xs={24} xl={10}>
              <EChart option={option} height={260} ariaLabel={`${e.shop_name}绩效趋势`} />
            </Col>
          </Row>
        </>
      )}
    </Card>
  );
}

/** 卖家绩效 (`/platform/reports/sellerPerformance/list`): account health per shop from the Reports API. */
export function SellerPerformancePage() {
  const [shopId, setShopId] = useState<number | undefined>();
  const all = usePerformance();
  const data = usePerformance(shopId);
  const shops = [...new Map((all.data?.list ?? []).map((e) => [e.shop_id, e.shop_name])).entries()];
  const list = data.data?.list ?? [];
  const fetched = list.map((e) => e.state.last_fetched_at).filter((x): x is number => !!x);
  return (
    <PageContainer title="卖家绩效">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder="全部店铺"
          style={{ width: 220 }}
          data-testid="performance-shop"
          value={shopId}
          onChange={(v) => setShopId(v)}
          options={shops.map(([value, label]) => ({ value, label }))}
        />
      </Space>
      <RefreshBar
        reportType="GET_V2_SELLER_PERFORMANCE_REPORT"
        shopId={shopId}
        lastFetchedAt={fetched.length ? Math.min(...fetched) : null}
        running={list.some((e) => e.state.running)}
        intervalHours={data.data?.interval_hours}
        disabled={data.isSuccess && list.length === 0}
      />
      {data.isSuccess && list.length === 0 && <Empty description="没有已授权的店铺,请先在店铺管理绑定店铺" />}
      {list.map((e) => (
        <ShopCard key={`${e.shop_id}-${e.marketplace_id}`} e={e} />
      ))}
    </PageContainer>
  );
}
