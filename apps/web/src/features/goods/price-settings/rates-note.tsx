import { RATES_STALE_DAYS, ratesAgeDays, ratesStale } from '@console/shared/money/exchange';
import type { PriceInfo } from '@console/shared/schemas/price-settings';
import { Alert, Typography } from 'antd';

/**
 * The date of the default exchange rates where prices are computed, and a warning when rates
 * still at their default are older than RATES_STALE_DAYS (the shipped file is not updated by
 * itself: the user sets current rates in 采集价格设置).
 */
export function RatesNote({ info, now = new Date() }: { info: PriceInfo; now?: Date }) {
  const onDefault = info.price_country.filter((c) => c.default_rate);
  if (onDefault.length === 0)
    return (
      <Typography.Text type="secondary" data-testid="rates-note">
        汇率均为自行设置
      </Typography.Text>
    );
  if (!ratesStale(info.rates_as_of, now))
    return (
      <Typography.Text type="secondary" data-testid="rates-note">
        默认汇率日期 {info.rates_as_of}
      </Typography.Text>
    );
  const names = onDefault.map((c) => c.country).join('、');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="rates-stale"
      style={{ marginBottom: 8 }}
      title={`默认汇率日期为 ${info.rates_as_of},已超过${RATES_STALE_DAYS}天(${ratesAgeDays(info.rates_as_of, now)}天前),算出的价格可能不准`}
      description={`${names} 仍在使用默认汇率,请在「采集价格设置」中按当前汇率修改。`}
    />
  );
}
