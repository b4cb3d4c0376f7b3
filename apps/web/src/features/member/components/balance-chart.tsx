import type { FinanceOverview } from '@console/shared/schemas/finance';
import { Empty } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { EChart } from '../../../components/chart/chart';
import { yuan } from './money';

/**
 * The chart's option: balance per day as a line and fees spent per day as bars, both in fen
 * on one value axis whose labels and tooltip show yuan (the axis never holds a converted
 * float; `yuan` formats the integers exactly).
 */
export function balanceChartOption(days: FinanceOverview['days']): EChartsOption {
  return {
    grid: { left: 72, right: 24, top: 36, bottom: 32 },
    legend: { data: ['余额', '消费'], top: 0 },
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const list = Array.isArray(params) ? params : [params];
        const day = (list[0] as { axisValue?: string } | undefined)?.axisValue ?? '';
        return [day, ...list.map((p) => `${p.marker ?? ''}${p.seriesName} ${yuan(Number(p.value))}`)].join('<br/>');
      },
    },
    xAxis: { type: 'category', data: days.map((d) => d.day) },
    // Ticks are fen: whole ones only (a flat or empty series would otherwise get ticks such as 0.2).
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { formatter: (v: number) => (Number.isInteger(v) ? yuan(v) : '') },
    },
    series: [
      { name: '消费', type: 'bar', data: days.map((d) => d.spend), itemStyle: { color: '#ffa39e' } },
      {
        name: '余额',
        type: 'line',
        data: days.map((d) => d.balance),
        itemStyle: { color: '#1677ff' },
        symbolSize: 5,
      },
    ],
  };
}

/** Whether a series has nothing to draw: no day with a balance or a spend (issue 29 §3). */
export function isEmptySeries(days: FinanceOverview['days']): boolean {
  return days.every((d) => d.balance === 0 && d.spend === 0);
}

/**
 * Balance (line) and fees spent (bars) per day, 30 or 90 points, drawn by the console's one
 * chart component (`components/chart`, ECharts loaded lazily). A series with nothing in it says
 * 暂无数据 instead of drawing an empty axis.
 */
export function BalanceChart({ days }: { days: FinanceOverview['days'] }) {
  const option = useMemo(() => balanceChartOption(days), [days]);
  if (isEmptySeries(days))
    return (
      <div data-testid="chart-empty">
        <Empty description="暂无数据" style={{ height: 240, paddingTop: 60 }} />
      </div>
    );
  return (
    <div data-testid="balance-chart" data-points={days.length}>
      <EChart option={option} height={240} ariaLabel="余额与消费走势" />
    </div>
  );
}
