import type { Auth } from '@console/shared/constants/roles';
import { can } from '@console/shared/permissions/can';
import type { Permission } from '@console/shared/permissions/permissions';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/types.js';
import { startExportJob } from '../src/modules/goods/goods-export.service.js';
import { GOOGLE_SIM_KEY, startGoogleSimulator } from '../src/translation/simulators/google.simulator.js';
import { buildTenant, buildTenantRows, buildUser, TEST_PASSWORD, type TenantRows } from './factories.js';
import { call, signIn, useTestApp } from './harness.js';
import { ID_NAME, idFields } from './support/request-fields.js';

const sim = await startGoogleSimulator();
afterAll(() => sim.close());
const t = useTestApp({
  translateProvider: 'google',
  translateApiKey: GOOGLE_SIM_KEY,
  translateBaseUrl: sim.url,
  translateRetryBaseMs: 5,
});

/** What an id field of a request points at. */
type Kind = keyof TenantRows | 'user' | 'exportJob' | 'translateJob';
/** One tenant's rows of every kind. */
type Rows = TenantRows & { user: number; exportJob: string; translateJob: string };
/** Gives the id to put in a field: tenant B's row for the field under test, the caller's own for the others. */
type Pick = (field: string) => number | string;

/** How to call one route that takes ids: which field holds which kind of row, and a valid request. */
interface IdRoute {
  fields: Record<string, Kind>;
  /** Id-named fields of this route that hold no tenant row, each with the reason. */
  notRowIds?: Record<string, string>;
  request: (id: Pick) => { query?: Record<string, string | number>; body?: Record<string, unknown> };
}

/** Fields whose names look like ids but hold no row id (texts of the product or of the account). */
const NOT_ROW_IDS: Record<string, string> = {
  product_id: 'the product code (EAN/UPC/ASIN text), not a row',
  manufactuer_id: 'the manufacturer code text, not a row',
  product_template_id: 'a stored template number; no table holds templates yet (map it when one does)',
};

/** The id fields of the visual editor's page bodies (a page, the blocks' categories and products). */
const VISUAL_FIELDS: Record<string, Kind> = {
  id: 'sitePage',
  'blocks.[].source.category_id': 'siteCategory',
  'blocks.[].source.product_ids': 'siteProduct',
  'blocks.[].category_id': 'siteCategory',
};
/** A page body with a block of each kind that names a row. */
const visualBody = (id: Pick, extra: Record<string, unknown>) => ({
  id: id('id'),
  ...extra,
  blocks: [
    {
      type: 'product_grid',
      key: 'c',
      source: { kind: 'category', category_id: id('blocks.[].source.category_id') },
      columns: 2,
      count: 2,
    },
    {
      type: 'product_grid',
      key: 'p',
      source: { kind: 'products', product_ids: [id('blocks.[].source.product_ids')] },
      columns: 2,
      count: 2,
    },
    { type: 'featured_collection', key: 'f', category_id: id('blocks.[].category_id'), count: 2 },
  ],
});

const G = '/PDD/amazon-user';
/** A valid 头程发货 draft body (one SKU, one box) with the ids the test picks. */
const FBA_SAVE = (id: Pick) => ({
  id: id('id'),
  version: 1,
  shop_id: id('shop_id'),
  marketplace: 'de',
  source_address: { name: 'x', addressLine1: 'x', city: 'x', postalCode: '1', countryCode: 'CN', phoneNumber: '1' },
  items: [{ stock_id: id('items.[].stock_id'), quantity: 1 }],
  boxes: [
    {
      length_mm: 1,
      width_mm: 1,
      height_mm: 1,
      weight_g: 1,
      items: [{ stock_id: id('boxes.[].items.[].stock_id'), quantity: 1 }],
    },
  ],
});
/** A ledger entry's reference (an order number, a waybill number ...): text, not a row of this tenant. */
const REF_ID = "the entry's reference text (order or waybill number), filtered within the caller's own tenant";
const descs = { descs: [{ key: 'en', title: 'x' }] };
/** Valid bodies of the customs records (an HS code, a production and sales unit). */
const HS = { hs_code: '6109100000', name_cn: 'x', name_en: 'x', unit: '件', value_rule: 'order' };
const UNIT = {
  name: 'x',
  credit_code: '91440300708461136T',
  address: 'x',
  contact_name: 'x',
  contact_phone: '13800138000',
};
/** A logistics channel: a row of a book (the operator's or a trader's) that many tenants ship on, not a tenant's. */
const CHANNEL_ID = "a logistics channel of the operator's or a trader's book, shared by that book's tenants";
/** An overseas warehouse: the operator's, shared by every tenant (issue 30 §2). */
const OB_WAREHOUSE = "an overseas warehouse: the operator's, shared by every tenant (warehouse.operate)";
/** An outbound the warehouse steps: the operator picks, packs and ships every tenant's outbounds (warehouse.operate). */
/** The operator's stock work (库存调整, 盘点单): it adjusts and counts every tenant's stock (warehouse.operate). */
const COUNT_OP = "any tenant's stock: the operator (warehouse.operate) adjusts and counts every tenant's";
const OB_STEP = "any tenant's outbound: the warehouse (the operator) picks, packs and ships every tenant's";

/** An inbound the warehouse steps: the operator marks arrival, receives and closes every tenant's inbounds (warehouse.operate). */
const IB_STEP = "any tenant's inbound: the warehouse (the operator) receives every tenant's";

/**
 * Every API route that takes a row id, with a valid request. A route added later with an id
 * field fails the test below until it is mapped here.
 */
const ID_ROUTES: Record<string, IdRoute> = {
  // Test hook (only with testHooks): captchas are random ids before sign-in, not tenant data.
  'GET /PDD/__test__/captcha': {
    fields: {},
    notRowIds: { id: 'a captcha id: random, made before sign-in, no tenant' },
    request: () => ({}),
  },
  [`POST ${G}/updateUserAccount`]: {
    fields: { id: 'user', uid: 'user' },
    request: (id) => ({ body: { id: id('id'), uid: id('uid'), user_name: 'x', email: 'x@example.com' } }),
  },
  [`POST ${G}/bindShop`]: {
    fields: { id: 'shop' },
    request: (id) => ({ body: { id: id('id'), name: 'x', region: 'EU', sandbox: true } }),
  },
  [`POST ${G}/updateShop`]: {
    fields: { id: 'shop', staff_ids: 'user' },
    request: (id) => ({ body: { id: id('id'), version: 1, staff_ids: [id('staff_ids')] } }),
  },
  [`POST ${G}/syncShop`]: { fields: { id: 'shop' }, request: (id) => ({ body: { id: id('id') } }) },
  [`POST ${G}/messageNotice`]: {
    fields: { tenant_id: 'user' },
    request: (id) => ({ body: { title: 'x', tenant_id: id('tenant_id') } }),
  },
  [`POST ${G}/delShop`]: { fields: { id: 'shop' }, request: (id) => ({ body: { id: id('id') } }) },
  [`POST ${G}/updateAllowSites`]: {
    fields: { uid: 'user' },
    request: (id) => ({ body: { uid: id('uid'), sites: ['de'] } }),
  },
  [`GET ${G}/shopAuthCallback`]: {
    fields: {},
    notRowIds: { selling_partner_id: "Amazon's seller id text, forwarded to the web app, no row" },
    request: () => ({ query: { selling_partner_id: 'A1B2C3D4E5', state: 'x', spapi_oauth_code: 'y' } }),
  },
  [`POST ${G}/shopAuthComplete`]: {
    fields: {},
    notRowIds: { selling_partner_id: "Amazon's seller id text; the state decides the tenant" },
    request: () => ({ body: { selling_partner_id: 'A1B2C3D4E5', state: 'x'.repeat(43), spapi_oauth_code: 'y' } }),
  },
  'POST /PDD/__test__/sandbox-orders': {
    fields: { shop_id: 'shop' },
    request: (id) => ({ body: { shop_id: id('shop_id'), count: 1 } }),
  },
  'POST /PDD/__test__/sandbox-fba': {
    fields: { 'fba_stock.shop_id': 'shop' },
    request: (id) => ({
      body: { fba_stock: { shop_id: id('fba_stock.shop_id'), marketplace: 'de', msku: 'x', fulfillable: 1 } },
    }),
  },
  'POST /PDD/__test__/sandbox-packages': {
    fields: {},
    notRowIds: { amazon_order_id: "Amazon's order id text, read from the sandbox Amazon (a test hook)" },
    request: () => ({ body: { amazon_order_id: '171-0000000-0000000' } }),
  },
  'GET /PDD/customs/hs-code/get': { fields: { id: 'hsCode' }, request: (id) => ({ query: { id: id('id') } }) },
  // 建站 站点商品 (docs/site.md "Products").
  'GET /PDD/site/goods/list': {
    fields: { category_id: 'siteCategory' },
    request: (id) => ({ query: { category_id: id('category_id') } }),
  },
  'GET /PDD/site/goods/get': { fields: { id: 'siteProduct' }, request: (id) => ({ query: { id: id('id') } }) },
  'POST /PDD/site/goods/create': {
    fields: { category_ids: 'siteCategory' },
    request: (id) => ({ body: { texts: { en: { title: 'x' } }, price: 100, category_ids: [id('category_ids')] } }),
  },
  'POST /PDD/site/goods/update': {
    fields: { id: 'siteProduct', category_ids: 'siteCategory' },
    request: (id) => ({ body: { id: id('id'), version: 1, price: 100, category_ids: [id('category_ids')] } }),
  },
  'POST /PDD/site/goods/publish': { fields: { ids: 'siteProduct' }, request: (id) => ({ body: { ids: [id('ids')] } }) },
  'POST /PDD/site/goods/unpublish': {
    fields: { ids: 'siteProduct' },
    request: (id) => ({ body: { ids: [id('ids')] } }),
  },
  'POST /PDD/site/goods/delete': { fields: { ids: 'siteProduct' }, request: (id) => ({ body: { ids: [id('ids')] } }) },
  'POST /PDD/site/goods/sync': { fields: { ids: 'siteProduct' }, request: (id) => ({ body: { ids: [id('ids')] } }) },
  'POST /PDD/site/goods/import': {
    fields: { goods_ids: 'goods' },
    request: (id) => ({ body: { goods_ids: [id('goods_ids')], rounding: 'none' } }),
  },
  // 建站 站点分类 (docs/site.md "Categories").
  'POST /PDD/site/category/create': {
    fields: { parent_id: 'siteCategory' },
    request: (id) => ({ body: { parent_id: id('parent_id'), names: { en: 'x' } } }),
  },
  'POST /PDD/site/category/update': {
    fields: { id: 'siteCategory', parent_id: 'siteCategory' },
    request: (id) => ({ body: { id: id('id'), version: 1, parent_id: id('parent_id'), names: { en: 'x' } } }),
  },
  'POST /PDD/site/category/move': {
    fields: { id: 'siteCategory', parent_id: 'siteCategory' },
    request: (id) => ({ body: { id: id('id'), version: 1, parent_id: id('parent_id'), position: 0 } }),
  },
  'POST /PDD/site/category/publish': {
    fields: { id: 'siteCategory' },
    request: (id) => ({ body: { id: id('id'), version: 1, published: false } }),
  },
  'POST /PDD/site/category/delete': {
    fields: { id: 'siteCategory' },
    request: (id) => ({ body: { id: id('id'), version: 1 } }),
  },
  // 建站 可视化装修 (docs/site.md "Visual editor").
  'GET /PDD/site/visual/get': { fields: { id: 'sitePage' }, request: (id) => ({ query: { id: id('id') } }) },
  'POST /PDD/site/visual/save-draft': {
    fields: VISUAL_FIELDS,
    request: (id) => ({ body: visualBody(id, { version: 1 }) }),
  },
  'POST /PDD/site/visual/preview': {
    fields: VISUAL_FIELDS,
    request: (id) => ({ body: visualBody(id, { lang: 'en' }) }),
  },
  'POST /PDD/site/visual/publish': {
    fields: { id: 'sitePage' },
    request: (id) => ({ body: { id: id('id'), version: 1 } }),
  },
  'POST /PDD/site/visual/delete-landing': {
    fields: { id: 'sitePage' },
    request: (id) => ({ body: { id: id('id'), version: 1 } }),
  },
  'GET /PDD/gpsr/profile/get': { fields: { id: 'gpsrProfile' }, request: (id) => ({ query: { id: id('id') } }) },
  'POST /PDD/gpsr/profile/update': {
    fields: { id: 'gpsrProfile' },
    request: (id) => ({ body: { name: 'x', id: id('id'), version: 1 } }),
  },
  'POST /PDD/gpsr/profile/delete': {
    fields: { ids: 'gpsrProfile' },
    request: (id) => ({ body: { ids: [id('ids')] } }),
  },
  'POST /PDD/gpsr/apply': {
    fields: { profile_id: 'gpsrProfile', ids: 'goods', 'filter.category_id': 'category', 'filter.creator_id': 'user' },
    request: (id) => ({ body: { profile_id: id('profile_id'), marketplaces: ['de'], ids: [id('ids')] } }),
  },
  'POST /PDD/gpsr/remove': {
    fields: { ids: 'goods', 'filter.category_id': 'category', 'filter.creator_id': 'user' },
    request: (id) => ({ body: { marketplaces: ['de'], ids: [id('ids')] } }),
  },
  'POST /PDD/customs/hs-code/create': {
    fields: { category_ids: 'category', goods_ids: 'goods' },
    request: (id) => ({
      body: { ...HS, hs_code: '420292', category_ids: [id('category_ids')], goods_ids: [id('goods_ids')] },
    }),
  },
  'POST /PDD/customs/hs-code/update': {
    fields: { id: 'hsCode', category_ids: 'category', goods_ids: 'goods' },
    request: (id) => ({
      body: { ...HS, id: id('id'), version: 1, category_ids: [id('category_ids')], goods_ids: [id('goods_ids')] },
    }),
  },
  'POST /PDD/customs/hs-code/delete': { fields: { ids: 'hsCode' }, request: (id) => ({ body: { ids: [id('ids')] } }) },
  'GET /PDD/customs/unit/get': { fields: { id: 'customsUnit' }, request: (id) => ({ query: { id: id('id') } }) },
  'POST /PDD/customs/unit/update': {
    fields: { id: 'customsUnit' },
    request: (id) => ({ body: { ...UNIT, id: id('id'), version: 1 } }),
  },
  'POST /PDD/customs/unit/delete': {
    fields: { ids: 'customsUnit' },
    request: (id) => ({ body: { ids: [id('ids')] } }),
  },
  'POST /PDD/order/list': { fields: { shop_id: 'shop' }, request: (id) => ({ body: { shop_id: id('shop_id') } }) },
  'POST /PDD/order/detail': { fields: { id: 'order' }, request: (id) => ({ body: { id: id('id') } }) },
  'POST /PDD/order/note': { fields: { id: 'order' }, request: (id) => ({ body: { id: id('id'), text: 'x' } }) },
  'POST /PDD/order/sync': { fields: { shop_id: 'shop' }, request: (id) => ({ body: { shop_id: id('shop_id') } }) },
  // 卖家绩效 / 卖家反馈 (docs/reports.md).
  'POST /PDD/reports/refresh': { fields: { shop_id: 'shop' }, request: (id) => ({ body: { shop_id: id('shop_id') } }) },
  'POST /PDD/reports/performance': {
    fields: { shop_id: 'shop' },
    request: (id) => ({ body: { shop_id: id('shop_id') } }),
  },
  'POST /PDD/reports/feedback/list': {
    fields: { shop_id: 'shop' },
    request: (id) => ({ body: { shop_id: id('shop_id') } }),
  },
  'GET /PDD/reports/feedback/export': {
    fields: { shop_id: 'shop' },
    request: (id) => ({ query: { shop_id: id('shop_id') } }),
  },
  'POST /PDD/__test__/carrier-pickup': { fields: { id: 'waybill' }, request: (id) => ({ body: { id: id('id') } }) },
  'POST /PDD/__test__/sandbox-feedback': {
    fields: { shop_id: 'shop' },
    request: (id) => ({ body: { shop_id: id('shop_id') } }),
  },
  'POST /PDD/order/test/listings': {
    fields: { shop_id: 'shop' },
    request: (id) => ({ body: { shop_id: id('shop_id') } }),
  },
  'POST /PDD/order/test/create': {
    fields: { shop_id: 'shop' },
    request: (id) => ({
      body: { shop_id: id('shop_id'), listings: [{ marketplace: 'de', sku: 'X-1' }], count: 1, channel: 'MFN' },
    }),
  },
  'POST /PDD/order/purchase': {
    fields: { item_id: 'orderItem' },
    request: (id) => ({ body: { item_id: id('item_id'), version: 1, paid: '1', quantity: 1 } }),
  },
  'POST /PDD/order/express': {
    fields: { item_id: 'orderItem' },
    request: (id) => ({ body: { item_id: id('item_id'), version: 1, to: '3' } }),
  },
  // Orders after purchase (issue 17 §2): 配货, stock-up, assignment.
  'POST /PDD/order/distribution/done': {
    fields: { id: 'order' },
    request: (id) => ({ body: { id: id('id'), version: 1, weight_g: 100, length_cm: 1, width_cm: 1, height_cm: 1 } }),
  },
  'POST /PDD/order/distribution/dismiss-error': {
    fields: { item_id: 'orderItem' },
    request: (id) => ({ body: { item_id: id('item_id') } }),
  },
  'POST /PDD/order/distribution/undo': {
    fields: { id: 'order' },
    request: (id) => ({ body: { id: id('id'), version: 1 } }),
  },
  'POST /PDD/order/stock/save': {
    fields: { id: 'stock', goods_id: 'goods' },
    request: (id) => ({ body: { id: id('id'), version: 1, sku: 'x', goods_id: id('goods_id') } }),
  },
  'POST /PDD/order/stock/delete': { fields: { id: 'stock' }, request: (id) => ({ body: { id: id('id') } }) },
  // 头程发货: the tenant's first-leg shipments, its shops and SKUs.
  'POST /PDD/fba/shipment/save': {
    fields: { id: 'fbaShipment', shop_id: 'shop', 'items.[].stock_id': 'stock', 'boxes.[].items.[].stock_id': 'stock' },
    request: (id) => ({ body: FBA_SAVE(id) }),
  },
  'POST /PDD/fba/shipment/start': { fields: { id: 'fbaShipment' }, request: (id) => ({ body: { id: id('id') } }) },
  'POST /PDD/fba/shipment/detail': { fields: { id: 'fbaShipment' }, request: (id) => ({ body: { id: id('id') } }) },
  'POST /PDD/fba/shipment/sync': { fields: { id: 'fbaShipment' }, request: (id) => ({ body: { id: id('id') } }) },
  'POST /PDD/fba/shipment/ship': {
    fields: { id: 'fbaShipment' },
    request: (id) => ({ body: { id: id('id'), carrier: 'DHL', tracking_no: 'x' } }),
  },
  'POST /PDD/fba/shipment/labels': {
    fields: { id: 'fbaShipment' },
    request: (id) => ({ body: { id: id('id'), kind: 'fnsku' } }),
  },
  'POST /PDD/fba/shipment/placement/confirm': {
    fields: { id: 'fbaShipment' },
    notRowIds: { placement_option_id: "Amazon's option id, checked against the shipment's own options" },
    request: (id) => ({ body: { id: id('id'), placement_option_id: 'pl-x' } }),
  },
  'POST /PDD/fba/shipment/transport/confirm': {
    fields: { id: 'fbaShipment' },
    notRowIds: {
      'selections.[].shipment_id': "Amazon's shipment id, checked against the shipment's own",
      'selections.[].transportation_option_id': "Amazon's option id, checked against the shipment's own options",
    },
    request: (id) => ({
      body: { id: id('id'), selections: [{ shipment_id: 'sh-x', transportation_option_id: 'to-x' }] },
    }),
  },
  'POST /PDD/fba/stock/sync': {
    fields: { shop_ids: 'shop' },
    request: (id) => ({ body: { shop_ids: [id('shop_ids')] } }),
  },
  'POST /PDD/fba/stock/items': {
    fields: { stock_ids: 'stock' },
    request: (id) => ({ body: { stock_ids: [id('stock_ids')] } }),
  },
  // 海外仓 SKUs are the SKU master's rows (stock); warehouses are the operator's, shared by every tenant.
  'POST /PDD/overseas/sku/save': {
    fields: { id: 'stock', goods_id: 'goods' },
    request: (id) => ({ body: { id: id('id'), version: 1, sku: 'x', title: 'x', goods_id: id('goods_id') } }),
  },
  'POST /PDD/overseas/sku/get': { fields: { id: 'stock' }, request: (id) => ({ body: { id: id('id') } }) },
  'POST /PDD/overseas/sku/delete': { fields: { id: 'stock' }, request: (id) => ({ body: { id: id('id') } }) },
  'POST /PDD/overseas/warehouse/save': {
    fields: {},
    notRowIds: { id: "an overseas warehouse: the operator's, shared by every tenant (warehouse.operate)" },
    request: () => ({ body: { id: 1, version: 1, code: 'X', name: 'x', country: 'DE' } }),
  },
  'POST /PDD/overseas/warehouse/toggle': {
    fields: {},
    notRowIds: { id: "an overseas warehouse: the operator's, shared by every tenant (warehouse.operate)" },
    request: () => ({ body: { id: 1, version: 1, active: true } }),
  },
  // 出库单: the tenant's outbounds; the warehouse (the operator) steps every tenant's by design.
  'POST /PDD/overseas/outbound/save': {
    fields: { 'lines.[].stock_id': 'stock' },
    notRowIds: { warehouse_id: OB_WAREHOUSE },
    request: (id) => ({
      body: {
        warehouse_id: 1,
        recipient: { name: 'x', line1: 'x', city: 'x', postal_code: '1', country: 'DE' },
        lines: [{ stock_id: id('lines.[].stock_id'), quantity: 1 }],
      },
    }),
  },
  'POST /PDD/overseas/outbound/from-order': {
    fields: { order_id: 'order' },
    notRowIds: { warehouse_id: OB_WAREHOUSE },
    request: (id) => ({ body: { order_id: id('order_id'), warehouse_id: 1 } }),
  },
  'POST /PDD/overseas/outbound/cancel': { fields: { id: 'outbound' }, request: (id) => ({ body: { id: id('id') } }) },
  'POST /PDD/overseas/outbound/detail': { fields: { id: 'outbound' }, request: (id) => ({ body: { id: id('id') } }) },
  'POST /PDD/overseas/outbound/eligible': {
    fields: { order_ids: 'order' },
    request: (id) => ({ body: { order_ids: [id('order_ids')] } }),
  },
  'POST /PDD/overseas/outbound/list': {
    fields: {},
    notRowIds: { warehouse_id: OB_WAREHOUSE },
    request: () => ({ body: { warehouse_id: 1 } }),
  },
  'POST /PDD/overseas/outbound/stock': {
    fields: {},
    notRowIds: { warehouse_id: OB_WAREHOUSE },
    request: () => ({ body: { warehouse_id: 1 } }),
  },
  'POST /PDD/overseas/home/summary': {
    fields: {},
    notRowIds: { warehouse_id: OB_WAREHOUSE },
    request: () => ({ body: { warehouse_id: 1 } }),
  },
  'POST /PDD/overseas/outbound/pick': { fields: {}, notRowIds: { id: OB_STEP }, request: () => ({ body: { id: 1 } }) },
  'POST /PDD/overseas/outbound/pack': { fields: {}, notRowIds: { id: OB_STEP }, request: () => ({ body: { id: 1 } }) },
  'POST /PDD/overseas/outbound/ship': {
    fields: {},
    notRowIds: { id: OB_STEP },
    request: () => ({ body: { id: 1, tracking_no: 'x' } }),
  },
  // 入库单: the tenant's inbounds; the warehouse (the operator) steps every tenant's by design.
  'POST /PDD/overseas/inbound/save': {
    fields: { id: 'inbound', 'boxes.[].lines.[].stock_id': 'stock' },
    notRowIds: { warehouse_id: OB_WAREHOUSE },
    request: (id) => ({
      body: {
        id: id('id'),
        version: 1,
        warehouse_id: 1,
        shipping_method: 'sea',
        boxes: [{ lines: [{ stock_id: id('boxes.[].lines.[].stock_id'), quantity: 1 }] }],
      },
    }),
  },
  'POST /PDD/overseas/inbound/list': {
    fields: {},
    notRowIds: {
      warehouse_id: OB_WAREHOUSE,
      tenant_id: "the operator's choice of tenant; a tenant's list is its own whatever it names",
    },
    request: () => ({ body: { warehouse_id: 1, tenant_id: 1 } }),
  },
  'POST /PDD/overseas/inbound/detail': { fields: { id: 'inbound' }, request: (id) => ({ body: { id: id('id') } }) },
  'POST /PDD/overseas/inbound/acknowledge': {
    fields: { id: 'inbound' },
    request: (id) => ({ body: { id: id('id') } }),
  },
  'POST /PDD/overseas/inbound/ship': {
    fields: { id: 'inbound' },
    request: (id) => ({ body: { id: id('id'), tracking_no: 'x' } }),
  },
  'POST /PDD/overseas/inbound/arrive': { fields: {}, notRowIds: { id: IB_STEP }, request: () => ({ body: { id: 1 } }) },
  'POST /PDD/overseas/inbound/close': { fields: {}, notRowIds: { id: IB_STEP }, request: () => ({ body: { id: 1 } }) },
  'POST /PDD/overseas/inbound/receive': {
    fields: {},
    notRowIds: { id: IB_STEP, 'boxes.[].box_id': IB_STEP, 'boxes.[].lines.[].line_id': IB_STEP },
    request: () => ({ body: { id: 1, boxes: [{ box_id: 1, lines: [{ line_id: 1, counted: 1 }] }] } }),
  },
  // 库存列表 / 库存流水: the tenant's own stock; ids of another tenant find nothing.
  'POST /PDD/overseas/inventory/list': {
    fields: {},
    notRowIds: {
      warehouse_id: OB_WAREHOUSE,
      tenant_id: "the operator's choice of tenant; a tenant's list is its own whatever it names",
    },
    request: () => ({ body: { warehouse_id: 1, tenant_id: 1 } }),
  },
  'POST /PDD/overseas/inventory/flow': {
    fields: { stock_id: 'stock', doc_id: 'inbound' },
    notRowIds: {
      cursor: "a movement id bounding the page within the caller's own movements",
      location_id: "a stock location id, filtered within the caller's own movements",
      tenant_id: "the operator's choice of tenant; a tenant's flow is its own whatever it names",
    },
    request: (id) => ({
      body: {
        stock_id: id('stock_id'),
        doc_type: 'inbound',
        doc_id: id('doc_id'),
        cursor: 1,
        location_id: 1,
        tenant_id: 1,
      },
    }),
  },
  'POST /PDD/overseas/inventory/locations': {
    fields: {},
    notRowIds: { tenant_id: "the operator's choice of tenant; a tenant gets its own whatever it names" },
    request: () => ({ body: { tenant_id: 1 } }),
  },
  // 库存调整 / 盘点单: the operator (warehouse.operate) adjusts and counts every tenant's stock by design;
  // a tenant reads only its own counts.
  'POST /PDD/overseas/inventory/adjust': {
    fields: {},
    notRowIds: { tenant_id: COUNT_OP, stock_id: COUNT_OP, warehouse_id: OB_WAREHOUSE },
    request: () => ({ body: { tenant_id: 999_999, stock_id: 1, warehouse_id: 1, quantity: 1, reason: 'gain' } }),
  },
  'POST /PDD/overseas/inventory/count/create': {
    fields: {},
    notRowIds: { tenant_id: COUNT_OP, stock_ids: COUNT_OP, warehouse_id: OB_WAREHOUSE },
    request: () => ({ body: { tenant_id: 999_999, warehouse_id: 1, stock_ids: [1] } }),
  },
  'POST /PDD/overseas/inventory/count/skus': {
    fields: {},
    notRowIds: { tenant_id: COUNT_OP, warehouse_id: OB_WAREHOUSE },
    request: () => ({ body: { tenant_id: 999_999, warehouse_id: 1, scope: 'stocked' } }),
  },
  'POST /PDD/overseas/inventory/count/save': {
    fields: {},
    notRowIds: { id: COUNT_OP, 'lines.[].line_id': COUNT_OP },
    request: () => ({ body: { id: 999_999, lines: [{ line_id: 1, counted: 1 }] } }),
  },
  'POST /PDD/overseas/inventory/count/post': {
    fields: {},
    notRowIds: { id: COUNT_OP },
    request: () => ({ body: { id: 999_999 } }),
  },
  'POST /PDD/overseas/inventory/count/cancel': {
    fields: {},
    notRowIds: { id: COUNT_OP },
    request: () => ({ body: { id: 999_999 } }),
  },
  'POST /PDD/overseas/inventory/count/detail': {
    fields: { id: 'stockCount' },
    request: (id) => ({ body: { id: id('id') } }),
  },
  'POST /PDD/overseas/inventory/count/list': {
    fields: {},
    notRowIds: {
      warehouse_id: OB_WAREHOUSE,
      tenant_id: "the operator's choice of tenant; a tenant's list is its own whatever it names",
    },
    request: () => ({ body: { warehouse_id: 1, tenant_id: 1 } }),
  },
  'POST /PDD/order/stock/in': {
    fields: { stock_id: 'stock' },
    request: (id) => ({ body: { stock_id: id('stock_id'), quantity: 1 } }),
  },
  'POST /PDD/order/stock/out': {
    fields: { stock_id: 'stock' },
    request: (id) => ({ body: { stock_id: id('stock_id'), quantity: 1 } }),
  },
  'POST /PDD/order/stock/fill': {
    fields: { item_id: 'orderItem', stock_id: 'stock' },
    request: (id) => ({ body: { item_id: id('item_id'), version: 1, stock_id: id('stock_id') } }),
  },
  'POST /PDD/order/stock/unfill': {
    fields: { item_id: 'orderItem' },
    request: (id) => ({ body: { item_id: id('item_id'), version: 1 } }),
  },
  'POST /PDD/order/stock/log': {
    fields: { stock_id: 'stock' },
    request: (id) => ({ body: { kind: 'in', stock_id: id('stock_id') } }),
  },
  'POST /PDD/order/assign': {
    fields: { ids: 'order', user_id: 'user' },
    request: (id) => ({ body: { ids: [id('ids')], user_id: id('user_id') } }),
  },
  'POST /PDD/order/export': {
    fields: { 'filter.shop_id': 'shop' },
    request: (id) => ({ body: { filter: { shop_id: id('filter.shop_id') }, columns: ['amazon_order_id'] } }),
  },
  'GET /PDD/order/export/download': { fields: { id: 'exportJob' }, request: (id) => ({ query: { id: id('id') } }) },
  'POST /PDD/order/asinSales': { fields: { shop_id: 'shop' }, request: (id) => ({ body: { shop_id: id('shop_id') } }) },
  'POST /PDD/order/purchase1688': {
    fields: { item_id: 'orderItem' },
    request: (id) => ({ body: { item_id: id('item_id'), version: 1, quantity: 1 } }),
  },
  'POST /PDD/order/logistics1688': {
    fields: { item_id: 'orderItem' },
    request: (id) => ({ body: { item_id: id('item_id') } }),
  },
  'POST /PDD/order/manual/detail': { fields: { id: 'manualOrder' }, request: (id) => ({ body: { id: id('id') } }) },
  'POST /PDD/order/manual/save': {
    fields: { id: 'manualOrder', shop_id: 'shop' },
    request: (id) => ({ body: { id: id('id'), version: 1, shop_id: id('shop_id'), asin: 'B0MANUAL02' } }),
  },
  'POST /PDD/order/manual/transition': {
    fields: { id: 'manualOrder' },
    request: (id) => ({ body: { id: id('id'), version: 1, to: -2 } }),
  },
  [`POST ${G}/toggleAccount`]: { fields: { uid: 'user' }, request: (id) => ({ body: { uid: id('uid') } }) },
  [`POST ${G}/unlinkAccount`]: { fields: { uid: 'user' }, request: (id) => ({ body: { uid: id('uid') } }) },
  [`POST ${G}/createChildAccount`]: {
    fields: { leader_id: 'user' },
    request: (id) => ({
      body: { account: `c${Date.now()}`, password: 'xxxxxxxx', auth: 2, user_name: 'x', leader_id: id('leader_id') },
    }),
  },
  [`POST ${G}/updateChildAccount`]: {
    fields: { uid: 'user', leader_id: 'user' },
    request: (id) => ({ body: { uid: id('uid'), user_name: 'x', leader_id: id('leader_id') } }),
  },
  [`POST ${G}/resetChildAccount`]: {
    fields: { uid: 'user' },
    request: (id) => ({ body: { uid: id('uid'), password: 'xxxxxxxx' } }),
  },
  [`POST ${G}/deleteChildAccount`]: { fields: { uid: 'user' }, request: (id) => ({ body: { uid: id('uid') } }) },
  [`POST ${G}/downZlibImgs`]: { fields: { id: 'goods' }, request: (id) => ({ body: { id: id('id') } }) },
  [`GET ${G}/productList`]: {
    fields: { category_id: 'category', creator_id: 'user' },
    request: (id) => ({ query: { category_id: id('category_id'), creator_id: id('creator_id') } }),
  },
  [`GET ${G}/getProduct`]: { fields: { id: 'goods' }, request: (id) => ({ query: { id: id('id') } }) },
  ...Object.fromEntries(
    ['getProductPreviewId', 'getProductNextId'].map((p) => [
      `GET ${G}/${p}`,
      {
        fields: { id: 'goods', category_id: 'category', creator_id: 'user' },
        request: (id: Pick) => ({
          query: { id: id('id'), category_id: id('category_id'), creator_id: id('creator_id') },
        }),
      },
    ]),
  ),
  [`POST ${G}/insertGoods_v2`]: {
    fields: {
      id: 'goods',
      'goodsData.baseInfo.category_id': 'category',
    },
    request: (id) => ({
      body: {
        id: id('id'),
        version: 1,
        goodsData: {
          baseInfo: {
            category_id: id('goodsData.baseInfo.category_id'),
          },
          commonData: descs,
        },
      },
    }),
  },
  [`POST ${G}/assignProductEan`]: {
    fields: { id: 'goods' },
    request: (id) => ({ body: { id: id('id'), version: 1 } }),
  },
  [`POST ${G}/delGoodsMutl`]: {
    fields: { ids: 'goods' },
    request: (id) => ({ body: { ids: [id('ids')], is_delete: 1 } }),
  },
  [`POST ${G}/setGoodsStatus`]: {
    fields: { ids: 'goods' },
    request: (id) => ({ body: { ids: [id('ids')], status: 'hasAudit' } }),
  },
  [`POST ${G}/batchCopyGoods`]: { fields: { ids: 'goods' }, request: (id) => ({ body: { ids: [id('ids')] } }) },
  [`POST ${G}/copyOneBenRenProduct`]: { fields: { id: 'goods' }, request: (id) => ({ body: { id: id('id') } }) },
  [`POST ${G}/batchUpdate2`]: {
    fields: {
      ids: 'goods',
      'filter.category_id': 'category',
      'filter.creator_id': 'user',
      'fields.category_id': 'category',
    },
    request: (id) => ({
      body: {
        ids: [id('ids')],
        filter: { category_id: id('filter.category_id'), creator_id: id('filter.creator_id') },
        fields: {
          category_id: id('fields.category_id'),
          remark: 'x',
        },
      },
    }),
  },
  [`POST ${G}/batchUpdateEnTitle`]: {
    fields: { ids: 'goods', 'filter.category_id': 'category', 'filter.creator_id': 'user' },
    request: (id) => ({
      body: {
        ids: [id('ids')],
        filter: { category_id: id('filter.category_id'), creator_id: id('filter.creator_id') },
        find: 'goods',
        replace: 'x',
      },
    }),
  },
  'POST /PDD/goods/getCopyFields': {
    fields: { id: 'goods' },
    request: (id) => ({ body: { id: id('id'), langs: ['en'] } }),
  },
  'POST /PDD/goods/getOneBaseInfoLinkUrl': { fields: { id: 'goods' }, request: (id) => ({ body: { id: id('id') } }) },
  // Another tenant's unpublished product: claiming finds nothing (published ones are open to all by design).
  'POST /PDD/claim/claimGoods': { fields: { id: 'goods' }, request: (id) => ({ body: { id: id('id') } }) },
  'POST /PDD/claim/publish': {
    fields: { ids: 'goods' },
    request: (id) => ({ body: { ids: [id('ids')], claimable: true } }),
  },
  [`POST ${G}/exportSelectTableData`]: {
    fields: { ids: 'goods', 'filter.category_id': 'category', 'filter.creator_id': 'user' },
    request: (id) => ({
      body: {
        ids: [id('ids')],
        filter: { category_id: id('filter.category_id'), creator_id: id('filter.creator_id') },
      },
    }),
  },
  [`GET ${G}/exportJob`]: { fields: { id: 'exportJob' }, request: (id) => ({ query: { id: id('id') } }) },
  [`GET ${G}/exportJob/download`]: { fields: { id: 'exportJob' }, request: (id) => ({ query: { id: id('id') } }) },
  'POST /PDD/goods/ean/delete': { fields: { ids: 'ean' }, request: (id) => ({ body: { ids: [id('ids')] } }) },
  'POST /PDD/goods/sensitive/delete': {
    fields: { ids: 'sensitive' },
    request: (id) => ({ body: { ids: [id('ids')] } }),
  },
  'GET /PDD/goods/points/get': { fields: { id: 'points' }, request: (id) => ({ query: { id: id('id') } }) },
  'POST /PDD/goods/points/update': {
    fields: { id: 'points' },
    request: (id) => ({ body: { id: id('id'), version: 1, name: 'x' } }),
  },
  'POST /PDD/goods/points/delete': { fields: { ids: 'points' }, request: (id) => ({ body: { ids: [id('ids')] } }) },
  'GET /PDD/goods/search-terms/get': { fields: { id: 'searchTerms' }, request: (id) => ({ query: { id: id('id') } }) },
  'POST /PDD/goods/search-terms/update': {
    fields: { id: 'searchTerms' },
    request: (id) => ({ body: { id: id('id'), version: 1, name: 'x' } }),
  },
  'POST /PDD/goods/search-terms/delete': {
    fields: { ids: 'searchTerms' },
    request: (id) => ({ body: { ids: [id('ids')] } }),
  },
  'POST /PDD/goods/category/create': {
    fields: { parent_id: 'category' },
    request: (id) => ({ body: { name: 'x', parent_id: id('parent_id'), sort: 0 } }),
  },
  'POST /PDD/goods/category/update': {
    fields: { id: 'category', parent_id: 'category' },
    request: (id) => ({ body: { id: id('id'), version: 1, name: 'x', parent_id: id('parent_id') } }),
  },
  'POST /PDD/goods/category/delete': { fields: { id: 'category' }, request: (id) => ({ body: { id: id('id') } }) },
  'GET /PDD/opera-log/list': { fields: { user_id: 'user' }, request: (id) => ({ query: { user_id: id('user_id') } }) },
  'POST /PDD/transfer/glossary/save': {
    fields: { id: 'glossary' },
    request: (id) => ({ body: { id: id('id'), term: 'x' } }),
  },
  'POST /PDD/transfer/glossary/delete': {
    fields: { ids: 'glossary' },
    request: (id) => ({ body: { ids: [id('ids')] } }),
  },
  'POST /PDD/transfer/memory/delete': { fields: { ids: 'memory' }, request: (id) => ({ body: { ids: [id('ids')] } }) },
  'POST /PDD/transfer/corrections/delete': {
    fields: { ids: 'correction' },
    request: (id) => ({ body: { ids: [id('ids')] } }),
  },
  'POST /PDD/transfer/translateGoods': {
    fields: { ids: 'goods' },
    request: (id) => ({ body: { ids: [id('ids')], from: 'en', to: ['de'] } }),
  },
  'POST /PDD/upload/create': {
    fields: {
      shop_id: 'shop',
      ids: 'goods',
      'filter.category_id': 'category',
      'filter.creator_id': 'user',
      'hold.[].goods_id': 'goods',
    },
    request: (id) => ({
      body: {
        shop_id: id('shop_id'),
        marketplaces: ['de'],
        upload_type: 'good',
        ids: [id('ids')],
        hold: [{ goods_id: id('hold.[].goods_id'), marketplace: 'de' }],
      },
    }),
  },
  'POST /PDD/upload/check': {
    fields: { shop_id: 'shop', ids: 'goods', 'filter.category_id': 'category', 'filter.creator_id': 'user' },
    request: (id) => ({
      body: { shop_id: id('shop_id'), marketplaces: ['de'], upload_type: 'good', ids: [id('ids')] },
    }),
  },
  'POST /PDD/upload/deleteListing': {
    fields: { shop_id: 'shop' },
    request: (id) => ({ body: { shop_id: id('shop_id'), marketplace: 'de', seller_sku: 'X-1' } }),
  },
  'GET /PDD/upload/queueList': {
    fields: { shop_id: 'shop' },
    request: (id) => ({ query: { shop_id: id('shop_id') } }),
  },
  'GET /PDD/upload/queue': { fields: { id: 'uploadQueue' }, request: (id) => ({ query: { id: id('id') } }) },
  'GET /PDD/upload/queueItems': {
    fields: { queue_id: 'uploadQueue', goods_id: 'goods' },
    request: (id) => ({ query: { queue_id: id('queue_id'), goods_id: id('goods_id') } }),
  },
  'POST /PDD/upload/retry': {
    fields: { queue_id: 'uploadQueue', item_ids: 'uploadItem' },
    request: (id) => ({ body: { queue_id: id('queue_id'), item_ids: [id('item_ids')] } }),
  },
  'POST /PDD/upload/recheck': {
    fields: { queue_id: 'uploadQueue', item_ids: 'uploadItem' },
    request: (id) => ({ body: { queue_id: id('queue_id'), item_ids: [id('item_ids')] } }),
  },
  'POST /PDD/upload/cancel': {
    fields: { queue_id: 'uploadQueue' },
    request: (id) => ({ body: { queue_id: id('queue_id') } }),
  },
  'GET /PDD/upload/errorFeed': {
    fields: { queue_id: 'uploadQueue', goods_id: 'goods' },
    request: (id) => ({ query: { queue_id: id('queue_id'), goods_id: id('goods_id') } }),
  },
  'GET /PDD/upload/queueGoods': {
    fields: { queue_id: 'uploadQueue' },
    request: (id) => ({ query: { queue_id: id('queue_id') } }),
  },
  'POST /PDD/upload/resubmit': {
    fields: { queue_id: 'uploadQueue', 'goods.[].goods_id': 'goods' },
    request: (id) => ({
      body: { queue_id: id('queue_id'), goods: [{ goods_id: id('goods.[].goods_id'), version: 1, quantity: 3 }] },
    }),
  },
  'GET /PDD/upload/listings': {
    fields: { goods_ids: 'goods' },
    request: (id) => ({ query: { goods_ids: id('goods_ids') } }),
  },
  'GET /PDD/jobs/get': { fields: { id: 'exportJob' }, request: (id) => ({ query: { id: id('id') } }) },
  // Finance (issue 16). Tenant B keeps its money with a trader, so the platform operator (the
  // reviewer these routes get) must not reach B's account, top-ups or entries either.
  'GET /PDD/finance/entries': {
    fields: {},
    notRowIds: { ref_id: REF_ID },
    request: () => ({ query: { ref_id: 'x' } }),
  },
  'GET /PDD/finance/entries/export': {
    fields: {},
    notRowIds: { ref_id: REF_ID },
    request: () => ({ query: { ref_id: 'x' } }),
  },
  'GET /PDD/finance/purchase': {
    fields: {},
    notRowIds: { ref_id: REF_ID },
    request: () => ({ query: { ref_id: 'x' } }),
  },
  'POST /PDD/finance/adjust': {
    fields: { uid: 'user' },
    request: (id) => ({ body: { uid: id('uid'), kind: 'credit', amount: 100, reason: 'x', idem_key: 'k' } }),
  },
  'POST /PDD/finance/credit-limit': {
    fields: { uid: 'user' },
    request: (id) => ({ body: { uid: id('uid'), credit_limit: 100 } }),
  },
  'POST /PDD/finance/deposit/return': {
    fields: { uid: 'user' },
    request: (id) => ({ body: { uid: id('uid'), amount: 1, reason: 'x', idem_key: 'k' } }),
  },
  'POST /PDD/finance/reverse': {
    fields: { uid: 'user', id: 'entry' },
    request: (id) => ({ body: { uid: id('uid'), id: id('id'), reason: 'x', idem_key: 'k' } }),
  },
  // Logistics (issue 18). Channels belong to a book (the operator's or a trader's), not to a
  // tenant: tenants A and B ship on the same operator channels; another book's id is 404
  // (apps/server/test/logistics/logistics-api.test.ts).
  'POST /PDD/logistics/channel/update': {
    fields: {},
    notRowIds: { id: CHANNEL_ID },
    request: () => ({ body: { id: 1, version: 1 } }),
  },
  'POST /PDD/logistics/parcel/submit': {
    fields: { order_id: 'order' },
    notRowIds: { channel_id: CHANNEL_ID },
    request: (id) => ({
      body: { order_id: id('order_id'), channel_id: 1, weight_g: 100, length_mm: 10, width_mm: 10, height_mm: 10 },
    }),
  },
  'POST /PDD/logistics/intercept/approve': {
    fields: { id: 'parcel' },
    request: (id) => ({ body: { id: id('id'), version: 1 } }),
  },
  'POST /PDD/logistics/intercept/cancel': {
    fields: { id: 'parcel' },
    request: (id) => ({ body: { id: id('id'), version: 1, note: 'x' } }),
  },
  'POST /PDD/logistics/intercept/change-channel': {
    fields: { id: 'parcel' },
    notRowIds: { channel_id: CHANNEL_ID },
    request: (id) => ({ body: { id: id('id'), version: 1, channel_id: 1 } }),
  },
  'POST /PDD/logistics/parcel/dismiss-error': {
    fields: { id: 'parcel' },
    request: (id) => ({ body: { id: id('id') } }),
  },
  'POST /PDD/logistics/waybill/create': {
    fields: { parcel_id: 'parcel' },
    request: (id) => ({ body: { parcel_id: id('parcel_id') } }),
  },
  'POST /PDD/logistics/waybill/ship': { fields: { id: 'waybill' }, request: (id) => ({ body: { id: id('id') } }) },
  'POST /PDD/logistics/waybill/cancel': { fields: { id: 'waybill' }, request: (id) => ({ body: { id: id('id') } }) },
  'POST /PDD/logistics/waybill/dismiss-error': {
    fields: { id: 'waybill' },
    request: (id) => ({ body: { id: id('id') } }),
  },
  'GET /PDD/logistics/waybill/tracking': { fields: { id: 'waybill' }, request: (id) => ({ query: { id: id('id') } }) },
  'GET /PDD/logistics/waybill/labels': {
    fields: { ids: 'waybill' },
    request: (id) => ({ query: { ids: String(id('ids')) } }),
  },
  // Problem parcels (issue 18 §4). Compensation is the warehouse side's (the platform operator
  // here): tenant B's parcel ships on an operator channel, so the operator reaches it and the
  // factory's type 1 parcel is refused (400); a handler of another book gets 404
  // (apps/server/test/logistics/problem-api.test.ts).
  'GET /PDD/logistics/problem/detail': { fields: { id: 'problem' }, request: (id) => ({ query: { id: id('id') } }) },
  'POST /PDD/logistics/problem/report': {
    fields: { waybill_id: 'waybill' },
    request: (id) => ({ body: { waybill_id: id('waybill_id'), type: 1 } }),
  },
  'POST /PDD/logistics/problem/transition': {
    fields: { id: 'problem' },
    request: (id) => ({ body: { id: id('id'), version: 1, to: 2 } }),
  },
  'POST /PDD/logistics/problem/compensate': {
    fields: { id: 'problem' },
    request: (id) => ({ body: { id: id('id'), version: 1, amount: 100 } }),
  },
  'POST /PDD/logistics/problem/close': {
    fields: { id: 'problem' },
    request: (id) => ({ body: { id: id('id'), version: 1, note: 'x' } }),
  },
  'GET /PDD/finance/topup/proof-file': { fields: { id: 'topup' }, request: (id) => ({ query: { id: id('id') } }) },
  'GET /PDD/finance/payee/qr-file': { fields: { id: 'payee' }, request: (id) => ({ query: { id: id('id') } }) },
  'POST /PDD/finance/payee/save': {
    fields: { id: 'payee' },
    request: (id) => ({ body: { id: id('id'), kind: 'alipay', account_no: 'a@example.com', account_name: 'x' } }),
  },
  'POST /PDD/finance/payee/delete': { fields: { id: 'payee' }, request: (id) => ({ body: { id: id('id') } }) },
  'POST /PDD/finance/review/approve': { fields: { id: 'topup' }, request: (id) => ({ body: { id: id('id') } }) },
  'POST /PDD/finance/review/refuse': {
    fields: { id: 'topup' },
    request: (id) => ({ body: { id: id('id'), reason: 'x' } }),
  },
  'GET /PDD/transfer/translateJob': { fields: { id: 'translateJob' }, request: (id) => ({ query: { id: id('id') } }) },
  'POST /PDD/follow/candidate/add': {
    fields: { shop_id: 'shop' },
    request: (id) => ({ body: { marketplace: 'de', shop_id: id('shop_id'), asins: 'B0TENANCY1' } }),
  },
  'POST /PDD/follow/candidate/import': {
    fields: { shop_id: 'shop' },
    request: (id) => ({
      body: {
        marketplace: 'de',
        shop_id: id('shop_id'),
        file: { name: 'asins.txt', content: Buffer.from('B0TENANCY1').toString('base64') },
      },
    }),
  },
  'POST /PDD/follow/candidate/refresh': {
    fields: { ids: 'followCandidate', shop_id: 'shop' },
    request: (id) => ({ body: { ids: [id('ids')], shop_id: id('shop_id') } }),
  },
  'POST /PDD/follow/candidate/search': {
    fields: { shop_id: 'shop' },
    notRowIds: { classification_id: "Amazon's browse node number, no row" },
    request: (id) => ({ body: { marketplace: 'de', shop_id: id('shop_id'), keyword: 'x' } }),
  },
  'POST /PDD/follow/candidate/cost': {
    fields: { id: 'followCandidate' },
    request: (id) => ({ body: { id: id('id'), cost: 100 } }),
  },
  'POST /PDD/follow/candidate/delete': {
    fields: { ids: 'followCandidate' },
    request: (id) => ({ body: { ids: [id('ids')] } }),
  },
  'POST /PDD/follow/push': {
    fields: { ids: 'followCandidate', shop_id: 'shop' },
    request: (id) => ({ body: { ids: [id('ids')], shop_id: id('shop_id'), quantity: 1 } }),
  },
  'GET /PDD/follow/queue/list': {
    fields: { shop_id: 'shop' },
    request: (id) => ({ query: { shop_id: id('shop_id') } }),
  },
  'POST /PDD/follow/queue/retry': { fields: { ids: 'followOffer' }, request: (id) => ({ body: { ids: [id('ids')] } }) },
  'GET /PDD/follow/offer/list': {
    fields: { shop_id: 'shop' },
    request: (id) => ({ query: { shop_id: id('shop_id') } }),
  },
  'POST /PDD/follow/offer/update': {
    fields: { id: 'followOffer' },
    request: (id) => ({ body: { id: id('id'), version: 1, price: 500 } }),
  },
  'POST /PDD/follow/offer/stop': {
    fields: { id: 'followOffer' },
    request: (id) => ({ body: { id: id('id'), version: 1 } }),
  },
  'POST /PDD/follow/offer/reprice': {
    fields: { id: 'followOffer' },
    request: (id) => ({ body: { id: id('id'), version: 1, enabled: false, min: null, max: null } }),
  },
  'POST /PDD/follow/offer/check': { fields: { ids: 'followOffer' }, request: (id) => ({ body: { ids: [id('ids')] } }) },
  'POST /PDD/monitor/asin/add': {
    fields: { shop_id: 'shop' },
    request: (id) => ({ body: { marketplace: 'de', shop_id: id('shop_id'), asins: 'B0TENANCY1' } }),
  },
  'GET /PDD/monitor/asin/list': {
    fields: { shop_id: 'shop' },
    request: (id) => ({ query: { shop_id: id('shop_id') } }),
  },
  'POST /PDD/monitor/asin/update': {
    fields: { id: 'monitorAsin' },
    request: (id) => ({
      body: { id: id('id'), version: 1, priority: 3, own_brand: false, band_min: null, band_max: null },
    }),
  },
  'POST /PDD/monitor/asin/delete': {
    fields: { ids: 'monitorAsin' },
    request: (id) => ({ body: { ids: [id('ids')] } }),
  },
  'POST /PDD/monitor/asin/check': { fields: { ids: 'monitorAsin' }, request: (id) => ({ body: { ids: [id('ids')] } }) },
  'GET /PDD/monitor/asin/detail': { fields: { id: 'monitorAsin' }, request: (id) => ({ query: { id: id('id') } }) },
  'GET /PDD/monitor/alert/list': {
    fields: { monitor_id: 'monitorAsin' },
    request: (id) => ({ query: { monitor_id: id('monitor_id') } }),
  },
  'POST /PDD/monitor/alert/handle': {
    fields: { ids: 'monitorAlert' },
    request: (id) => ({ body: { ids: [id('ids')] } }),
  },
  'GET /PDD/monitor/case/detail': { fields: { id: 'monitorCase' }, request: (id) => ({ query: { id: id('id') } }) },
  'POST /PDD/monitor/case/status': {
    fields: { id: 'monitorCase' },
    request: (id) => ({ body: { id: id('id'), version: 1, status: 'warned' } }),
  },
  'POST /PDD/amazon-user/messageRead': {
    fields: { ids: 'message' },
    request: (id) => ({ body: { ids: [id('ids')] } }),
  },
};

/** Every row of a tenant in every table with a tenant column (and its accounts), to compare before and after. */
async function snapshot(tenantId: number): Promise<Record<string, string>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'tenant_id' order by table_name`.execute(t.db);
  const out: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    // Sessions move on their own (last use); nothing here signs tenant B in during the calls.
    if (table_name === 'sessions') continue;
    const rows = await sql`select * from ${sql.table(table_name)} where tenant_id = ${tenantId} order by 1`.execute(
      t.db,
    );
    out[table_name] = JSON.stringify(rows.rows);
  }
  return out;
}

/** Where a 200 answer shows tenant B's data: its marker text, or one of its ids under an id-like key. */
function leaks(data: unknown, marker: string, ids: Set<number | string>): string | null {
  const text = JSON.stringify(data ?? null);
  if (text.includes(marker)) return `shows "${marker}"`;
  const walk = (v: unknown, key: string): string | null => {
    if (Array.isArray(v)) return v.map((x) => walk(x, key)).find(Boolean) ?? null;
    if (v && typeof v === 'object') {
      return (
        Object.entries(v)
          .map(([k, x]) => walk(x, k))
          .find(Boolean) ?? null
      );
    }
    return ID_NAME.test(key) && ids.has(v as number | string) ? `shows ${key}=${String(v)}` : null;
  };
  return walk(data, '');
}

describe("tenancy: every route that takes an id refuses another tenant's ids", () => {
  let operator: UserRow;
  let a: UserRow;
  let aWorker: UserRow;
  let aRows: Rows;
  let b: UserRow;
  let bRows: Rows;
  const MARKER = 'TenantBSecret';

  /** A job of each kind for a tenant, finished before the calls so its rows no longer move. */
  async function jobsOf(owner: UserRow, goods: number): Promise<{ exportJob: string; translateJob: string }> {
    const actor = { userId: owner.id, tenantId: owner.tenant_id, account: owner.account, ip: '', requestId: 'test' };
    const exp = await startExportJob(t.deps, t.app.jobs, actor, { ids: [goods] }, 1);
    const s = await signIn(t.app, owner.account, TEST_PASSWORD, 'bearer');
    const tr = await call(t.app, s, 'POST', '/PDD/transfer/translateGoods', { ids: [goods], from: 'en', to: ['de'] });
    expect(tr.status, tr.msg).toBe(200);
    for (const [url, id] of [
      [`${G}/exportJob`, exp.job_id],
      ['/PDD/transfer/translateJob', tr.data.job_id],
    ] as const) {
      for (let i = 0; ; i++) {
        const job = await call(t.app, s, 'GET', `${url}?id=${id}`);
        if (['done', 'failed'].includes(job.data?.status)) break;
        if (i > 150) throw new Error(`job ${url} ${id} did not finish: ${JSON.stringify(job)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    return { exportJob: exp.job_id, translateJob: tr.data.job_id };
  }

  beforeAll(async () => {
    operator = await buildTenant(t.db); // uid 1: the platform operator (internalIds [1])
    a = await buildTenant(t.db, { auth: 0, max_child: 10 });
    // B keeps its money with its trader: the platform operator's book does not hold it (issue 16).
    const trader = await buildTenant(t.db, { auth: 5 });
    b = await buildTenant(t.db, { auth: 0, max_child: 10, trader_id: trader.id, is_use_trader_finance: 1 });
    aWorker = await buildUser(t.db, a, { auth: 2 });
    const bChild = await buildUser(t.db, b, { auth: 2 });
    const aLib = await buildTenantRows(t.db, a, 'TenantAOwn');
    const bLib = await buildTenantRows(t.db, b, MARKER);
    await t.db
      .updateTable('users')
      .set({ user_name: `${MARKER}子账号` })
      .where('id', '=', bChild.id)
      .execute();
    aRows = { ...aLib, user: aWorker.id, ...(await jobsOf(a, aLib.goods)) };
    bRows = { ...bLib, user: bChild.id, ...(await jobsOf(b, bLib.goods)) };
  }, 120_000);

  it('every route with an id field is mapped (a new route fails here until it is)', () => {
    const unmapped: string[] = [];
    for (const entry of t.app.routeTable) {
      const key = `${entry.method} ${entry.url}`;
      const fields = idFields(entry)
        .map((f) => f.path.join('.'))
        .filter((p) => !(p.split('.').at(-1)! in NOT_ROW_IDS));
      const mapped = ID_ROUTES[key];
      const missing = fields.filter((f) => !mapped || !(f in mapped.fields || f in (mapped.notRowIds ?? {})));
      if (missing.length) {
        unmapped.push(
          `${key} takes ids in ${missing.join(', ')}: map it in ID_ROUTES of apps/server/test/tenancy.test.ts (which row kind each field holds, and a valid request)`,
        );
      }
    }
    expect(unmapped).toEqual([]);
  });

  it("tenant A calling with tenant B's ids gets not found or a refusal, never B's data, and B's rows stay unchanged", async () => {
    const failures: string[] = [];
    const bIds = new Set<number | string>(Object.values(bRows));
    for (const entry of t.app.routeTable) {
      const key = `${entry.method} ${entry.url}`;
      const route = ID_ROUTES[key];
      if (!route) continue;
      // Tenant A's admin, else its worker (batch copy is the normal tag set's), else the platform operator.
      const caller = [a, aWorker, operator].find((u) => allowed(u, entry.access));
      if (!caller) {
        failures.push(`${key}: no account of this test may call it (${entry.access}); add one`);
        continue;
      }
      const own = caller.tenant_id === a.tenant_id ? aRows : null;
      for (const [field, kind] of Object.entries(route.fields)) {
        const id: Pick = (f) => (f === field ? bRows[kind] : (own?.[route.fields[f]!] ?? bRows[route.fields[f]!]));
        // Other id fields carry the caller's own rows, so only the field under test points at tenant B.
        const req = route.request(id);
        const s = await signIn(t.app, caller.account, TEST_PASSWORD, 'bearer');
        const before = await snapshot(b.id);
        const qs = req.query
          ? `?${Object.entries(req.query)
              .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
              .join('&')}`
          : '';
        const res = await call(t.app, s, entry.method as 'GET' | 'POST', `${entry.url}${qs}`, req.body);
        const after = await snapshot(b.id);
        const where = `${key} ${field}=${String(bRows[kind])}`;
        if (res.http >= 500) failures.push(`${where}: ${res.http} ${res.msg}`);
        else if (res.http === 400 && res.data?.issues)
          failures.push(`${where}: the mapped request is invalid: ${res.msg}`);
        else if (res.http < 400) {
          const leak = leaks(res.data, MARKER, bIds);
          if (leak) failures.push(`${where}: answered ${res.http} and ${leak}`);
        }
        const changed = Object.keys(after).filter((table) => before[table] !== after[table]);
        if (changed.length) failures.push(`${where}: tenant B's rows changed in ${changed.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

function allowed(u: UserRow, access: string): boolean {
  if (['public', 'authenticated', 'refreshToken'].includes(access)) return true;
  return can({ uid: u.id, auth: u.auth as Auth, parent_id: u.parent_id }, access as Permission, { internalIds: [1] });
}
