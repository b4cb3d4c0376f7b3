import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { EChartViewProps } from './echart-view';

const EChartView = lazy(() => import('./echart-view'));

/**
 * The console's chart: an ECharts option drawn in a lazily loaded chunk (ECharts is large;
 * only screens that show a chart fetch it). Every screen with a chart uses this component.
 */
export function EChart(props: EChartViewProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 280 }} />}>
      <EChartView {...props} />
    </Suspense>
  );
}
