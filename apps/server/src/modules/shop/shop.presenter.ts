import type { ShopView } from '@console/shared/schemas/shop';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** A shop row as the API shows it (never its sealed token). */
export function presentShop(row: {
  id: number;
  name: string;
  region: 'NA' | 'EU' | 'FE';
  sandbox: boolean;
  seller_id: string | null;
  auth_status: 'authorized' | 'expired' | 'never';
  auth_error: string | null;
  marketplaces: string[];
  staff_ids: number[];
  authorized_at: Date | null;
  created_at: Date;
  version: number;
}): ShopView {
  return {
    id: row.id,
    name: row.name,
    region: row.region,
    sandbox: row.sandbox,
    seller_id: row.seller_id,
    auth_status: row.auth_status,
    auth_error: row.auth_error,
    marketplaces: row.marketplaces,
    staff_ids: row.staff_ids,
    authorized_at: row.authorized_at ? seconds(row.authorized_at) : null,
    created_at: seconds(row.created_at),
    version: row.version,
  };
}
