import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../src/db/database.js';
import type { UserRow } from '../src/db/types.js';
import { freeze } from '../src/modules/finance/ledger.service.js';
import { buildTenant, buildUser } from './factories.js';
import type { TenantRows } from './tenant-rows.js';

/**
 * One row in each table that `buildTenantRows` leaves empty (sessions of jobs, caches of
 * Amazon's answers, rollups, sync cursors, settings), so that the backup drill compares every
 * table's count and checksum after a restore (issue 32 §1). Rows are written as the code that
 * owns them would leave them; each points at the tenant's own rows made by `buildTenantRows`.
 * Tables of the installation (captchas, caches, rate buckets, the sandbox's state) get one row
 * each too; singletons are written only when absent.
 */
export async function fillRemainingTables(db: Database, tenant: UserRow, rows: TenantRows, marker: string) {
  const t = tenant.id;
  const later = new Date(Date.now() + 3_600_000);
  const child = await buildUser(db, tenant, { auth: 2 });
  const other = await buildTenant(db);
  const [userA, userB] = tenant.id < other.id ? [tenant, other] : [other, tenant];
  const json = (v: unknown) => JSON.stringify(v);

  // Accounts, sign-in and settings.
  await db
    .insertInto('account_links')
    .values({
      user_a: userA.id,
      user_b: userB.id,
      tenant_a: userA.id,
      tenant_b: userB.id,
      created_by: tenant.id,
      proof: `${marker} proof`,
    })
    .execute();
  await db.insertInto('captchas').values({ id: randomUUID(), answer: 'ab12', expires_at: later }).execute();
  await db
    .insertInto('qr_logins')
    .values({ code: `${marker}-qr-${t}`, browser_key_hash: `${marker}-hash-${t}`, expires_at: later })
    .execute();
  await db
    .insertInto('user_settings')
    .values({ user_id: t, tenant_id: t, key: 'home.checklist', value: json({ dismissed: true }) })
    .execute();
  await db
    .insertInto('price_settings')
    .values({ user_id: t, tenant_id: t, countries: json({ de: { rate: 780 } }) })
    .execute();
  await db
    .insertInto('trader_settings')
    .values({ trader_uid: t, host: `${marker}-${t}.trader.example`, title: `${marker} trader` })
    .execute();

  // Jobs and the installation's own tables.
  const jobId = randomUUID();
  await db
    .insertInto('jobs')
    .values({ id: jobId, kind: 'goods.export', tenant_id: t, user_id: t, status: 'done', payload: json({ marker }) })
    .execute();
  const workerId = randomUUID();
  await db
    .insertInto('job_workers')
    .values({ id: workerId, host: 'drill', pid: 1, pid_ns: '', started_at: new Date(), beat_at: new Date() })
    .execute();
  await db.insertInto('job_leases').values({ job_id: jobId, kind: 'goods.export', worker_id: workerId }).execute();
  await db
    .insertInto('sandbox_state')
    .values({ id: 1, state: json({ marker }) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('customs_ioss_settings')
    .values({ id: 1, ioss_number: 'IM2760000001' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('logistics_seed_marks')
    .values({ name: `${marker}-seed` })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  await db
    .insertInto('notification_destinations')
    .values({ app: 'console', region: 'eu', arn: `arn:aws:sqs:eu-west-1:0:${marker}`, destination_id: `d-${marker}` })
    .execute();
  await db
    .insertInto('notification_subscriptions')
    .values({
      app: 'console',
      seller_id: `A${marker}${t}`,
      notification_type: 'ANY_OFFER_CHANGED',
      region: 'eu',
      subscription_id: `s-${marker}`,
      destination_id: `d-${marker}`,
    })
    .execute();
  await db
    .insertInto('notification_rejects')
    .values({ queue: 'monitor', message_id: `m-${marker}`, reason: 'bad signature', body: '{}' })
    .execute();
  await db
    .insertInto('spapi_product_type_searches')
    .values({ marketplace_id: 'A1PA6795UKMFR9', locale: 'de_DE', query: marker, result: json([]) })
    .execute();
  await db
    .insertInto('spapi_product_types')
    .values({
      product_type: `${marker.toUpperCase()}_TYPE`,
      marketplace_id: 'A1PA6795UKMFR9',
      locale: 'de_DE',
      requirements: 'LISTING',
      version: 'v1',
      definition: json({}),
      schema: json({}),
    })
    .execute();
  await db
    .insertInto('spapi_rate_buckets')
    .values({ seller_id: `A${marker}${t}`, operation: 'getOrders', tokens: 20, rate: 0.0167, burst: 20 })
    .execute();

  // Shops: OAuth state, sync cursors, seller SKUs, listings, feeds, reports.
  const shop = rows.shop;
  const de = 'A1PA6795UKMFR9';
  await db
    .insertInto('shop_auth_states')
    .values({
      state_hash: `${marker}-shop-state-${t}`,
      tenant_id: t,
      user_id: t,
      shop_id: shop,
      name: `${marker} shop`,
      region: 'EU',
      sandbox: true,
      expires_at: later,
    })
    .execute();
  await db
    .insertInto('order_sync_states')
    .values({ shop_id: shop, marketplace: de, tenant_id: t, cursor: new Date('2026-11-01T00:00:00Z') })
    .execute();
  await db
    .insertInto('seller_skus')
    .values({ shop_id: shop, tenant_id: t, goods_id: rows.goods, variation_key: '', seller_sku: `${marker}-SKU-${t}` })
    .execute();
  await db
    .insertInto('listings')
    .values({
      tenant_id: t,
      shop_id: shop,
      marketplace: de,
      seller_sku: `${marker}-SKU-${t}`,
      goods_id: rows.goods,
      role: 'parent',
      issues: '[]',
      status: 'live',
      asin: 'B0DRILL001',
    })
    .execute();
  await db
    .insertInto('upload_feeds')
    .values({ tenant_id: t, queue_id: rows.uploadQueue, shop_id: shop, marketplace: de, status: 'done', item_count: 1 })
    .execute();
  const report = await db
    .insertInto('seller_report_runs')
    .values({
      tenant_id: t,
      shop_id: shop,
      report_type: 'GET_SELLER_FEEDBACK_DATA',
      marketplace_id: de,
      state: 'done',
      rows: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('seller_feedback')
    .values({
      tenant_id: t,
      shop_id: shop,
      marketplace_id: de,
      order_id: `302-${marker}-${t}`,
      feedback_date: '2026-11-20',
      rating: 5,
      comments: `${marker} feedback`,
      run_id: Number(report.id),
    })
    .execute();
  await db
    .insertInto('seller_report_syncs')
    .values({ shop_id: shop, report_type: 'GET_SELLER_FEEDBACK_DATA', tenant_id: t })
    .execute();

  // The library: claims, SKUs, collection sources and tokens, GPSR and customs links.
  await db
    .insertInto('goods_claims')
    .values({ source_id: rows.goods, tenant_id: t, goods_id: rows.goods, user_id: t })
    .execute();
  await db
    .insertInto('goods_skus')
    .values({
      tenant_id: t,
      sku_key: `${marker}-sku-${t}`.toLowerCase(),
      sku: `${marker}-SKU-${t}`,
      goods_id: rows.goods,
    })
    .execute();
  await db
    .insertInto('gather_sources')
    .values({ tenant_id: t, url_key: `detail.1688.com/offer/${t}.html`, goods_id: rows.goods })
    .execute();
  await db
    .insertInto('gather_tokens')
    .values({ user_id: child.id, tenant_id: t, token_hash: `${marker}-gather-${t}`, hint: 'abcd' })
    .execute();
  await db
    .insertInto('gpsr_links')
    .values({ tenant_id: t, goods_id: rows.goods, marketplace: 'de', profile_id: rows.gpsrProfile, updated_by: t })
    .execute();
  await db
    .insertInto('customs_hs_links')
    .values({ tenant_id: t, hs_code_id: rows.hsCode, goods_id: rows.goods })
    .execute();
  await db
    .insertInto('translation_outputs')
    .values({ tenant_id: t, target_lang: 'de', output_hash: `${marker}-out-${t}` })
    .execute();
  await db
    .insertInto('translation_usage')
    .values({ tenant_id: t, provider: 'google', day: '2026-11-20', chars: 120, texts: 2 })
    .execute();

  // Orders: events, purchases, 1688, rollups of the statistics.
  await db
    .insertInto('order_events')
    .values({ tenant_id: t, order_id: rows.order, item_id: rows.orderItem, kind: 'note', text: `${marker} event` })
    .execute();
  await db
    .insertInto('order_purchases')
    .values({
      tenant_id: t,
      order_id: rows.order,
      item_id: rows.orderItem,
      supplier: `${marker} supplier`,
      paid_minor: 1250,
      quantity: 1,
      created_by: t,
    })
    .execute();
  await db
    .insertInto('order_purchases_1688')
    .values({
      tenant_id: t,
      item_id: rows.orderItem,
      out_order_id: `${marker}-1688-${t}`,
      quantity: 1,
      state: 'placed',
      created_by: t,
    })
    .execute();
  await db
    .insertInto('manual_order_events')
    .values({ tenant_id: t, manual_order_id: rows.manualOrder, to_status: 1, text: `${marker} manual`, user_id: t })
    .execute();
  const day = '2026-11-20';
  // The statistics' rollups are written by SQL of their own (no Kysely table type).
  await sql`insert into order_stats_daily (tenant_id, day, shop_id, marketplace, currency, assigned_to, orders,
      units, sales, margin_orders, margin_price, purchase, freight, freight_missing)
    values (${t}, ${day}, ${shop}, ${de}, 'EUR', ${t}, 1, 1, 1990, 1, 1990, 1250, 300, 0)`.execute(db);
  await sql`insert into order_stats_days (tenant_id, day, time_zone) values (${t}, ${day}, 'Asia/Shanghai')`.execute(
    db,
  );
  await sql`insert into perf_stats_daily (tenant_id, day, kind, user_id, n)
    values (${t}, ${day}, 'created', ${t}, 1)`.execute(db);
  await sql`insert into perf_stats_days (tenant_id, day, time_zone) values (${t}, ${day}, 'Asia/Shanghai')`.execute(db);
  await sql`insert into perf_stats_repeat (tenant_id, day, prev_day, kind, user_id, n)
    values (${t}, ${day}, '2026-11-19', 'created', ${t}, 1)`.execute(db);

  // Logistics: confirmation to Amazon, problem history, review rules.
  await db
    .insertInto('logistics_confirmations')
    .values({ tenant_id: t, waybill_id: rows.waybill, order_id: rows.order, status: 'pending' })
    .execute();
  await db
    .insertInto('logistics_problem_events')
    .values({ tenant_id: t, problem_id: rows.problem, action: 'report', to_type: 1, note: `${marker} problem` })
    .execute();
  await db.insertInto('logistics_review_rules').values({ tenant_id: t, over_estimate_pct: 40 }).execute();

  // Follow-selling and monitoring.
  await db
    .insertInto('follow_price_rules')
    .values({ tenant_id: t, mode: 'percent', value: -100, min_margin_bp: 1500 })
    .execute();
  await db.insertInto('monitor_settings').values({ tenant_id: t, removed_after_minutes: 720 }).execute();
  await db.insertInto('monitor_check_days').values({ tenant_id: t, day, checks: 3 }).execute();
  await db
    .insertInto('monitor_snapshots')
    .values({
      tenant_id: t,
      monitor_id: rows.monitorAsin,
      source: 'notification',
      offer_count: 2,
      buybox_price: 1990,
      offers: json([]),
    })
    .execute();
  await db
    .insertInto('monitor_notification_receipts')
    .values({ notification_id: `${marker}-n-${t}`, monitor_id: rows.monitorAsin })
    .execute();
  await db.insertInto('message_reads').values({ tenant_id: t, message_id: rows.message, user_id: t }).execute();

  // Stock: FBA sync, overseas outbound line, an adjustment, a frozen amount.
  const run = await db
    .insertInto('fba_stock_runs')
    .values({ tenant_id: t, shop_id: shop, marketplace_id: de, status: 'done', skus: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('fba_stock_items')
    .values({
      shop_id: shop,
      marketplace_id: de,
      msku: `${marker}-SKU-${t}`,
      tenant_id: t,
      stock_id: rows.stock,
      fnsku: 'X00DRILL01',
      asin: 'B0DRILL001',
      fulfillable: 3,
      inbound_working: 0,
      inbound_shipped: 0,
      inbound_receiving: 0,
      reserved: 0,
      unfulfillable: 0,
      researching: 0,
      on_hand: 3,
      run_id: Number(run.id),
    })
    .execute();
  await db
    .insertInto('fba_stock_syncs')
    .values({ shop_id: shop, marketplace_id: de, tenant_id: t, last_run_id: Number(run.id) })
    .execute();
  await db
    .insertInto('fba_stock_credits')
    .values({ tenant_id: t, marketplace_id: de, stock_id: rows.stock, units: 1 })
    .execute();
  await db
    .insertInto('overseas_outbound_lines')
    .values({ outbound_id: rows.outbound, tenant_id: t, stock_id: rows.stock, quantity: 1 })
    .execute();
  const location = await db
    .selectFrom('stock_locations')
    .select('id')
    .where('tenant_id', '=', t)
    .where('kind', '=', 'china')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('stock_adjustments')
    .values({
      tenant_id: t,
      location_id: Number(location.id),
      stock_id: rows.stock,
      quantity: 1,
      reason: 'gain',
      created_by: t,
    })
    .execute();
  await freeze(db, {
    tenantId: t,
    idemKey: `${marker}-freeze-${t}`,
    ref: { type: 'waybill', id: String(rows.waybill) },
    amount: 10,
    fee: 'logisticsFee',
    note: `${marker} freeze`,
  });

  // 1688 buyer account and its OAuth state.
  await db
    .insertInto('ali1688_connections')
    .values({
      tenant_id: t,
      member_id: `b2b-${t}`,
      access_token_enc: 'v1.00000000.x.y',
      access_expires_at: later,
      refresh_token_enc: 'v1.00000000.x.y',
      connected_by: t,
    })
    .execute();
  await db
    .insertInto('ali1688_auth_states')
    .values({ state_hash: `${marker}-1688-state-${t}`, tenant_id: t, user_id: t, expires_at: later })
    .execute();
}
