import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** Columns of a channel. */
export const CHANNEL_COLUMNS = [
  'id',
  'book_id',
  'name',
  'carrier_code',
  'carrier_name',
  'service',
  'countries',
  'currency',
  'first_weight_g',
  'first_price',
  'step_weight_g',
  'step_price',
  'registration_fee',
  'volumetric_divisor',
  'battery_allowed',
  'battery_surcharge',
  'service_fee',
  'min_weight_g',
  'max_weight_g',
  'max_side_mm',
  'enabled',
  'is_sample',
  'updated_at',
  'version',
] as const;

/** The editable columns of a channel. */
export interface ChannelValues {
  name: string;
  carrier_code: string;
  carrier_name: string;
  service: string;
  countries: string[];
  first_weight_g: number;
  first_price: number;
  step_weight_g: number;
  step_price: number;
  registration_fee: number;
  volumetric_divisor: number;
  battery_allowed: boolean;
  battery_surcharge: number;
  service_fee: number;
  min_weight_g: number;
  max_weight_g: number;
  max_side_mm: number;
  enabled: boolean;
}

/** The channels of a book (0: the operator's; a trader's uid), by name. `enabledOnly` for the tenants' choices. */
export function listChannels(db: Db, bookId: number, enabledOnly = false) {
  let q = db.selectFrom('logistics_channels').select(CHANNEL_COLUMNS).where('book_id', '=', bookId);
  if (enabledOnly) q = q.where('enabled', '=', true);
  return q.orderBy('name').orderBy('id').execute();
}

/** One channel of a book; another book's id finds nothing. */
export function findChannel(db: Db, bookId: number, id: number) {
  return db
    .selectFrom('logistics_channels')
    .select(CHANNEL_COLUMNS)
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Inserts a channel. */
export function insertChannel(db: Db, bookId: number, createdBy: number, v: ChannelValues) {
  return db
    .insertInto('logistics_channels')
    .values({ ...v, book_id: bookId, created_by: createdBy })
    .returning(CHANNEL_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Updates a channel only if it still has `version`; undefined when stale or missing. */
export function updateChannelVersioned(
  db: Db,
  bookId: number,
  id: number,
  version: number,
  v: ChannelValues,
  extra: { is_sample?: boolean } = {},
) {
  return db
    .updateTable('logistics_channels')
    .set({ ...v, ...extra, updated_at: sql`now()`, version: sql`version + 1` })
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(CHANNEL_COLUMNS)
    .executeTakeFirst();
}

/**
 * The channel book of a tenant (issue 18 §1): its trader's channels when the main account uses
 * trader express (`is_use_trader_express` with a trader), else the operator's (0).
 */
export async function channelBookOfTenant(db: Db, tenantId: number): Promise<number> {
  const u = await db
    .selectFrom('users')
    .select(['trader_id', 'is_use_trader_express'])
    .where('id', '=', tenantId)
    .executeTakeFirst();
  return u?.trader_id && u.is_use_trader_express ? Number(u.trader_id) : 0;
}

/** The book (0 the operator's, else a trader's uid) a channel belongs to; -1 when there is no such channel. */
export async function bookOfChannel(db: Db, channelId: number): Promise<number> {
  const r = await db.selectFrom('logistics_channels').select('book_id').where('id', '=', channelId).executeTakeFirst();
  return r?.book_id ?? -1;
}

/**
 * Marks a one-time seed done; false when it was already (the caller then does nothing). The
 * insert takes the key's lock, so of two concurrent starts one waits and then sees the mark.
 */
export async function markSeeded(db: Db, name: string): Promise<boolean> {
  const r = await db
    .insertInto('logistics_seed_marks')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return r !== undefined;
}

/** Inserts the sample channels into the operator's book (0) when it has no channel; the number inserted. */
export async function insertSampleChannels(db: Db, createdBy: number, list: readonly ChannelValues[]) {
  const any = await db
    .selectFrom('logistics_channels')
    .select('id')
    .where('book_id', '=', 0)
    .limit(1)
    .executeTakeFirst();
  if (any || list.length === 0) return 0;
  const rows = await db
    .insertInto('logistics_channels')
    .values(list.map((v) => ({ ...v, book_id: 0, created_by: createdBy, is_sample: true })))
    .returning('id')
    .execute();
  return rows.length;
}
