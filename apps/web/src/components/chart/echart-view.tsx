import type { EChartsOption } from 'echarts';
import { useEffect, useRef } from 'react';
import { echarts } from './echarts-setup';

/** Props of the one chart component: an ECharts option and the box it draws in. */
export interface EChartViewProps {
  option: EChartsOption;
  height?: number;
  /** Accessible name of the chart (the canvas itself is not read by screen readers). */
  ariaLabel?: string;
}

/**
 * Draws an ECharts option in a canvas that follows its box's width. Loaded lazily through
 * `EChart` (chart.tsx) so screens without charts do not download ECharts.
 */
export default function EChartView({ option, height = 280, ariaLabel }: EChartViewProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const c = echarts.init(box.current, undefined, { renderer: 'canvas' });
    chart.current = c;
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={ariaLabel} style={{ width: '100%', height }} />;
}
