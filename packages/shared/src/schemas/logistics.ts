import { z } from 'zod';
import { isCarrierCode, OTHER_CARRIER } from '../constants/carriers.js';
import { QUOTE_REFUSALS } from '../logistics/quote.js';
import { dbId, dbIdList, dbInt, paged, pageQuery, requiredString } from './common.js';
import { amountFen } from './finance.js';

/**
 * Logistics (issue 18 §1, §2): channels, parcels and freight review (`/order/intercept`
 * 运费审核), waybills and labels, shipment confirmation, fees (`/order/consume-list` 消费记录).
 * Weights in grams, sizes in millimetres, money in fen.
 */

/** Waybill status of spec section 4: '0' not shipped, '2' shipped. */
export const WAYBILL_STATUSES = ['0', '2'] as const;
export type WaybillStatus = (typeof WAYBILL_STATUSES)[number];
export const WAYBILL_STATUS_LABELS: Readonly<Record<WaybillStatus, string>> = { '0': '未发货', '2': '已发货' };

/** Review state of a parcel: passed every rule, held by a rule, approved or cancelled by a reviewer. */
export const REVIEW_STATUSES = ['passed', 'held', 'approved', 'cancelled'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Readonly<Record<ReviewStatus, string>> = {
  passed: '无需审核',
  held: '待审核',
  approved: '已通过',
  cancelled: '已取消',
};

/** The rules of 运费审核 that stop a parcel (issue 18 §1). */
export const HOLD_REASONS = ['over_estimate', 'negative_margin', 'low_balance', 'battery_refused'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];
export const HOLD_REASON_LABELS: Readonly<Record<HoldReason, string>> = {
  over_estimate: '运费超出预估',
  negative_margin: '利润为负',
  low_balance: '余额不足',
  battery_refused: '渠道不接受带电',
};

/**
 * The customs declaration sent with a waybill to the carrier (issue 18 §3) and printed on its
 * label: each line under its HS code (declared names, unit, value by the code's rule), the
 * exporter (the tenant's default 生产销售单位), and the operator's IOSS number when the
 * consignment goes to the EU and is worth at most EUR 150 (DECISIONS "IOSS").
 */
export const IOSS_REASONS = ['applies', 'not_eu', 'over_threshold', 'no_number'] as const;
export const declarationLine = z.object({
  title: z.string(),
  /** Null when neither the product nor its categories are linked to an HS code (海关编码). */
  hs_code: z.string().nullable(),
  name_cn: z.string(),
  name_en: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
  /** Declared value of the line in minor units of `currency`. */
  value: z.number().int(),
  currency: z.string(),
});
export const declarationData = z.object({
  /** The intrinsic value of the consignment (the lines, converted with the dated rates) in minor units of `currency`. */
  value: z.number().int(),
  currency: z.string(),
  lines: z.array(declarationLine),
  exporter: z
    .object({
      name: z.string(),
      credit_code: z.string(),
      address: z.string(),
      contact_name: z.string(),
      contact_phone: z.string(),
    })
    .nullable(),
  ioss: z.object({
    applies: z.boolean(),
    /** The operator's IOSS number, only when it applies. */
    number: z.string().nullable(),
    reason: z.enum(IOSS_REASONS),
    /** The value in euros as converted (decimal text), null outside the EU. */
    value_eur: z.string().nullable(),
    rates_as_of: z.string(),
  }),
});
export type DeclarationData = z.infer<typeof declarationData>;

/** Label sizes in millimetres. */
export const LABEL_SIZES = ['100x100', '100x150'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];

/** Confirmation to Amazon: pending (queued or retrying), done, failed (refused by Amazon). */
export const CONFIRM_STATUSES = ['pending', 'done', 'failed'] as const;
export type ConfirmStatus = (typeof CONFIRM_STATUSES)[number];

const grams = (label: string, max = 1_000_000) => dbInt(label, 1, max);
const mm = (label: string) => dbInt(label, 1, 10_000);
const fen = (label: string) => amountFen(label, 0);
const channelId = dbId('渠道ID', 'integer');
const parcelId = dbId('包裹ID');
const version = dbInt('版本号', 1);

const country = z
  .string({ error: '国家代码不合法' })
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => /^[A-Z]{2}$/.test(s), { error: '国家代码必须为两位字母' });

/** The editable fields of a channel. */
const channelFields = {
  name: requiredString(64),
  carrier_code: z.string({ error: '承运商不合法' }).refine(isCarrierCode, { error: '承运商不在承运商列表中' }),
  /** Required when `carrier_code` is `Other` (confirmShipment's `carrierName`). */
  carrier_name: z.string().trim().max(64, { error: '承运商名称不能超过64个字符' }).default(''),
  service: z.string().trim().max(64, { error: '服务名称不能超过64个字符' }).default(''),
  countries: z
    .array(country, { error: '请选择目的国家' })
    .min(1, { error: '请选择目的国家' })
    .max(250)
    .transform((l) => [...new Set(l)]),
  first_weight_g: grams('首重'),
  first_price: fen('首重价格'),
  step_weight_g: grams('续重单位'),
  step_price: fen('续重价格'),
  registration_fee: fen('挂号费').default(0),
  volumetric_divisor: dbInt('体积重系数', 0, 100_000).default(0),
  battery_allowed: z.boolean({ error: '是否接受带电必须为布尔值' }).default(false),
  battery_surcharge: fen('带电附加费').default(0),
  service_fee: fen('服务费').default(0),
  min_weight_g: dbInt('最低计费重', 0, 1_000_000).default(0),
  max_weight_g: dbInt('重量上限', 0, 1_000_000).default(0),
  max_side_mm: dbInt('最长边上限', 0, 10_000).default(0),
  enabled: z.boolean({ error: '启用必须为布尔值' }).default(true),
};

const otherNeedsName = (c: { carrier_code?: string; carrier_name?: string }) =>
  c.carrier_code !== OTHER_CARRIER || Boolean(c.carrier_name);
const otherNeedsNameMsg = { error: '承运商为"其他"时请填写承运商名称', path: ['carrier_name'] };

/** `POST /logistics/channel/create`. */
export const channelCreateBody = z.strictObject(channelFields).refine(otherNeedsName, otherNeedsNameMsg);
export type ChannelCreateBody = z.infer<typeof channelCreateBody>;

/** `POST /logistics/channel/update`: every field again, with the version read. */
export const channelUpdateBody = z
  .strictObject({
    id: channelId,
    version,
    ...channelFields,
    /**
     * Read-only, accepted so a row read from the list can be sent back: a saved edit makes a
     * sample channel the operator's own (`is_sample` false), whatever is sent.
     */
    is_sample: z.boolean({ error: '示例标记必须为布尔值' }).optional(),
  })
  .refine(otherNeedsName, otherNeedsNameMsg);
export type ChannelUpdateBody = z.infer<typeof channelUpdateBody>;

/** One channel. */
export const channelRow = z.object({
  id: z.number().int(),
  book_id: z.number().int(),
  name: z.string(),
  carrier_code: z.string(),
  carrier_name: z.string(),
  service: z.string(),
  countries: z.array(z.string()),
  currency: z.string(),
  first_weight_g: z.number().int(),
  first_price: z.number().int(),
  step_weight_g: z.number().int(),
  step_price: z.number().int(),
  registration_fee: z.number().int(),
  volumetric_divisor: z.number().int(),
  battery_allowed: z.boolean(),
  battery_surcharge: z.number().int(),
  service_fee: z.number().int(),
  min_weight_g: z.number().int(),
  max_weight_g: z.number().int(),
  max_side_mm: z.number().int(),
  enabled: z.boolean(),
  /** A sample channel of a new installation (示例, issue 29 §2): its tariff is an example. */
  is_sample: z.boolean(),
  version: z.number().int(),
  updated_at: z.number().int(),
});
export type ChannelRow = z.infer<typeof channelRow>;
export const channelListData = z.object({ list: z.array(channelRow) });

/** The measured parcel (weight and size from the warehouse's scale). */
const measureFields = {
  weight_g: grams('重量'),
  length_mm: mm('长'),
  width_mm: mm('宽'),
  height_mm: mm('高'),
  is_electric: z.boolean({ error: '是否带电必须为布尔值' }).default(false),
};

/** `POST /logistics/channel/quote`: the freight of a parcel on each usable channel (试算). */
export const quoteBody = z.strictObject({ ...measureFields, country });
export const quoteData = z.object({
  list: z.array(
    z.object({
      channel_id: z.number().int(),
      name: z.string(),
      ok: z.boolean(),
      freight: z.number().int().nullable(),
      service_fee: z.number().int(),
      chargeable_g: z.number().int().nullable(),
      refusal: z.string().nullable(),
    }),
  ),
});

/**
 * `POST /logistics/parcel/submit`: a received order's parcel on a channel. The weight and size
 * are optional: without them the parcel is the one 配货 recorded (`orders.parcel_*`); given, they
 * are a re-measure at the shipping desk and win over 配货's (docs/logistics.md "Parcels from 配货").
 * All four or none.
 */
export const parcelSubmitBody = z
  .strictObject({
    order_id: dbId('订单ID'),
    channel_id: channelId,
    weight_g: measureFields.weight_g.optional(),
    length_mm: measureFields.length_mm.optional(),
    width_mm: measureFields.width_mm.optional(),
    height_mm: measureFields.height_mm.optional(),
    is_electric: measureFields.is_electric,
  })
  .refine(
    (b) => {
      const given = [b.weight_g, b.length_mm, b.width_mm, b.height_mm].filter((v) => v !== undefined).length;
      return given === 0 || given === 4;
    },
    { error: '请同时填写重量和长宽高,或都不填(使用配货记录的包裹)', path: ['weight_g'] },
  );
export type ParcelSubmitBody = z.infer<typeof parcelSubmitBody>;

/** `GET /logistics/parcel/ready` 待提交: distributed orders (配货 done) without a parcel in review or shipping. */
export const readyListQuery = z.strictObject({
  ...pageQuery,
  keyword: z.string().trim().max(64).optional(),
});
/** An order ready to ship with the parcel 配货 recorded (grams, whole centimetres). */
export const readyOrderRow = z.object({
  order_id: z.number().int(),
  amazon_order_id: z.string(),
  shop_name: z.string(),
  marketplace: z.string(),
  country: z.string().nullable(),
  weight_g: z.number().int(),
  length_cm: z.number().int(),
  width_cm: z.number().int(),
  height_cm: z.number().int(),
  distributed_at: z.number().int(),
  /** The earlier parcel when one was cancelled in 运费审核 (the order may be submitted again). */
  cancelled_parcel_id: z.number().int().nullable(),
  /** A product of the order is marked 带电: the parcel is submitted as a battery parcel. */
  battery_goods: z.boolean(),
});
export type ReadyOrderRow = z.infer<typeof readyOrderRow>;
export const readyPage = paged(readyOrderRow);

/** Where a submitted parcel's weight and size came from. */
export const MEASURE_SOURCES = ['distribution', 'request'] as const;
export type MeasureSource = (typeof MEASURE_SOURCES)[number];

/** One parcel with its review (a row of 运费审核). */
export const parcelRow = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  amazon_order_id: z.string(),
  shop_name: z.string(),
  marketplace: z.string(),
  channel_id: z.number().int(),
  channel_name: z.string(),
  weight_g: z.number().int(),
  length_mm: z.number().int(),
  width_mm: z.number().int(),
  height_mm: z.number().int(),
  is_electric: z.boolean(),
  country: z.string(),
  chargeable_g: z.number().int(),
  freight: z.number().int(),
  service_fee: z.number().int(),
  estimate: z.number().int().nullable(),
  margin: z.number().int().nullable(),
  review_status: z.enum(REVIEW_STATUSES),
  hold_reasons: z.array(z.enum(HOLD_REASONS)),
  review_note: z.string(),
  reviewed_by: z.number().int().nullable(),
  reviewed_at: z.number().int().nullable(),
  created_at: z.number().int(),
  waybill_id: z.number().int().nullable(),
  /** The last failure of 创建运单 on the parcel (Chinese reason), until it succeeds or is dismissed. */
  last_error: z.string().nullable(),
  last_error_at: z.number().int().nullable(),
  version: z.number().int(),
});
export type ParcelRow = z.infer<typeof parcelRow>;

/** `GET /logistics/intercept/list`. */
export const interceptListQuery = z.strictObject({
  ...pageQuery,
  review_status: z.enum(REVIEW_STATUSES, { error: '审核状态不存在' }).default('held'),
  keyword: z.string().trim().max(64).optional(),
});
export const parcelPage = paged(parcelRow);

/** `POST /logistics/intercept/approve`. */
export const interceptApproveBody = z.strictObject({
  id: parcelId,
  version,
  note: z.string().trim().max(500, { error: '备注不能超过500个字符' }).default(''),
  /** The reviewer saw that the balance cannot pay the parcel and approves it anyway (issue 29 §2). */
  accept_low_balance: z.boolean({ error: '确认余额不足必须为布尔值' }).default(false),
});
/** `POST /logistics/intercept/cancel`: the reason is required. */
export const interceptCancelBody = z.strictObject({
  id: parcelId,
  version,
  note: requiredString(500),
});
/** `POST /logistics/intercept/change-channel`: a new channel, quoted and checked again. */
export const interceptChannelBody = z.strictObject({ id: parcelId, version, channel_id: channelId });

/** The tenant's review rules. */
export const reviewRules = z.object({
  over_estimate_pct: z.number().int(),
  check_margin: z.boolean(),
  check_balance: z.boolean(),
  version: z.number().int(),
});
export const reviewRulesBody = z.strictObject({
  over_estimate_pct: dbInt('超出预估百分比', 0, 1000),
  check_margin: z.boolean({ error: '必须为布尔值' }),
  check_balance: z.boolean({ error: '必须为布尔值' }),
  version,
});

/** `POST /logistics/waybill/create`. */
export const waybillCreateBody = z.strictObject({ parcel_id: parcelId });
/** `POST /logistics/parcel/dismiss-error`: the row's failure was read and is put away. */
export const parcelIdBody = z.strictObject({ id: parcelId });

/**
 * `GET /logistics/intercept/counts` (issue 29 §2): what waits on each tab of 运费审核, so the
 * screen opens on the first tab with work. `approved`/`passed` count parcels still without a
 * waybill, `waybills` the waybills not shipped, `cancelled` every cancelled parcel. `spendable`
 * (available + credit limit, fen) only for reviewers, who are warned before approving a parcel
 * the balance cannot pay; null for everyone else.
 */
export const interceptCounts = z.object({
  ready: z.number().int(),
  held: z.number().int(),
  approved: z.number().int(),
  passed: z.number().int(),
  cancelled: z.number().int(),
  waybills: z.number().int(),
  spendable: z.number().int().nullable(),
});
export type InterceptCounts = z.infer<typeof interceptCounts>;
export type InterceptTab = Exclude<keyof InterceptCounts, 'spendable'>;
/** The tabs of 运费审核 in screen order. */
export const INTERCEPT_TABS: readonly InterceptTab[] = ['ready', 'held', 'approved', 'passed', 'cancelled', 'waybills'];

/** The tab 运费审核 opens on: the first with work (cancelled parcels are none), else 待提交. */
export function firstTabWithWork(c: Omit<InterceptCounts, 'spendable'>): InterceptTab {
  return INTERCEPT_TABS.find((t) => t !== 'cancelled' && c[t] > 0) ?? 'ready';
}
/** `POST /logistics/waybill/ship` and `/cancel`. */
export const waybillIdBody = z.strictObject({ id: dbId('运单ID') });
/** The answer of a ship or cancel step. */
export const waybillStepData = z.object({
  id: z.number().int(),
  status: z.enum(WAYBILL_STATUSES),
  cancelled: z.boolean(),
});
/** The answer of a submit or review step. */
export const parcelStepData = z.object({
  id: z.number().int(),
  version: z.number().int(),
  review_status: z.enum(REVIEW_STATUSES),
  hold_reasons: z.array(z.enum(HOLD_REASONS)),
  freight: z.number().int(),
  /** The parcel carries a battery (ticked by the shipper, or a product of the order is marked 带电). */
  is_electric: z.boolean(),
  /** Submit only: the measure the parcel was quoted with and where it came from. */
  measure: z
    .object({
      source: z.enum(MEASURE_SOURCES),
      weight_g: z.number().int(),
      length_mm: z.number().int(),
      width_mm: z.number().int(),
      height_mm: z.number().int(),
    })
    .optional(),
});
export const waybillIdQuery = z.strictObject({ id: dbId('运单ID') });
/** `GET /logistics/waybill/labels?ids=1,2&size=100x150`: one PDF of the labels of the waybills (opens in a tab). */
export const labelsQuery = z.strictObject({
  ids: dbIdList({ label: '运单ID', empty: '请选择运单', invalid: '运单ID不合法' }).refine((l) => l.length <= 2000, {
    error: '一次最多打印2000张面单',
  }),
  size: z.enum(LABEL_SIZES, { error: '面单尺寸只能为100x100或100x150' }).default('100x150'),
});

/** One waybill. */
export const waybillRow = z.object({
  id: z.number().int(),
  waybill_no: z.string(),
  /** The parcel it carries: 创建运单 of that parcel again completes a waybill left without a tracking number. */
  parcel_id: z.number().int(),
  order_id: z.number().int(),
  amazon_order_id: z.string(),
  channel_id: z.number().int(),
  channel_name: z.string(),
  carrier_code: z.string(),
  carrier_name: z.string(),
  tracking_no: z.string().nullable(),
  status: z.enum(WAYBILL_STATUSES),
  freight: z.number().int(),
  service_fee: z.number().int(),
  currency: z.string(),
  weight_g: z.number().int(),
  cancelled: z.boolean(),
  shipped_at: z.number().int().nullable(),
  created_at: z.number().int(),
  confirm_status: z.enum(CONFIRM_STATUSES).nullable(),
  confirm_error: z.string(),
  /** The customs declaration sent to the carrier (null until the carrier took the shipment). */
  declaration: declarationData.nullable(),
  /** The last refused 发货 / 取消运单, kept until one succeeds or it is dismissed (issue 29 §2). */
  last_error: z.string().nullable(),
  last_error_at: z.number().int().nullable(),
});
export type WaybillRow = z.infer<typeof waybillRow>;
export const waybillListQuery = z.strictObject({
  ...pageQuery,
  status: z.enum(WAYBILL_STATUSES, { error: '运单状态不存在' }).optional(),
  keyword: z.string().trim().max(64).optional(),
});
export const waybillPage = paged(waybillRow);

/** Tracking events from the carrier. */
export const trackingData = z.object({
  tracking_no: z.string(),
  events: z.array(z.object({ at: z.number().int(), code: z.string(), text: z.string(), place: z.string() })),
});

/** `GET /logistics/consume/list` 消费记录: fees per order and waybill. */
export const consumeListQuery = z.strictObject({
  ...pageQuery,
  keyword: z.string().trim().max(64).optional(),
});
export const consumeRow = z.object({
  waybill_id: z.number().int(),
  waybill_no: z.string(),
  order_id: z.number().int(),
  amazon_order_id: z.string(),
  tracking_no: z.string().nullable(),
  status: z.enum(WAYBILL_STATUSES),
  cancelled: z.boolean(),
  currency: z.string(),
  /** Posted fees (signed as the statement shows them: a fee is negative). */
  logistics_fee: z.number().int(),
  service_fee: z.number().int(),
  /** Held against the waybill until it ships. */
  frozen: z.number().int(),
  entries: z.array(
    z.object({
      id: z.number().int(),
      type: z.number().int(),
      type_name: z.string(),
      amount: z.number().int(),
      created_at: z.number().int(),
    }),
  ),
  created_at: z.number().int(),
});
export const consumePage = paged(consumeRow);

/** Refusal texts of a quote (re-exported for the screens). */
export { QUOTE_REFUSALS };
