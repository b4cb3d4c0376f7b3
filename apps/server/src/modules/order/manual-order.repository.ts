import type { ManualListBody, ManualStatus } from '@console/shared/schemas/manual-order';
import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { DB } from '../../db/types.js';
import type { ManualOrdersTable } from './manual-order.tables.js';

type Db = Kysely<DB>;

function listQuery(db: Db, tenantId: number, f: Pick<ManualListBody, 'keyword'>) {
  let q = db.selectFrom('manual_orders as m').where('m.tenant_id', '=', tenantId);
  if (f.keyword) {
    const kw = f.keyword;
    const id = /^\d{1,15}$/.test(kw) ? Number(kw) : -1;
    q = q.where((w) =>
      w.or([
        w('m.asin', '=', kw.toUpperCase()),
        w('m.seller_sku', '=', kw),
        w('m.id', '=', id),
        w('m.title', 'ilike', `%${kw.replace(/[\\%_]/g, '\\$&')}%`),
      ]),
    );
  }
  return q;
}

const COLUMNS = [
  'm.id',
  'm.status',
  'm.shop_id',
  'm.marketplace',
  'm.asin',
  'm.seller_sku',
  'm.title',
  'm.quantity',
  'm.amount_minor',
  'm.buyer_name',
  'm.buyer_phone',
  'm.buyer_address',
  'm.note',
  'm.created_at',
  'm.paid_at',
  'm.completed_at',
  'm.version',
] as const;

/** A page of the tenant's manual orders (newest first) and the counts per status under the keyword. */
export async function listManualOrders(db: Db, tenantId: number, f: ManualListBody) {
  let q = listQuery(db, tenantId, f);
  if (f.status !== undefined) q = q.where('m.status', '=', f.status);
  const [rows, total, counts] = await Promise.all([
    q
      .leftJoin('shops as s', (j) => j.onRef('s.id', '=', 'm.shop_id').on('s.tenant_id', '=', tenantId))
      .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'm.created_by').on('u.tenant_id', '=', tenantId))
      .select([
        ...COLUMNS,
        's.name as shop_name',
        sql<string | null>`coalesce(nullif(u.user_name, ''), u.account)`.as('created_by_name'),
      ])
      .orderBy('m.id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    listQuery(db, tenantId, f)
      .select((eb) => ['m.status', eb.fn.countAll<string>().as('n')])
      .groupBy('m.status')
      .execute(),
  ]);
  return { rows, total: Number(total.n), counts: counts.map((c) => ({ status: c.status, n: Number(c.n) })) };
}

/** One manual order of the tenant with its shop's and creator's names. */
export function findManualOrder(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('manual_orders as m')
    .leftJoin('shops as s', (j) => j.onRef('s.id', '=', 'm.shop_id').on('s.tenant_id', '=', tenantId))
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'm.created_by').on('u.tenant_id', '=', tenantId))
    .select([
      ...COLUMNS,
      's.name as shop_name',
      sql<string | null>`coalesce(nullif(u.user_name, ''), u.account)`.as('created_by_name'),
    ])
    .where('m.tenant_id', '=', tenantId)
    .where('m.id', '=', id)
    .executeTakeFirst();
}

/** One manual order of the tenant, locked for the transaction. */
export function lockManualOrder(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('manual_orders')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Inserts a manual order; answers its id. */
export async function insertManualOrder(db: Db, row: Insertable<ManualOrdersTable>) {
  const r = await db.insertInto('manual_orders').values(row).returning(['id', 'version']).executeTakeFirstOrThrow();
  return { id: Number(r.id), version: r.version };
}

/** Updates a manual order that still has `version`; answers the new version (undefined when stale). */
export async function updateManualOrder(
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  set: Updateable<ManualOrdersTable>,
) {
  const r = await db
    .updateTable('manual_orders')
    .set((eb) => ({ ...set, version: eb('version', '+', 1), updated_at: new Date() }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('version')
    .executeTakeFirst();
  return r?.version;
}

/** Adds a line to a manual order's history. */
export async function insertManualEvent(
  db: Db,
  row: {
    tenant_id: number;
    manual_order_id: number;
    from_status: ManualStatus | null;
    to_status: ManualStatus;
    text: string;
    user_id: number;
  },
) {
  await db.insertInto('manual_order_events').values(row).execute();
}

/** A manual order's history, oldest first, with who did each step. */
export function listManualEvents(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('manual_order_events as e')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'e.user_id').on('u.tenant_id', '=', tenantId))
    .select([
      'e.id',
      'e.from_status',
      'e.to_status',
      'e.text',
      'e.created_at',
      sql<string | null>`coalesce(nullif(u.user_name, ''), u.account)`.as('user_name'),
    ])
    .where('e.tenant_id', '=', tenantId)
    .where('e.manual_order_id', '=', id)
    .orderBy('e.id')
    .execute();
}

/** Whether the tenant has this shop. */
export async function tenantHasShop(db: Db, tenantId: number, shopId: number) {
  const r = await db
    .selectFrom('shops')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', shopId)
    .executeTakeFirst();
  return Boolean(r);
}
