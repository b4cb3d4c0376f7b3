// 海外仓 set-up of the browser tests through the API: the operator's warehouse.
import type { ApiClient } from './api-client';
import { ok } from './suite';

/** The four fees of a warehouse, CNY fen (0 when not given). */
export interface WarehouseFees {
  handling_fee_minor?: number;
  unit_fee_minor?: number;
  delivery_fee_minor?: number;
  storage_fee_cbm_day_minor?: number;
}

/** Fees that show in an outbound's total: 3.00 an outbound, 0.50 a unit, 8.00 local delivery. */
export const OUTBOUND_FEES: WarehouseFees = { handling_fee_minor: 300, unit_fee_minor: 50, delivery_fee_minor: 800 };

/** The operator (`op`) creates a warehouse in Germany shipping with DHL; answers its id. */
export async function germanWarehouse(op: ApiClient, code: string, name: string, fees: WarehouseFees = {}) {
  return ok(
    await op.call<{ id: number }>('POST', '/overseas/warehouse/save', {
      code,
      name,
      country: 'DE',
      carriers: ['DHL'],
      handling_fee_minor: 0,
      unit_fee_minor: 0,
      delivery_fee_minor: 0,
      storage_fee_cbm_day_minor: 0,
      ...fees,
    }),
  );
}
