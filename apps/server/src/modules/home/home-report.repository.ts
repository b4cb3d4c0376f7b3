import { MIN_MAIN_IMAGE_SIDE } from '@console/shared/validation/goods-save';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import { createdByAnyOf, LACKING_EAN_PATH, SMALL_MAIN_IMAGE } from '../goods/goods.repository.js';
import { filtered, type OrderReader } from '../order/order.repository.js';
import { tenantStatusCounts } from './order-status-counts.repository.js';

type Db = Kysely<DB>;

/**
 * The figures of 首页 (docs/home.md): each one statement over an index of the tenant's rows,
 * with the same conditions as the list it links to, so the figure equals that list's total.
 */

/** Whether the reader sees every order of the tenant (no staff or assignee condition). */
const wholeTenant = (reader: OrderReader) => reader.staffOf === undefined && reader.assignedTo === undefined;

/** Orders the reader sees: purchased since `since`, per status (Pending, Unshipped) and 超卖. */
export async function orderFigures(db: Db, tenantId: number, since: Date, reader: OrderReader) {
  const mine = () => filtered(db, tenantId, {}, reader);
  const [today, statuses, oversold] = await Promise.all([
    // orders_tenant_purchase_idx (tenant_id, purchase_date desc)
    mine()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('o.purchase_date', '>=', since)
      .executeTakeFirst(),
    // A reader of the whole tenant: the kept counts (order-status-counts.repository.ts); else
    // orders_tenant_status_idx (tenant_id, status, purchase_date desc).
    wholeTenant(reader)
      ? tenantStatusCounts(db, tenantId, ['Pending', 'Unshipped'])
      : mine()
          .select(['o.status', (eb) => eb.fn.countAll<string>().as('n')])
          .where('o.status', 'in', ['Pending', 'Unshipped'])
          .groupBy('o.status')
          .execute()
          .then((rows) => new Map(rows.map((r) => [r.status, Number(r.n)]))),
    // order_items_oversold_idx (tenant_id, order_id) where oversold
    filtered(db, tenantId, { oversold: true }, reader)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst(),
  ]);
  const of = (s: string) => statuses.get(s) ?? 0;
  return {
    today: Number(today?.n ?? 0),
    pending: of('Pending'),
    unshipped: of('Unshipped'),
    oversold: Number(oversold?.n ?? 0),
  };
}

/** Upload queues of the tenant that are queued, running or stopped (upload_queues_tenant_status_idx). */
export async function uploadFigures(db: Db, tenantId: number) {
  const r = await db
    .selectFrom('upload_queues')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('status', 'in', ['pending', 'running', 'failed'])
    .groupBy('status')
    .execute();
  const of = (s: string) => Number(r.find((x) => x.status === s)?.n ?? 0);
  return { pending: of('pending'), running: of('running'), failed: of('failed') };
}

/**
 * Products within reach outside the recycle bin: lacking anything before upload (the
 * conditions of `countIncomplete`, goods-overview.repository.ts, in one pass) and 待审核.
 */
export async function goodsFigures(db: Db, tenantId: number, creators: readonly number[] | null) {
  const noImage = sql`jsonb_array_length(images) = 0`;
  const noPrice = sql`prices = '{}'::jsonb`;
  const noEnTitle = sql`coalesce(descs->'en'->>'title', '') = ''`;
  const noEan = sql`jsonb_path_exists(parentage, ${LACKING_EAN_PATH}::jsonpath)`;
  const smallImage = sql`${SMALL_MAIN_IMAGE} < ${MIN_MAIN_IMAGE_SIDE}::int`;
  const r = await db
    .selectFrom('goods')
    .select([
      sql<string>`count(*) filter (where ${noImage} or ${noPrice} or ${noEnTitle} or ${noEan} or ${smallImage})`.as(
        'incomplete',
      ),
      sql<string>`count(*) filter (where ${noImage})`.as('image'),
      sql<string>`count(*) filter (where ${noPrice})`.as('price'),
      sql<string>`count(*) filter (where ${noEnTitle})`.as('en_title'),
      sql<string>`count(*) filter (where ${noEan})`.as('ean'),
      sql<string>`count(*) filter (where ${smallImage})`.as('small_image'),
      sql<string>`count(*) filter (where audit_status = 'willAudit')`.as('will_audit'),
    ])
    .where('tenant_id', '=', tenantId)
    .$if(creators !== null, (q) => q.where(createdByAnyOf(creators!)))
    .where('is_delete', '=', 0)
    .executeTakeFirstOrThrow();
  return {
    incomplete: Number(r.incomplete),
    lacks: {
      image: Number(r.image),
      price: Number(r.price),
      en_title: Number(r.en_title),
      ean: Number(r.ean),
      small_image: Number(r.small_image),
    },
    will_audit: Number(r.will_audit),
  };
}

/**
 * The shops the caller sees (all of the tenant's, or those given to `userId`) by authorization
 * state; `expiringBefore`: an authorized shop authorized before it ends within the warning days.
 */
export async function shopFigures(db: Db, tenantId: number, userId: number | undefined, expiringBefore: Date) {
  let q = db
    .selectFrom('shops')
    .select([
      (eb) => eb.fn.countAll<string>().as('total'),
      sql<string>`count(*) filter (where auth_status = 'expired')`.as('expired'),
      sql<string>`count(*) filter (where auth_status = 'never')`.as('never'),
      sql<string>`count(*) filter (where auth_status = 'authorized' and authorized_at < ${expiringBefore})`.as(
        'expiring',
      ),
    ])
    .where('tenant_id', '=', tenantId);
  if (userId !== undefined) {
    const uid = userId;
    q = q.where((eb) => eb.or([eb(sql`cardinality(staff_ids)`, '=', 0), eb(sql`${uid}`, '=', eb.fn.any('staff_ids'))]));
  }
  const r = await q.executeTakeFirstOrThrow();
  return { total: Number(r.total), expired: Number(r.expired), never: Number(r.never), expiring: Number(r.expiring) };
}

/**
 * The getting-started facts of a tenant, each an `exists` that stops at the first row:
 * an authorized shop, a top-up credited, a live listing, a shipped waybill not cancelled
 * (logistics_waybills_shipped_idx).
 */
export async function checklistFacts(db: Db, tenantId: number) {
  const r = await sql<{ shop: boolean; topup: boolean; live: boolean; shipped: boolean }>`
    select
      exists (select 1 from shops where tenant_id = ${tenantId} and auth_status = 'authorized') as shop,
      exists (select 1 from ledger_entries where tenant_id = ${tenantId} and ref_type = 'topup') as topup,
      exists (select 1 from listings where tenant_id = ${tenantId} and status = 'live') as live,
      exists (select 1 from logistics_waybills
               where tenant_id = ${tenantId} and shipped_at is not null and cancelled_at is null) as shipped`.execute(
    db,
  );
  const row = r.rows[0]!;
  return { shop: row.shop, topup: row.topup, live: row.live, shipped: row.shipped };
}
