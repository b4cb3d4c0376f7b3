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

/** A shop select (the follow pool's bar, 添加监控): an antd select of the usable shops, searchable by name. */
export function FollowShopSelect({
  options,
  value,
  onChange,
  width = 200,
}: {
  options: { value: number; label: string }[];
  value?: number;
  onChange: (v: number | undefined) => void;
  /** Width in px or CSS (`'100%'` in a dialog's form). */
  width?: number | string;
}) {
  return (
    <Select
      aria-label="店铺"
      data-testid="shop-select"
      style={{ width }}
      placeholder="请选择店铺"
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      options={options}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}

/** One shop's marketplaces by their Chinese name (antd select; the follow pool's bar, 添加监控). */
export function FollowMarketplaceSelect({
  marketplaces,
  value,
  onChange,
  width = 140,
}: {
  marketplaces: string[];
  value?: string;
  onChange: (v: string | undefined) => void;
  /** Width in px or CSS (`'100%'` in a dialog's form). */
  width?: number | string;
}) {
  return (
    <Select
      aria-label="站点"
      data-testid="marketplace-select"
      style={{ width }}
      placeholder="请选择站点"
      options={marketplaces.map((m) => ({ value: m, label: countryName(m) }))}
      value={value}
      notFoundContent="请先选择店铺"
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}
