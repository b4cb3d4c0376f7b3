import { countryName } from '@console/shared/constants/marketplaces';
import { minor, toDecimalString } from '@console/shared/money';
import { Select } from 'antd';
import { useShopList } from '../../api/shop';

/** An amount in minor units as text with its currency, `-` when there is none. */
export function money(amount: number | null | undefined, currency: string): string {
  return amount === null || amount === undefined ? '-' : `${toDecimalString(minor(amount), currency)} ${currency}`;
}

/** The authorized shops the user may use, for a select. */
export function useShopOptions() {
  const shops = useShopList({ page: 1, pageSize: 200 });
  const list = (shops.data?.list ?? []).filter((s) => s.auth_status === 'authorized');
  return {
    shops: list,
    options: list.map((s) => ({ value: s.id, label: `${s.name}${s.sandbox ? '(沙箱)' : ''}` })),
  };
}

/** The shop of the follow pool's bar: an antd select of the usable shops, searchable by name. */
export function FollowShopSelect({
  options,
  value,
  onChange,
}: {
  options: { value: number; label: string }[];
  value?: number;
  onChange: (v: number | undefined) => void;
}) {
  return (
    <Select
      aria-label="店铺"
      data-testid="shop-select"
      style={{ width: 200 }}
      placeholder="请选择店铺"
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      options={options}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}

/** One shop's marketplaces by their Chinese name (antd select). */
export function FollowMarketplaceSelect({
  marketplaces,
  value,
  onChange,
}: {
  marketplaces: string[];
  value?: string;
  onChange: (v: string | undefined) => void;
}) {
  return (
    <Select
      aria-label="站点"
      data-testid="marketplace-select"
      style={{ width: 140 }}
      placeholder="请选择站点"
      options={marketplaces.map((m) => ({ value: m, label: countryName(m) }))}
      value={value}
      notFoundContent="请先选择店铺"
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}

/** A native select of one shop's marketplaces (the ASIN monitor's add dialog, whose own shop select is native). */
export function MarketplaceSelect({
  marketplaces,
  value,
  onChange,
}: {
  marketplaces: string[];
  value?: string;
  onChange?: (v: string) => void;
}) {
  return (
    <select
      aria-label="站点"
      style={{ width: 120, height: 32 }}
      value={value ?? ''}
      onChange={(e) => onChange?.(e.target.value)}
    >
      <option value="">请选择站点</option>
      {marketplaces.map((m) => (
        <option key={m} value={m}>
          {countryName(m)}
        </option>
      ))}
    </select>
  );
}
