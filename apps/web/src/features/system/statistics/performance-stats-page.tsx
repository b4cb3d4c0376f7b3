import { AUTH_NAMES, type Auth } from '@console/shared/constants/roles';
import type { PerformanceRow } from '@console/shared/schemas/statistics';
import { Card, Table } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { usePerformanceStats } from '../../../api/statistics';
import { EChart } from '../../../components/chart/chart';
import { PageContainer } from '../../../layout/page/page-container';
import { StatsToolbar, useStatsRange } from './stats-toolbar';

const FIGURES = [
  ['goods_created', '创建商品'],
  ['goods_uploaded', '上传商品'],
  ['goods_live', '上架成功'],
  ['orders_purchased', '采购订单'],
  ['orders_shipped', '发货订单'],
] as const;

const nameOf = (r: PerformanceRow) => r.user_name || r.account;

function chartOf(rows: PerformanceRow[]): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: FIGURES.map(([, l]) => l), top: 0 },
    grid: { left: 48, right: 24, top: 44, bottom: 28 },
    xAxis: { type: 'category', data: rows.map(nameOf) },
    yAxis: { type: 'value', minInterval: 1 },
    series: FIGURES.map(([k, l]) => ({ name: l, type: 'bar', data: rows.map((r) => r[k]) })),
  };
}

/**
 * 员工绩效 (`/system/admin/performanceStatistical`): per account of the company, products created,
 * uploaded and live, orders purchased and shipped in a date range.
 */
export function PerformanceStatsPage() {
  const range = useStatsRange();
  const stats = usePerformanceStats(range.query);
  const rows = stats.data?.rows ?? [];
  const option = useMemo(() => chartOf(rows), [rows]);
  return (
    <PageContainer title="员工绩效">
      <StatsToolbar kind="performance" state={range} />
      <Card size="small" style={{ marginBottom: 12 }}>
        <EChart option={option} height={300} ariaLabel="员工绩效图表" />
      </Card>
      <Table<PerformanceRow>
        rowKey="user_id"
        size="middle"
        loading={stats.isFetching}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: '员工', render: (_, r) => `${nameOf(r)} (${r.account})` },
          { title: '角色', width: 120, render: (_, r) => AUTH_NAMES[r.auth as Auth] ?? r.auth },
          ...FIGURES.map(([k, l]) => ({ title: l, dataIndex: k, width: 100 })),
        ]}
        summary={() =>
          stats.data ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
              <Table.Summary.Cell index={1} />
              {FIGURES.map(([k], i) => (
                <Table.Summary.Cell key={k} index={i + 2}>
                  <span data-testid={`performance-total-${k}`}>{stats.data!.total[k]}</span>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
        data-testid="performance-table"
      />
    </PageContainer>
  );
}
