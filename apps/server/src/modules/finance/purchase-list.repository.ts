import { type Kysely, sql } from 'kysely';
import { pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';
import { PURCHASE_CHARGE_PREFIX } from './ledger.service.js';

type Db = Kysely<DB>;

/** 采购明细 filters: when the purchase was recorded, the order (console id or Amazon order id). */
export interface PurchaseFilters {
  page: number;
  pageSize: number;
  startTime?: number | undefined;
  endTime?: number | undefined;
  ref_id?: string | undefined;
}

/**
 * One page of the tenant's purchases (every item's recorded purchase, whoever bought it), newest
 * first, each with its order's Amazon order id, the item, and the ledger charge of a purchase
 * the platform made (none for a purchase the tenant made itself).
 */
export function listPurchases(db: Db, tenantId: number, f: PurchaseFilters) {
  let q = db
    .selectFrom('order_purchases as p')
    .innerJoin('orders as o', (j) => j.onRef('o.id', '=', 'p.order_id').on('o.tenant_id', '=', tenantId))
    .where('p.tenant_id', '=', tenantId);
  if (f.startTime) q = q.where('p.created_at', '>=', sql<Date>`to_timestamp(${f.startTime})`);
  if (f.endTime) q = q.where('p.created_at', '<=', sql<Date>`to_timestamp(${f.endTime})`);
  const key = f.ref_id?.trim();
  if (key)
    q = q.where((eb) =>
      /^[1-9][0-9]{0,15}$/.test(key)
        ? eb.or([eb('o.amazon_order_id', '=', key), eb('o.id', '=', Number(key))])
        : eb('o.amazon_order_id', '=', key),
    );
  return pageAndTotal(q, f, (s) =>
    s
      .leftJoin('order_items as i', (j) => j.onRef('i.id', '=', 'p.item_id').on('i.tenant_id', '=', tenantId))
      .leftJoin('ledger_entries as e', (j) =>
        j
          .on('e.tenant_id', '=', tenantId)
          .on('e.ref_type', '=', 'purchase')
          .on('e.op', '=', 'charge')
          .on(sql<boolean>`e.idem_key = ${PURCHASE_CHARGE_PREFIX} || p.external_order_id`),
      )
      .select([
        'p.id',
        'p.order_id',
        'o.amazon_order_id',
        'p.item_id',
        'i.seller_sku',
        'i.title',
        'p.supplier',
        'p.supplier_order_no',
        'p.channel',
        'p.quantity',
        'p.paid_minor',
        'p.paid_currency',
        'p.created_at',
        'e.id as entry_id',
        'e.amount as charged',
      ])
      .orderBy('p.id', 'desc'),
  );
}
