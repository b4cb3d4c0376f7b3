import type { Auth } from '@console/shared/constants/roles';
import { goodsDataSchema } from '@console/shared/schemas/goods';
import { hash } from '@node-rs/argon2';
import type { z } from 'zod';
import type { Database } from '../src/db/database.js';
import type { UserRow } from '../src/db/types.js';
import { CHINA, postMovement } from '../src/inventory/inventory.service.js';
import { insertUser } from '../src/modules/account/user.repository.js';
import { insertHsCode, insertUnit } from '../src/modules/customs/customs.repository.js';
import { insertTopup } from '../src/modules/finance/finance.repository.js';
import { topUp } from '../src/modules/finance/ledger.service.js';
import { insertOffers, upsertCandidates } from '../src/modules/follow/follow.repository.js';
import { insertGoods } from '../src/modules/goods/goods.repository.js';
import { toWrite } from '../src/modules/goods/goods.service.js';
import { insertCategory } from '../src/modules/goods-library/category.repository.js';
import { insertEans } from '../src/modules/goods-library/ean.repository.js';
import { checkEan, gs1CheckDigit } from '../src/modules/goods-library/ean-codes.js';
import { insertPoints } from '../src/modules/goods-library/points.repository.js';
import { insertSearchTerms } from '../src/modules/goods-library/search-terms.repository.js';
import { insertSensitiveWords } from '../src/modules/goods-library/sensitive.repository.js';
import { insertWatches } from '../src/modules/monitor/monitor.repository.js';
import { insertCase } from '../src/modules/monitor/monitor-cases.repository.js';
import { insertAlerts } from '../src/modules/monitor/monitor-history.repository.js';
import { insertManualOrder } from '../src/modules/order/manual-order.repository.js';
import { insertSyncedOrder, saveOrderItems } from '../src/modules/order/order-sync.repository.js';
import { insertShop } from '../src/modules/shop/shop.repository.js';
import { postMessages } from '../src/modules/system/messages.service.js';
import { insertItems, insertQueue } from '../src/modules/upload/upload.repository.js';
import { insertGlossaryEntry } from '../src/translation/glossary.repository.js';
import { saveMemory, upsertCorrection } from '../src/translation/memory.repository.js';
import { buildFbaShipmentRow } from './fba/fba-shipment-rows.js';
import { buildGpsrRow } from './gpsr-rows.js';
import { randomName } from './harness.js';
import { buildCountRow } from './overseas/count-rows.js';
import { buildInboundRows } from './overseas/inbound-rows.js';
import { buildOutboundRow } from './overseas/outbound-rows.js';
import { buildSiteRows } from './site/site-goods-rows.js';
import { buildSiteSearchRow } from './site/site-search-rows.js';
import { buildSitePageRow } from './site/site-visual-rows.js';
import type { TenantRows } from './tenant-rows.js';

export const TEST_PASSWORD = 'secret-123';
let cachedHash: Promise<string> | undefined;
/**
 * The fixtures' password hash: argon2id like every stored hash, but with the smallest memory
 * and one pass, so that a sign-in of a fixture account verifies in about 1 ms instead of 15
 * (the suite signs in well over a thousand times). Verification reads the cost from the hash,
 * so the login code is the production code; accounts made through the API (child accounts,
 * password changes) still get the production cost of `lib/password.ts`.
 */
const passwordHash = () =>
  (cachedHash ??= hash(TEST_PASSWORD, { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 }));

/** A main account (its own tenant): company admin by default. */
export async function buildTenant(
  db: Database,
  fields: Partial<
    Pick<
      UserRow,
      'max_child' | 'phone' | 'status' | 'email' | 'trader_id' | 'is_use_trader_finance' | 'is_use_trader_express'
    >
  > & { auth?: Auth } = {},
): Promise<UserRow> {
  return insertUser(db, {
    account: randomName('main'),
    password_hash: await passwordHash(),
    user_name: '主账号',
    ...fields,
    auth: fields.auth ?? 0,
  });
}

/** A child account of a tenant. */
export async function buildUser(
  db: Database,
  tenant: UserRow,
  fields: Partial<Pick<UserRow, 'phone' | 'status' | 'created_by' | 'email'>> & { auth: Auth },
): Promise<UserRow> {
  return insertUser(db, {
    account: randomName('child'),
    password_hash: await passwordHash(),
    user_name: '子账号',
    parent_id: tenant.id,
    tenant_id: tenant.id,
    created_by: fields.created_by ?? tenant.id,
    ...fields,
  });
}

/** A product of a tenant, stored through the same normalisation as the editor's save. */
export async function buildGoods(
  db: Database,
  tenant: UserRow,
  data: Partial<z.input<typeof goodsDataSchema>> & { creatorId?: number; auditStatus?: string } = {},
) {
  const { creatorId, auditStatus, ...rest } = data;
  const parsed = goodsDataSchema.parse({
    commonData: { descs: [{ key: 'en', title: `Product ${randomName('')}` }] },
    ...rest,
  });
  return insertGoods(db, tenant.id, creatorId ?? tenant.id, toWrite(parsed), auditStatus);
}

export type { TenantRows };

/**
 * One row of each kind of library data for `tenant`, every text carrying `marker` so a
 * response that leaks one of them can be spotted.
 */
export async function buildTenantRows(db: Database, tenant: UserRow, marker: string): Promise<TenantRows> {
  const goods = await buildGoods(db, tenant, { commonData: { descs: [{ key: 'en', title: `${marker} goods` }] } });
  const category = await insertCategory(db, { tenant_id: tenant.id, parent_id: 0, name: `${marker}分类`, sort: 0 });
  const points = await insertPoints(db, {
    tenant_id: tenant.id,
    creator_id: tenant.id,
    name: `${marker} points`,
    points: { en: [`${marker} bullet`] },
  });
  const terms = await insertSearchTerms(db, {
    tenant_id: tenant.id,
    creator_id: tenant.id,
    country: 'us',
    name: `${marker} terms`,
    terms: `${marker} term`,
  });
  await insertSensitiveWords(db, tenant.id, tenant.id, 'en', [`${marker}word`]);
  const body = `69${String(tenant.id).padStart(10, '0')}`;
  const ean = checkEan(`${body}${gs1CheckDigit(body)}`);
  if ('error' in ean) throw new Error(ean.error);
  await insertEans(db, tenant.id, tenant.id, [ean]);
  const glossary = await insertGlossaryEntry(db, tenant.id, { term: `${marker}term`, lang: '', translation: '' });
  await saveMemory(db, tenant.id, { provider: 'google', from: 'en', to: 'de', format: 'text' }, [
    { source: `${marker} source`, translated: `${marker} Quelle` },
  ]);
  await upsertCorrection(db, tenant.id, tenant.id, {
    source: `${marker} fix`,
    from: 'en',
    to: 'de',
    text: `${marker} fixed`,
  });
  const idOf = async (
    table: 'goods_sensitive_words' | 'goods_eans' | 'translation_memory' | 'translation_corrections',
  ) =>
    Number((await db.selectFrom(table).select('id').where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow()).id);
  const shop = await insertShop(db, {
    tenant_id: tenant.id,
    name: `${marker} shop`,
    region: 'EU',
    sandbox: true,
    seller_id: `A${marker.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}${tenant.id}`.slice(0, 20),
    refresh_token_enc: 'v1.00000000.x.y',
    marketplaces: ['de'],
    created_by: tenant.id,
  });
  const orderId = await insertSyncedOrder(db, {
    tenant_id: tenant.id,
    shop_id: shop.id,
    marketplace: 'de',
    amazon_order_id: `302-${String(tenant.id).padStart(7, '0')}-0000001`,
    amazon_status: 'Unshipped',
    status: 'Unshipped',
    fulfillment_channel: '1',
    purchase_date: new Date(),
    last_update_date: new Date(),
    latest_ship_date: null,
    latest_delivery_date: null,
    currency: 'EUR',
    total_minor: 1999,
    ship_city: `${marker} city`,
    ship_state: null,
    ship_postal: null,
    ship_country: 'DE',
    buyer: { name: `${marker} buyer` },
    buyer_purge_after: null,
  });
  if (!orderId) throw new Error('order not inserted');
  await saveOrderItems(db, tenant.id, orderId, [
    {
      amazon_item_id: `${tenant.id}01`,
      asin: 'B0TESTTEST',
      seller_sku: `${marker}-sku`,
      title: `${marker} item`,
      quantity: 1,
      quantity_shipped: 0,
      currency: 'EUR',
      item_price_minor: 1999,
      shipping_price_minor: 0,
      item_tax_minor: 0,
      promotion_discount_minor: 0,
      goods_id: null,
      variation_key: null,
    },
  ]);
  const item = await db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  const [candidate] = await upsertCandidates(db, tenant.id, {
    marketplace: 'de',
    currency: 'EUR',
    asins: [`B0${String(tenant.id).padStart(8, '0')}`],
    userId: tenant.id,
  });
  const [offer] = await insertOffers(db, tenant.id, [
    {
      shop_id: shop.id,
      candidate_id: candidate!.id,
      marketplace: 'de',
      asin: candidate!.asin,
      sku: `FL-${marker}`.slice(0, 40),
      product_type: 'HAIRBAND',
      currency: 'EUR',
      price: 999,
      quantity: 1,
      fulfillment: 'FBM',
      created_by: tenant.id,
      title: `${marker} follow`,
      image: '',
    },
  ]);
  const monitor = await buildMonitorRows(db, tenant, shop.id, marker);
  const entry = await topUp(db, {
    tenantId: tenant.id,
    idemKey: `factory-${tenant.id}`,
    ref: { type: 'adjustment', id: `f${tenant.id}` },
    amount: 100,
    note: `${marker} entry`,
  });
  const topup = await insertTopup(db, {
    tenant_id: tenant.id,
    book_id: entry.book_id,
    amount: 100,
    channel: 'bank',
    payer: `${marker} payer`,
    reference: `${marker} ref`,
    paid_at: new Date(),
    proof_key: `t${tenant.id}/2026/01/00000000-0000-0000-0000-000000000000.png`,
    note: '',
    created_by: tenant.id,
  });
  const payee = await db
    .insertInto('finance_payee_accounts')
    .values({
      book_id: entry.book_id,
      kind: 'wechat',
      account_name: `${marker} payee`,
      qr_key: `t${tenant.id}/2026/01/00000000-0000-0000-0000-000000000001.png`,
      note: `${marker} payee note`,
      created_by: tenant.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const channel = await db
    .insertInto('logistics_channels')
    .values({
      book_id: 0,
      name: `factory-${tenant.id}`,
      carrier_code: 'Yanwen',
      countries: ['DE'],
      first_weight_g: 100,
      first_price: 1000,
      step_weight_g: 100,
      step_price: 100,
      created_by: tenant.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const parcel = await db
    .insertInto('logistics_parcels')
    .values({
      tenant_id: tenant.id,
      order_id: orderId,
      channel_id: channel.id,
      weight_g: 100,
      length_mm: 10,
      width_mm: 10,
      height_mm: 10,
      is_electric: false,
      country: 'DE',
      chargeable_g: 100,
      freight: 1000,
      service_fee: 0,
      estimate: null,
      margin: null,
      review_status: 'held',
      hold_reasons: ['low_balance'],
      created_by: tenant.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const waybill = await db
    .insertInto('logistics_waybills')
    .values({
      tenant_id: tenant.id,
      parcel_id: parcel.id,
      order_id: orderId,
      channel_id: channel.id,
      waybill_no: `WB-factory-${tenant.id}`,
      tracking_no: `FT${tenant.id}CN`,
      carrier_code: 'Yanwen',
      freight: 1000,
      service_fee: 0,
      weight_g: 100,
      created_by: tenant.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const problem = await db
    .insertInto('logistics_problems')
    .values({
      tenant_id: tenant.id,
      waybill_id: waybill.id,
      order_id: orderId,
      book_id: 0,
      type: 1,
      note: `${marker} problem`,
      created_by: tenant.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    parcel: parcel.id,
    waybill: waybill.id,
    problem: problem.id,
    topup: topup.id,
    entry: entry.id,
    payee: payee.id,
    goods: Number(goods.id),
    category: Number(category.id),
    points: Number(points.id),
    searchTerms: Number(terms.id),
    sensitive: await idOf('goods_sensitive_words'),
    ean: await idOf('goods_eans'),
    glossary: Number(glossary.id),
    memory: await idOf('translation_memory'),
    correction: await idOf('translation_corrections'),
    shop: shop.id,
    ...(await buildCustomsRows(db, tenant, marker)),
    ...(await buildUploadRows(db, tenant, shop.id, Number(goods.id))),
    order: orderId,
    orderItem: Number(item.id),
    stock: await buildStockRows(db, tenant, marker),
    outbound: await buildOutboundRow(db, tenant, marker),
    fbaShipment: await buildFbaShipmentRow(db, tenant, marker),
    gpsrProfile: await buildGpsrRow(db, tenant, marker),
    ...(await buildSiteRows(db, tenant, marker)),
    sitePage: await buildSitePageRow(db, tenant, marker),
    sitePublished: await buildSiteSearchRow(db, tenant, marker),
    ...(await buildInboundRows(db, tenant, marker)),
    stockCount: await buildCountRow(db, tenant, marker),
    manualOrder: (
      await insertManualOrder(db, {
        tenant_id: tenant.id,
        status: 1,
        asin: 'B0MANUAL01',
        title: `${marker} manual`,
        created_by: tenant.id,
        amount_minor: 100,
      })
    ).id,
    followCandidate: candidate!.id,
    followOffer: offer!,
    ...monitor,
  };
}

/** A stock-up product of a tenant with 5 units received (for "another tenant's id" tests). */
async function buildStockRows(db: Database, tenant: UserRow, marker: string) {
  const row = await db
    .insertInto('stock_products')
    .values({
      tenant_id: tenant.id,
      sku: `${marker}-STOCK`,
      title: `${marker} stock`,
      created_by: tenant.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.transaction().execute((trx) =>
    postMovement(trx, {
      tenantId: tenant.id,
      stockId: Number(row.id),
      at: CHINA,
      op: 'in',
      quantity: 5,
      reason: '',
      note: `${marker} receipt`,
      by: tenant.id,
    }),
  );
  return Number(row.id);
}

/** A watched ASIN of a tenant with an alert, a removal case and a message (for "another tenant's id" tests). */
async function buildMonitorRows(db: Database, tenant: UserRow, shopId: number, marker: string) {
  const [monitorAsin] = await insertWatches(db, tenant.id, [
    {
      owner_id: tenant.id,
      shop_id: shopId,
      marketplace: 'de',
      asin: 'B0MONITOR1',
      currency: 'EUR',
      priority: 2,
      own_brand: true,
      band_min: null,
      band_max: null,
    },
  ]);
  const [monitorAlert] = await insertAlerts(db, tenant.id, [
    { monitor_id: monitorAsin!, kind: 'new_seller', detail: `${marker} alert`, seller_id: 'AFOLLOWER01' },
  ]);
  const monitorCase = await insertCase(db, tenant.id, {
    monitor_id: monitorAsin!,
    marketplace: 'de',
    asin: 'B0MONITOR1',
    seller_id: 'AFOLLOWER01',
    evidence: [],
  });
  const [message] = await postMessages(db, tenant.id, [
    { userId: tenant.id, source: 'test', title: `${marker} message` },
  ]);
  return { monitorAsin: monitorAsin!, monitorAlert: monitorAlert!, monitorCase: monitorCase!, message: message! };
}

/** An upload queue of a tenant with one item (for "another tenant's id" tests). */
async function buildUploadRows(db: Database, tenant: UserRow, shop: number, goods: number) {
  const { id } = await insertQueue(db, {
    tenant_id: tenant.id,
    shop_id: shop,
    marketplaces: ['de'],
    upload_type: 'good',
    mode: 'listings',
    goods_count: 1,
    goods_ids: [goods],
    created_by: tenant.id,
  });
  await insertItems(db, [
    {
      tenant_id: tenant.id,
      queue_id: id,
      shop_id: shop,
      goods_id: goods,
      marketplace: 'de',
      seller_sku: `SKU-${goods}`,
      variation_key: '',
      role: 'single',
      parent_sku: null,
      product_type: null,
      operation: 'UPDATE',
      payload: '{}',
      status: 'invalid',
      issues: '[]',
    },
  ]);
  const item = await db.selectFrom('upload_items').select('id').where('queue_id', '=', id).executeTakeFirstOrThrow();
  // An ended queue: a pending one would be taken by the upload runner of the test app in the
  // background, and its rows (and the "upload ended" message) would change during the calls.
  await db
    .updateTable('upload_queues')
    .set({ status: 'done', expand_cursor: 1, c_invalid: 1, finished_at: new Date() })
    .where('id', '=', id)
    .execute();
  return { uploadQueue: id, uploadItem: Number(item.id) };
}

/** One HS code and one production and sales unit record of a tenant (customs). */
async function buildCustomsRows(db: Database, tenant: UserRow, marker: string) {
  const hs = await insertHsCode(db, {
    tenant_id: tenant.id,
    creator_id: tenant.id,
    hs_code: '6109100000',
    name_cn: `${marker} T恤`,
    name_en: `${marker} T-shirt`,
    unit: '件',
    value_rule: 'order',
    value_ratio: null,
    value_fixed: null,
    value_currency: null,
    remark: '',
  });
  const unit = await insertUnit(db, {
    tenant_id: tenant.id,
    creator_id: tenant.id,
    name: `${marker} 单位`,
    credit_code: '91440300708461136T',
    address: `${marker} 地址`,
    contact_name: 'x',
    contact_phone: '13800138000',
    is_default: true,
    remark: '',
  });
  return { hsCode: Number(hs.id), customsUnit: Number(unit.id) };
}
