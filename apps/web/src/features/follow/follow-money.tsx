import { countryName } from '@console/shared/constants/marketplaces';
import { minor, toDecimalString } from '@console/shared/money';
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

/** A select of one shop's marketplaces (a plain select, like the shop's on the same bar). */
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
