import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { WarehouseAddress } from '../../inventory/inventory.tables.js';

type Db = Kysely<DB>;

const COLUMNS = [
  'id',
  'code',
  'name',
  'country',
  'address',
  'carriers',
  'active',
  'handling_fee_minor',
  'unit_fee_minor',
  'delivery_fee_minor',
  'storage_fee_cbm_day_minor',
  'updated_at',
  'version',
] as const;

/** What a save writes. */
export interface WarehouseFields {
  code: string;
  name: string;
  country: string;
  address: WarehouseAddress;
  carriers: string[];
  handling_fee_minor: number;
  unit_fee_minor: number;
  delivery_fee_minor: number;
  storage_fee_cbm_day_minor: number;
}

/** The operator's warehouses by code (all, or the active ones). */
export function listWarehouses(db: Db, activeOnly: boolean) {
  let q = db.selectFrom('overseas_warehouses').select(COLUMNS);
  if (activeOnly) q = q.where('active', '=', true);
  return q.orderBy('code').orderBy('id').execute();
}

/** One warehouse (they are the operator's, shared by every tenant). */
export function findWarehouse(db: Db, id: number) {
  return db.selectFrom('overseas_warehouses').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function insertWarehouse(db: Db, row: WarehouseFields & { created_by: number }) {
  return db
    .insertInto('overseas_warehouses')
    .values({ ...row, address: JSON.stringify(row.address) })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Updates at `version` (undefined when another save came first). */
export function updateWarehouse(
  db: Db,
  id: number,
  version: number,
  patch: Partial<WarehouseFields> & { active?: boolean },
) {
  const { address, ...rest } = patch;
  return db
    .updateTable('overseas_warehouses')
    .set((eb) => ({
      ...rest,
      ...(address ? { address: JSON.stringify(address) } : {}),
      updated_at: new Date(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(COLUMNS)
    .executeTakeFirst();
}
