import type { FbaShipmentStatus } from '@console/shared/schemas/fba-shipment';
import type { ColumnType, Generated } from 'kysely';

/** A bigserial id (pg's int8 is read as a number, `db/database.ts`), never written. */
type BigId = ColumnType<number, never, never>;
type Json<T> = ColumnType<T, string, string>;

/** One box as the tenant packed it (`quantity` identical boxes). */
export interface FbaBox {
  length_mm: number;
  width_mm: number;
  height_mm: number;
  weight_g: number;
  quantity: number;
  items: { stock_id: number; quantity: number }[];
}

/** Amazon's shipment to one fulfilment centre (a plan may be split across several). */
export interface FbaFcShipment {
  shipment_id: string;
  confirmation_id: string;
  fc: string;
  status: string;
  items: { msku: string; quantity: number }[];
  box_ids: string[];
  /** The transport option confirmed (carrier name, mode). */
  transport: string;
  /** The chosen option's solution (`AMAZON_PARTNERED_CARRIER` / `USE_YOUR_OWN_CARRIER`), its carrier and quote. */
  solution?: string;
  carrier?: string;
  quote?: FbaMoney;
}

/** An amount in minor units of a currency, as Amazon quoted it. */
export interface FbaMoney {
  amount_minor: number;
  currency: string;
}

/** A placement option as Amazon listed it: its shipments (centre, units), fees, discounts, expiry. */
export interface FbaPlacementOption {
  placement_option_id: string;
  status: string;
  shipments: { shipment_id: string; fc: string; items: { msku: string; quantity: number }[] }[];
  fees: { type: string; target: string; description: string; money: FbaMoney }[];
  discounts: { type: string; target: string; description: string; money: FbaMoney }[];
  /** Unix seconds (0: none given). */
  expires_at: number;
  /** Fees minus discounts (for the recommended option and the screen). */
  total: FbaMoney;
}

/** A transportation option of one shipment; `chosen` once the seller (or the automatic choice) picked it. */
export interface FbaTransportOption {
  transportation_option_id: string;
  shipment_id: string;
  shipping_mode: string;
  shipping_solution: string;
  carrier: string;
  quote?: FbaMoney & { expires_at: number };
  chosen?: boolean;
  /** The seller's own carrier's name entered at the choice. */
  carrier_name?: string;
}

/** A step of the workflow: its state, the operation followed, when it ended. */
export interface FbaStepState {
  state: 'done' | 'running' | 'failed';
  operation_id?: string;
  at: number;
  /** What a later step needs from this one (e.g. the packing groups' MSKUs). */
  data?: unknown;
}

export interface FbaProblem {
  code: string;
  message: string;
  severity: string;
  details?: string;
}

/** 头程发货 (migration 20261205_170000). */
export interface FbaShipmentsTable {
  id: BigId;
  tenant_id: number;
  shop_id: number;
  marketplace: string;
  marketplace_id: string;
  number: string;
  name: Generated<string>;
  inbound_plan_id: Generated<string>;
  status: Generated<FbaShipmentStatus>;
  failed_step: Generated<string>;
  error: Generated<string>;
  problems: Json<FbaProblem[]>;
  steps: Json<Record<string, FbaStepState>>;
  source_address: Json<Record<string, string>>;
  boxes: Json<FbaBox[]>;
  placement_option_id: Generated<string>;
  fc_shipments: Json<FbaFcShipment[]>;
  auto_choose: Generated<boolean>;
  placement_options: ColumnType<FbaPlacementOption[], string | undefined, string>;
  transport_options: ColumnType<FbaTransportOption[], string | undefined, string>;
  transport_cost_minor: ColumnType<number, number | undefined, number>;
  carrier: Generated<string>;
  tracking_no: Generated<string>;
  cost_minor: ColumnType<number, number | undefined, number>;
  job_id: string | null;
  shipped_at: Date | null;
  synced_at: Date | null;
  created_by: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  version: Generated<number>;
}

export interface FbaShipmentItemsTable {
  id: BigId;
  shipment_id: number;
  tenant_id: number;
  stock_id: number;
  msku: string;
  fnsku: Generated<string>;
  title: Generated<string>;
  quantity: number;
  quantity_received: Generated<number>;
}

declare module '../../db/types.js' {
  interface DB {
    fba_shipments: FbaShipmentsTable;
    fba_shipment_items: FbaShipmentItemsTable;
  }
}
