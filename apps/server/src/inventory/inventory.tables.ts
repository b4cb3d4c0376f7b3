import type { ColumnType, Generated } from 'kysely';

/** A bigserial id (pg's int8 is read as a number, `db/database.ts`), never written. */
type BigId = ColumnType<number, never, never>;

/** A warehouse the operator runs abroad (海外仓; migration 20261205_120000). */
export interface OverseasWarehousesTable {
  id: Generated<number>;
  /** Short code, unique regardless of case (`DE-01`). */
  code: string;
  name: string;
  /** ISO 3166-1 alpha-2 country code. */
  country: string;
  /** `{contact, phone, line1, line2, city, state, postal_code}`. */
  address: ColumnType<WarehouseAddress, WarehouseAddress | string, WarehouseAddress | string>;
  /** Carrier codes it ships with (shared constants/carriers.ts). */
  carriers: ColumnType<string[], string[] | undefined, string[]>;
  active: Generated<boolean>;
  /** Fees in CNY fen: per outbound order, per unit picked, per local delivery, per m³ and day stored. */
  handling_fee_minor: Generated<number>;
  unit_fee_minor: Generated<number>;
  delivery_fee_minor: Generated<number>;
  storage_fee_cbm_day_minor: Generated<number>;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  version: Generated<number>;
}

export interface WarehouseAddress {
  contact?: string;
  phone?: string;
  line1?: string;
  line2?: string;
  city?: string;
  state?: string;
  postal_code?: string;
}

/** Where a tenant's stock lives: the stock-up stock in China, an overseas warehouse, Amazon (FBA). */
export type LocationKind = 'china' | 'overseas' | 'fba';

export interface StockLocationsTable {
  id: BigId;
  tenant_id: number;
  kind: LocationKind;
  warehouse_id: number | null;
  marketplace_id: string | null;
  created_at: Generated<Date>;
}

/** On hand and reserved of one SKU at one location (written only with the movement that explains it). */
export interface StockBalancesTable {
  location_id: number;
  stock_id: number;
  tenant_id: number;
  on_hand: Generated<number>;
  reserved: Generated<number>;
  updated_at: Generated<Date>;
  /** The SKU's reorder point, copied by triggers (migration 20261208_200000: the low-stock index). */
  reorder_point: Generated<number>;
}

/** The document a movement belongs to. */
export type StockDocType = '' | 'order' | 'inbound' | 'outbound' | 'fba_shipment' | 'count' | 'adjust' | 'fba_sync';

declare module '../db/types.js' {
  /** The inventory tables (stock_products and stock_movements are declared by the order module). */
  interface DB {
    overseas_warehouses: OverseasWarehousesTable;
    stock_locations: StockLocationsTable;
    stock_balances: StockBalancesTable;
  }
}
