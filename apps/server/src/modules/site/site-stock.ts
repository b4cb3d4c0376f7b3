import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { lockStockRows, writeStock } from './site-stock.repository.js';

/**
 * Stock of site product variations (docs/site.md "Stock"): a variation's `stock` is a count, or
 * null/absent when not tracked. An order takes its units when it is placed (in the order's own
 * transaction, rows locked in id order, so two checkouts of the last unit cannot both succeed)
 * and a cancelled order gives them back; paying changes nothing, so a paid order has taken its
 * units exactly once.
 */

/** A line as orders keep it. */
export interface StockLine {
  product_id: number;
  sku: string;
  qty: number;
}

/** Thrown inside the order's transaction when a line has fewer units left than asked (nothing is recorded). */
export class OutOfStockError extends Error {
  constructor(readonly lines: StockLine[]) {
    super('out of stock');
  }
}

/**
 * Takes (`sign` -1) or gives back (+1) the lines' units of tracked variations; throws
 * OutOfStockError when taking more than is left. True when a count changed (the caller forgets
 * the tenant's cached pages after the commit).
 */
export async function moveStock(
  trx: Kysely<DB>,
  tenantId: number,
  siteId: number,
  lines: readonly StockLine[],
  sign: -1 | 1,
): Promise<boolean> {
  const withSku = lines.filter((l) => l.sku !== '');
  const rows = await lockStockRows(trx, tenantId, siteId, [...new Set(withSku.map((l) => l.product_id))]);
  const short: StockLine[] = [];
  let changed = false;
  for (const row of rows) {
    let touched = false;
    const variations = row.variations.map((v) => {
      const asked = withSku.filter((l) => l.product_id === row.id && l.sku === v.sku).reduce((n, l) => n + l.qty, 0);
      if (asked === 0 || v.stock === undefined || v.stock === null) return v;
      const next = v.stock + sign * asked;
      if (next < 0) short.push({ product_id: row.id, sku: v.sku, qty: asked });
      touched = true;
      return { ...v, stock: Math.max(0, next) };
    });
    if (short.length === 0 && touched) {
      await writeStock(trx, tenantId, row.id, variations);
      changed = true;
    }
  }
  if (short.length > 0) throw new OutOfStockError(short);
  return changed;
}
