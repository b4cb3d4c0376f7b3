import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { conflict, notFound } from '../lib/app-error.js';
import type { StockMovementReason } from '../modules/order/order-stock.tables.js';
import {
  type BalanceChange,
  changeBalance,
  findSku,
  insertMovement,
  type LocationRef,
  locationId,
  mirrorChina,
  readBalance,
} from './inventory.repository.js';
import type { StockDocType } from './inventory.tables.js';

export type { LocationRef } from './inventory.repository.js';

/** The stock-up stock in China (备货). */
export const CHINA: LocationRef = { kind: 'china' };

/**
 * What a movement does to the balance at its location:
 * `in` receives units, `out` issues available units, `reserve` sets available units aside for a
 * document, `release` gives them back, `pick` issues reserved units (a shipped outbound order).
 */
export type MovementOp = 'in' | 'out' | 'reserve' | 'release' | 'pick';

const CHANGES: Record<MovementOp, (q: number) => BalanceChange> = {
  in: (q) => ({ onHand: q, reserved: 0 }),
  out: (q) => ({ onHand: -q, reserved: 0 }),
  reserve: (q) => ({ onHand: 0, reserved: q }),
  release: (q) => ({ onHand: 0, reserved: -q }),
  pick: (q) => ({ onHand: -q, reserved: -q }),
};

/** The ledger kind of each operation (a pick issues on hand; its reserved drop shows in `reserved_after`). */
const KINDS: Record<MovementOp, 'in' | 'out' | 'reserve' | 'release'> = {
  in: 'in',
  out: 'out',
  reserve: 'reserve',
  release: 'release',
  pick: 'out',
};

export interface Movement {
  tenantId: number;
  stockId: number;
  at: LocationRef;
  op: MovementOp;
  /** Units, a positive whole number. */
  quantity: number;
  reason: StockMovementReason;
  doc?: { type: StockDocType; id: number } | undefined;
  order?: { orderId: number | null; itemId: number | null } | undefined;
  note?: string | undefined;
  /** Who (null: the system, e.g. a sync). */
  by: number | null;
}

export interface Posted {
  movementId: number;
  stockId: number;
  sku: string;
  on_hand: number;
  reserved: number;
  available: number;
}

/**
 * The one way stock changes (docs/inventory.md): changes the balance at the movement's location
 * under its rules and writes the movement with who, why, the document and the balances after it,
 * in the caller's transaction (`trx`), so a crash keeps both or neither. A change the balance
 * cannot take (more than is available, a release of more than is reserved) is refused with a
 * Chinese message naming the SKU and what is available; nothing is written then.
 */
export async function postMovement(trx: Kysely<DB>, m: Movement): Promise<Posted> {
  if (!Number.isSafeInteger(m.quantity) || m.quantity <= 0) throw conflict('数量必须是正整数');
  const sku = await findSku(trx, m.tenantId, m.stockId);
  if (!sku) throw notFound('SKU不存在');
  const loc = await locationId(trx, m.tenantId, m.at);
  const after = await changeBalance(trx, m.tenantId, loc, m.stockId, CHANGES[m.op](m.quantity));
  if (!after) {
    const now = await readBalance(trx, m.tenantId, loc, m.stockId);
    throw conflict(refusal(m.op, sku.sku, m.quantity, now), {
      sku: sku.sku,
      on_hand: now.on_hand,
      reserved: now.reserved,
      available: now.on_hand - now.reserved,
    });
  }
  if (m.at.kind === 'china') await mirrorChina(trx, m.tenantId, m.stockId, after.on_hand);
  const movementId = await insertMovement(trx, {
    tenant_id: m.tenantId,
    stock_id: m.stockId,
    location_id: loc,
    kind: KINDS[m.op],
    quantity: m.quantity,
    balance_after: after.on_hand,
    reserved_after: after.reserved,
    reason: m.reason,
    doc_type: m.doc?.type ?? '',
    doc_id: m.doc?.id ?? null,
    order_id: m.order?.orderId ?? null,
    item_id: m.order?.itemId ?? null,
    note: m.note ?? '',
    created_by: m.by,
  });
  return {
    movementId,
    stockId: m.stockId,
    sku: sku.sku,
    on_hand: after.on_hand,
    reserved: after.reserved,
    available: after.on_hand - after.reserved,
  };
}

function refusal(op: MovementOp, sku: string, q: number, now: { on_hand: number; reserved: number }): string {
  const available = now.on_hand - now.reserved;
  if (op === 'release') return `SKU ${sku} 只预留了 ${now.reserved} 件,不能释放 ${q} 件`;
  if (op === 'pick') return `SKU ${sku} 只预留了 ${now.reserved} 件,不能出库 ${q} 件`;
  return `库存不足:SKU ${sku} 可用 ${available} 件,需要 ${q} 件`;
}
