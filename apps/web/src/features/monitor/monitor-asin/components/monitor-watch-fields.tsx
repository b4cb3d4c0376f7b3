import { MONITOR_PRIORITIES } from '@console/shared/schemas/monitor';
import { Checkbox, Form, Select } from 'antd';
import { useState } from 'react';
import { MoneyInput } from '../../../../components/money-input';

/** The settings of a watched ASIN that 添加监控 and 编辑监控 share. */
export interface WatchSettings {
  priority: number;
  own_brand: boolean;
  /** Buy Box price band in minor units (null: no band). */
  band_min: number | null;
  band_max: number | null;
}

export const DEFAULT_WATCH: WatchSettings = { priority: 2, own_brand: false, band_min: null, band_max: null };

/** State for the fields: the settings and a setter of one of them. */
export function useWatchSettings(initial: WatchSettings = DEFAULT_WATCH) {
  const [watch, setWatch] = useState(initial);
  const set = <K extends keyof WatchSettings>(key: K, value: WatchSettings[K]) =>
    setWatch((w) => ({ ...w, [key]: value }));
  return { watch, setWatch, set };
}

/**
 * Whether a typed band is no whole number of minor units ("10,50": the input shows 金额格式不正确);
 * the dialogs then do not save, so the typed text is never sent as another number or as no band.
 */
export function watchBandInvalid(watch: WatchSettings): boolean {
  return Number.isNaN(watch.band_min) || Number.isNaN(watch.band_max);
}

/** 优先级, 自有品牌 and the price band (whole minor units; `currency` named in the label when known). */
export function MonitorWatchFields({
  watch,
  set,
  currency,
}: {
  watch: WatchSettings;
  set: ReturnType<typeof useWatchSettings>['set'];
  currency?: string;
}) {
  const band = (key: 'band_min' | 'band_max', label: string, hint: string) => (
    <MoneyInput
      minorUnits
      aria-label={label}
      style={{ width: 120 }}
      value={watch[key]}
      onChange={(v) => set(key, v)}
      placeholder={hint}
    />
  );
  return (
    <>
      <Form.Item label="优先级">
        <Select
          aria-label="优先级"
          value={watch.priority}
          onChange={(v) => set('priority', v)}
          options={Object.entries(MONITOR_PRIORITIES).map(([v, l]) => ({ value: Number(v), label: l }))}
        />
      </Form.Item>
      <Form.Item>
        <Checkbox checked={watch.own_brand} onChange={(e) => set('own_brand', e.target.checked)}>
          自有品牌(有人跟卖时自动建立跟卖移除案件)
        </Checkbox>
      </Form.Item>
      <Form.Item
        label={`购物车价格范围(最小货币单位,如分${currency ? `;${currency}` : ''})`}
        validateStatus={watchBandInvalid(watch) ? 'error' : undefined}
        help={watchBandInvalid(watch) ? '金额格式不正确' : undefined}
      >
        {band('band_min', '价格下限', '下限')}
        {' ~ '}
        {band('band_max', '价格上限', '上限')}
      </Form.Item>
    </>
  );
}
