import type { StatsKind, StatsQuery } from '@console/shared/schemas/statistics';
import { Button, DatePicker, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { saveBlob } from '../../../api/goods-files';
import { exportStats } from '../../../api/statistics';
import { rangePresets, rangeToSeconds } from '../../../lib/date-range';

/** The range state of a statistics screen: the last month by default (spec section 5's shortcuts). */
export function useStatsRange() {
  const presets = useMemo(() => rangePresets(), []);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(presets[1]!.value);
  const query: StatsQuery = useMemo(() => rangeToSeconds(range), [range]);
  return { presets, range, setRange, query };
}

/**
 * The date-range picker with the three shortcuts (last week, last month, last three months) and
 * the 导出 button that downloads the screen's tables as .xlsx.
 */
export function StatsToolbar({ kind, state }: { kind: StatsKind; state: ReturnType<typeof useStatsRange> }) {
  const [exporting, setExporting] = useState(false);
  const onExport = async () => {
    setExporting(true);
    try {
      const f = await exportStats(kind, state.query);
      if (f.kind === 'file') saveBlob(f.blob, f.fileName);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Space style={{ marginBottom: 12 }} wrap>
      <DatePicker.RangePicker
        presets={state.presets}
        value={state.range}
        onChange={(v) => state.setRange(v ?? null)}
        data-testid="stats-range"
      />
      <Button onClick={onExport} loading={exporting} data-testid="stats-export">
        导出
      </Button>
    </Space>
  );
}
