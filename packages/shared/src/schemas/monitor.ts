import { z } from 'zod';
import { MARKETPLACES, type MarketplaceCode } from '../constants/marketplaces.js';
import { dbId, dbIdList, dbInt, paged, pageQuery } from './common.js';
import { asinListField } from './follow.js';

/**
 * The ASIN monitor (跟卖监控, issue 15 §3) and follow-sale removal (跟卖移除, §4): watched ASINs
 * with their offers, history and alerts, and removal cases per ASIN and follower
 * (docs/monitor.md). Money is integer minor units of the marketplace's currency.
 */

/** Monitor-bridge countries (spec section 3): removal cases are opened in these sites only. */
export const MONITOR_BRIDGE_SITES = ['com', 'ca', 'co.uk', 'de', 'co.jp', 'ae', 'fr', 'es', 'it', 'com.mx', 'nl', 'se'];

/** Priorities: 3 high, 2 normal, 1 low (polling weights 4, 2, 1). */
export const MONITOR_PRIORITIES = { 1: '低', 2: '中', 3: '高' } as const;

/** Alert kinds and their Chinese names. */
export const ALERT_KINDS = {
  new_seller: '新卖家跟卖',
  lost_buybox: '失去购物车',
  price_band: '价格超出范围',
  content: '页面内容变化',
  suppressed: 'Listing被抑制',
} as const;

/** Removal case statuses and their Chinese names. */
export const CASE_STATUSES = {
  open: '待处理',
  warned: '已警告',
  reported: '已投诉',
  removed: '已移除',
  unresolved: '未解决',
} as const;

/** A status the user may set (removed is also set by itself when the follower stays gone). */
export type CaseStatus = keyof typeof CASE_STATUSES;

const marketplaceCode = z
  .string({ error: '请选择站点' })
  .transform((s) => s.trim().toLowerCase())
  .refine((s): s is MarketplaceCode => MARKETPLACES.some((m) => m.code === s), { error: '站点不存在' });
const monitorId = dbId('监控ID');
const priority = z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '优先级不合法' }));
const price = (label: string) => dbInt(label, 0, 1_000_000_000).nullable();

/** `POST /monitor/asin/add`: watch ASINs of a marketplace through one of the tenant's shops. */
export const monitorAddBody = z
  .strictObject({
    shop_id: dbId('店铺ID', 'integer'),
    marketplace: marketplaceCode,
    asins: asinListField,
    priority: priority.default(2),
    /** The tenant's own brand: followers open removal cases (§4). */
    own_brand: z.boolean().default(false),
    band_min: price('价格下限').default(null),
    band_max: price('价格上限').default(null),
  })
  .refine((b) => b.band_min === null || b.band_max === null || b.band_min <= b.band_max, {
    error: '价格下限不能大于上限',
  });

/** What an add did: new rows, and ASINs already watched (left as they were). */
export const monitorAddData = z.object({ added: z.number().int(), existing: z.number().int() });

/** `POST /monitor/asin/update`: priority, own brand and price band of one watched ASIN. */
export const monitorUpdateBody = z
  .strictObject({
    id: monitorId,
    version: dbInt('版本', 1),
    priority,
    own_brand: z.boolean(),
    band_min: price('价格下限'),
    band_max: price('价格上限'),
  })
  .refine((b) => b.band_min === null || b.band_max === null || b.band_min <= b.band_max, {
    error: '价格下限不能大于上限',
  });

/** `POST /monitor/asin/delete` and `/monitor/asin/check`: some watched ASINs. */
export const monitorIdsBody = z.strictObject({
  ids: dbIdList({ label: '监控ID', empty: '请选择ASIN', invalid: '监控ID不合法' }),
});

/** A check now: ASINs read, and ASINs left for the schedule because the shop's budget had no slot. */
export const monitorCheckData = z.object({ checked: z.number().int(), deferred: z.number().int() });

/** `GET /monitor/asin/list`. */
export const monitorListQuery = z.strictObject({
  ...pageQuery,
  keyword: z.string().trim().max(100).optional(),
  shop_id: dbId('店铺ID', 'integer').optional(),
  /** hijacked: followers with live cases; alerts: unhandled alerts; lost: we offer it and do not hold the Buy Box. */
  filter: z.enum(['all', 'hijacked', 'alerts', 'lost'], { error: '筛选条件不合法' }).default('all'),
});

/** One offer on a watched ASIN. */
export const monitorOfferView = z.object({
  seller_id: z.string(),
  price: z.number().int(),
  shipping: z.number().int(),
  fba: z.boolean(),
  buybox: z.boolean(),
  mine: z.boolean(),
});

/** A watched ASIN in the list. */
export const monitorAsinView = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  marketplace: z.string(),
  asin: z.string(),
  currency: z.string(),
  priority: z.number().int(),
  own_brand: z.boolean(),
  band_min: z.number().int().nullable(),
  band_max: z.number().int().nullable(),
  title: z.string(),
  image: z.string(),
  brand: z.string(),
  suppressed: z.boolean(),
  offer_count: z.number().int().nullable(),
  buybox_price: z.number().int().nullable(),
  buybox_seller: z.string(),
  holds_buybox: z.boolean(),
  our_offer: z.boolean(),
  /** notify: Amazon sends ANY_OFFER_CHANGED (our shop offers it); poll: read by the budgeted schedule. */
  watch: z.enum(['notify', 'poll']),
  last_checked_at: z.string().nullable(),
  next_check_at: z.string(),
  check_error: z.string(),
  open_alerts: z.number().int(),
  live_cases: z.number().int(),
  version: z.number().int(),
});

/** A page of watched ASINs with the caller's limit (`limit_monitor_len`) and use. */
export const monitorListData = paged(monitorAsinView).extend({ limit: z.number().int(), used: z.number().int() });

/** `GET /monitor/asin/detail?id=&days=`. */
export const monitorDetailQuery = z.strictObject({
  id: monitorId,
  days: dbInt('天数', 1, 366).default(30),
});

/** An alert. */
export const monitorAlertView = z.object({
  id: z.number().int(),
  monitor_id: z.number().int(),
  asin: z.string(),
  marketplace: z.string(),
  kind: z.enum(Object.keys(ALERT_KINDS) as [keyof typeof ALERT_KINDS, ...(keyof typeof ALERT_KINDS)[]]),
  detail: z.string(),
  seller_id: z.string(),
  handled: z.boolean(),
  created_at: z.string(),
});

/** One watched ASIN: its current offers, the history of Buy Box price and seller count, its alerts. */
export const monitorDetailData = z.object({
  asin: monitorAsinView,
  offers: z.array(monitorOfferView),
  history: z.array(
    z.object({
      at: z.string(),
      buybox_price: z.number().int().nullable(),
      offer_count: z.number().int(),
      buybox_seller: z.string(),
    }),
  ),
  alerts: z.array(monitorAlertView),
});

/** `GET /monitor/alert/list`. */
export const alertListQuery = z.strictObject({
  ...pageQuery,
  monitor_id: monitorId.optional(),
  handled: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .optional(),
});

/** A page of alerts. */
export const alertListData = paged(monitorAlertView);

/** `POST /monitor/alert/handle`: mark alerts handled. */
export const alertHandleBody = z.strictObject({
  ids: dbIdList({ label: '提醒ID', empty: '请选择提醒', invalid: '提醒ID不合法' }),
});

/** The monitor dashboard (监控首页). */
export const monitorOverviewData = z.object({
  watched: z.number().int(),
  limit: z.number().int(),
  used: z.number().int(),
  open_alerts: z.number().int(),
  hijacked: z.number().int(),
  /** Of the ASINs our shops offer, the share whose Buy Box we hold, in basis points (null: none). */
  buybox_share_bp: z.number().int().nullable(),
  our_offers: z.number().int(),
  live_cases: z.number().int(),
  checks_today: z.number().int(),
  /** ASIN checks the tenant's shops' pricing limits allow per day. */
  budget_today: z.number().int(),
  /** Seconds between checks of a normal-priority polled ASIN at the current load. */
  poll_interval_s: z.number().int(),
  latest_alerts: z.array(monitorAlertView),
});

/** `GET /monitor/case/list`. */
export const caseListQuery = z.strictObject({
  ...pageQuery,
  status: z.enum(Object.keys(CASE_STATUSES) as [CaseStatus, ...CaseStatus[]], { error: '状态不合法' }).optional(),
  keyword: z.string().trim().max(100).optional(),
});

/** A removal case. */
export const caseView = z.object({
  id: z.number().int(),
  monitor_id: z.number().int(),
  marketplace: z.string(),
  asin: z.string(),
  title: z.string(),
  brand: z.string(),
  currency: z.string(),
  seller_id: z.string(),
  seller_name: z.string(),
  status: z.enum(Object.keys(CASE_STATUSES) as [CaseStatus, ...CaseStatus[]]),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  gone_since: z.string().nullable(),
  closed_at: z.string().nullable(),
  evidence_count: z.number().int(),
  version: z.number().int(),
});

/** A page of removal cases. */
export const caseListData = paged(caseView);

/** `GET /monitor/case/detail?id=`. */
export const caseDetailQuery = z.strictObject({ id: dbId('案件ID') });

/** A case with its evidence, the complaint texts and the warning template. */
export const caseDetailData = z.object({
  case: caseView,
  evidence: z.array(
    z.object({
      at: z.string(),
      price: z.number().int(),
      shipping: z.number().int(),
      fba: z.boolean(),
      buybox: z.boolean(),
    }),
  ),
  complaint_zh: z.string(),
  complaint_local: z.string(),
  /** Language tag of `complaint_local` (the marketplace's language). */
  local_language: z.string(),
  warning: z.string(),
});

/** `POST /monitor/case/status`: the user's status change (removed by hand too). */
export const caseStatusBody = z.strictObject({
  id: dbId('案件ID'),
  version: dbInt('版本', 1),
  status: z.enum(Object.keys(CASE_STATUSES) as [CaseStatus, ...CaseStatus[]], { error: '状态不合法' }),
  seller_name: z.string().trim().max(100).optional(),
});

/** The tenant's monitor settings. */
export const monitorSettingsData = z.object({
  /** A follower gone from the offers this long closes its case as removed. */
  removed_after_minutes: z.number().int(),
});

/** `POST /monitor/settings`. */
export const monitorSettingsBody = z.strictObject({
  removed_after_minutes: dbInt('移除确认时间', 0, 43_200),
});

/** `GET /monitor/shops`: the authorized shops the caller may watch through (also for the monitor user, auth 6). */
export const monitorShopsData = z.object({
  list: z.array(
    z.object({ id: z.number().int(), name: z.string(), sandbox: z.boolean(), marketplaces: z.array(z.string()) }),
  ),
});
