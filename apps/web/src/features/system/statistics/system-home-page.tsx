import { can } from '@console/shared/permissions/can';
import type { OrderStatsData } from '@console/shared/schemas/statistics';
import { Button, Card, Col, DatePicker, Empty, Row, Space, Statistic } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useAccountStats, useOrderStats, usePerformanceStats } from '../../../api/statistics';
import { EChart } from '../../../components/chart/chart';
import { PageContainer } from '../../../layout/page/page-container';
import { useSessionStore } from '../../../stores/session-store';
import { AccountTotals } from './account-stats-page';
import { OrderTotals } from './order-stats-page';
import { chartYuan } from './stats-format';
import { useStatsRange } from './stats-toolbar';

function dayChart(data: OrderStatsData | undefined): EChartsOption {
  const days = data?.by_day ?? [];
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: ['订单数', '销售额(CNY)'], top: 0 },
    grid: { left: 48, right: 56, top: 40, bottom: 28 },
    xAxis: { type: 'category', data: days.map((d) => d.key) },
    yAxis: [
      { type: 'value', name: '订单', minInterval: 1 },
      { type: 'value', name: '元' },
    ],
    series: [
      { name: '订单数', type: 'bar', data: days.map((d) => d.orders) },
      { name: '销售额(CNY)', type: 'line', yAxisIndex: 1, data: days.map((d) => chartYuan(d.sales_cny)) },
    ],
  };
}

/**
 * 系统首页 (`/system/index`): the three statistics' summaries over one date range, each linking to
 * its screen. The statistics are for company and personal admins; other roles see a note.
 */
export function SystemHomePage() {
  const user = useSessionStore((s) => s.user);
  const allowed = can(user, 'role.companyOrPersonalAdmin');
  const range = useStatsRange();
  const navigate = useNavigate();
  const accounts = useAccountStats(range.query, allowed);
  const orders = useOrderStats(range.query, allowed);
  const perf = usePerformanceStats(range.query, allowed);
  const option = useMemo(() => dayChart(orders.data), [orders.data]);
  const top = perf.data?.rows[0];
  const link = (path: string, testId: string) => (
    <Button type="link" onClick={() => navigate(path)} data-testid={testId}>
      查看详情
    </Button>
  );
  if (!allowed) {
    return (
      <PageContainer title="系统首页">
        <Empty description="账号统计、订单统计和员工绩效仅公司管理员和个人管理员可查看" />
      </PageContainer>
    );
  }
  return (
    <PageContainer title="系统首页">
      <Space style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          presets={range.presets}
          value={range.range}
          onChange={(v) => range.setRange(v ?? null)}
          data-testid="stats-range"
        />
      </Space>
      <Card
        size="small"
        title="订单统计"
        extra={link('/system/admin/orderStatistical', 'system-home-orders')}
        style={{ marginBottom: 12 }}
      >
        <OrderTotals data={orders.data} />
        <EChart option={option} height={240} ariaLabel="每日订单数与销售额" />
      </Card>
      <Row gutter={12}>
        <Col span={12}>
          <Card size="small" title="账号统计" extra={link('/system/admin/accountStatistical', 'system-home-accounts')}>
            <AccountTotals data={accounts.data} />
          </Card>
        </Col>
        <Col span={12}>
          <Card
            size="small"
            title="员工绩效"
            extra={link('/system/admin/performanceStatistical', 'system-home-performance')}
          >
            <Space size="large" wrap data-testid="performance-totals">
              <Statistic title="创建商品" value={perf.data?.total.goods_created ?? 0} />
              <Statistic title="上架成功" value={perf.data?.total.goods_live ?? 0} />
              <Statistic title="采购订单" value={perf.data?.total.orders_purchased ?? 0} />
              <Statistic title="发货订单" value={perf.data?.total.orders_shipped ?? 0} />
              <Statistic title="最忙的员工" value={top ? top.user_name || top.account : '-'} />
            </Space>
          </Card>
        </Col>
      </Row>
    </PageContainer>
  );
}
