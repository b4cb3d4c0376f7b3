import { divRoundHalfAway } from '@console/shared/money';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/types.js';
import type { OverseasWarehousesTable } from '../../inventory/inventory.tables.js';
import * as ledger from '../finance/ledger.service.js';
import { fifoUnitDays, skuSizes } from './overseas-outbound.repository.js';
import type { OverseasOutboundsTable } from './overseas-outbound.tables.js';

type Db = Kysely<DB>;

/** mm³ in one m³ (the storage fee is per m³ and day). */
const MM3_PER_M3 = 1_000_000_000n;

/** One picked line: the SKU, its units and the pick movement that issued them. */
export interface PickedLine {
  stockId: number;
  quantity: number;
  movementId: number;
}

export interface OutboundFees {
  handling: number;
  units: number;
  delivery: number;
  storage: number;
}

/** The idempotency keys of an outbound's fees: each is posted once whatever repeats the ship. */
export const outboundFeeKeys = (id: number) => ({
  handling: `overseas-outbound:${id}:handling`,
  units: `overseas-outbound:${id}:units`,
  delivery: `overseas-outbound:${id}:delivery`,
  storage: `overseas-outbound:${id}:storage`,
});

/**
 * Storage of the picked units (docs/overseas.md "Outbound", fees): each unit pays for the whole
 * days since its receipt (first in, first out) times its volume times the warehouse's rate per
 * m³ and day, rounded once to the fen. SKUs without a size pay no storage.
 */
export async function storageFee(
  db: Db,
  tenantId: number,
  locationId: number,
  ratePerCbmDay: number,
  lines: PickedLine[],
): Promise<number> {
  if (ratePerCbmDay === 0 || lines.length === 0) return 0;
  const sizes = new Map(
    (
      await skuSizes(
        db,
        tenantId,
        lines.map((l) => l.stockId),
      )
    ).map((s) => [Number(s.id), s]),
  );
  let mm3Days = 0n;
  for (const l of lines) {
    const s = sizes.get(l.stockId);
    if (!s?.length_mm || !s.width_mm || !s.height_mm) continue;
    const unitDays = await fifoUnitDays(db, tenantId, l.stockId, locationId, l.movementId, l.quantity);
    mm3Days += BigInt(s.length_mm) * BigInt(s.width_mm) * BigInt(s.height_mm) * BigInt(unitDays);
  }
  return Number(divRoundHalfAway(mm3Days * BigInt(ratePerCbmDay), MM3_PER_M3));
}

/**
 * Posts an outbound's fees to its tenant's balance in the shipping transaction: handling per
 * order and local delivery (服务费 / 物流费), the unit fee times the units, the storage of the
 * picked units (其他). Each fee under its own idempotency key, naming the outbound number and,
 * for an Amazon order, the order (the ledger reads its Amazon order id). A balance that cannot
 * pay refuses the ship with 余额不足 (nothing is written then).
 */
export async function postOutboundFees(
  db: Db,
  ob: Selectable<OverseasOutboundsTable>,
  w: Selectable<OverseasWarehousesTable>,
  units: number,
  storage: number,
  by: number,
): Promise<OutboundFees> {
  const fees: OutboundFees = {
    handling: Number(w.handling_fee_minor),
    units: Number(w.unit_fee_minor) * units,
    delivery: Number(w.delivery_fee_minor),
    storage,
  };
  const keys = outboundFeeKeys(Number(ob.id));
  const base = {
    tenantId: ob.tenant_id,
    ref: { type: 'service' as const, id: ob.number },
    createdBy: by,
    ...(ob.order_id !== null ? { orderId: Number(ob.order_id) } : {}),
  };
  const posts: [keyof OutboundFees, ledger.FeeKind, string][] = [
    ['handling', 'serviceFee', '操作费'],
    ['units', 'serviceFee', `拣货费(${units} 件)`],
    ['delivery', 'logisticsFee', '本地派送费'],
    ['storage', 'other', '仓储费'],
  ];
  for (const [kind, fee, label] of posts) {
    if (fees[kind] <= 0) continue;
    await ledger.charge(db, {
      ...base,
      idemKey: keys[kind],
      amount: fees[kind],
      fee,
      note: `海外仓出库单 ${ob.number} ${label}`,
    });
  }
  return fees;
}
