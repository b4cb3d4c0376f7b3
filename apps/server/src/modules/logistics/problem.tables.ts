import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp } from '../../db/types.js';

/** A serial id, never written. */
type Id = ColumnType<number, never, never>;
/** A timestamp with a database default. */
type DefaultTime = ColumnType<Date, Date | string | undefined, Date | string>;

/** Problem parcels 问题件 (migration 20261128_100000): one per (waybill, problem), at most one open per waybill. */
export interface LogisticsProblemsTable {
  id: Id;
  tenant_id: number;
  waybill_id: number;
  order_id: number;
  /** The book of the waybill's channel: 0 the operator's, else a trader's uid (the warehouse side). */
  book_id: number;
  type: number;
  status: Generated<'open' | 'closed'>;
  compensation: number | null;
  currency: Generated<string>;
  new_waybill_id: number | null;
  note: Generated<string>;
  /** null: opened by the system (a carrier event). */
  created_by: number | null;
  created_at: DefaultTime;
  updated_at: DefaultTime;
  closed_at: NullableTimestamp;
  version: Generated<number>;
}

/** The history of a problem parcel: every step with who and when. */
export interface LogisticsProblemEventsTable {
  id: Id;
  tenant_id: number;
  problem_id: number;
  action: 'report' | 'step' | 'compensate' | 'close' | 'system';
  from_type: number | null;
  to_type: number | null;
  note: Generated<string>;
  amount: number | null;
  waybill_id: number | null;
  user_id: number | null;
  created_at: DefaultTime;
}

declare module '../../db/types.js' {
  /** The tables of problem parcels. */
  interface DB {
    logistics_problems: LogisticsProblemsTable;
    logistics_problem_events: LogisticsProblemEventsTable;
  }
}
