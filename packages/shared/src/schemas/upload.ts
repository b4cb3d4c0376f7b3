import { z } from 'zod';
import { MARKETPLACES, type MarketplaceCode } from '../constants/marketplaces.js';
import {
  itemStateWord,
  LEDGER_STATE,
  ledgerStateWord,
  QUEUE_OUTCOMES,
  type QueueOutcome,
  RETRYABLE_ITEM_STATUSES,
} from '../constants/upload-status.js';
import { dbId, dbIdList, dbInt, paged, pageQuery, secondsQuery } from './common.js';
import { goodsFilterSchema } from './goods.js';

/**
 * The upload pipeline (上传到亚马逊, `/goods/amazon/queue` 上传记录, the error feed and the edit
 * queue; docs/upload.md): a queue is one request to put products on a shop's marketplaces; its
 * items are one seller SKU x marketplace each; the listing ledger keeps each SKU's state.
 */

/** Upload types of spec section 9: good (basic info, the full listing), relation, image, quantity, price. */
export const UPLOAD_TYPES = [
  { value: 'good', label: '商品基本信息' },
  { value: 'relation', label: '变体关系' },
  { value: 'image', label: '图片' },
  { value: 'quantity', label: '库存' },
  { value: 'price', label: '价格' },
] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number]['value'];
const UPLOAD_TYPE_VALUES = UPLOAD_TYPES.map((t) => t.value) as [UploadType, ...UploadType[]];

/**
 * A queue's state: waiting for a runner, being worked, ended (how: `outcome`), cancelled, or
 * stopped by a shop-wide failure. A finished queue is shown by its outcome (全部成功 ...).
 */
export const UPLOAD_QUEUE_STATUSES = [
  { value: 'pending', label: '排队中' },
  { value: 'running', label: '进行中' },
  { value: 'done', label: '已结束' },
  { value: 'cancelled', label: '已取消' },
  { value: 'failed', label: '已中止' },
] as const;
export type UploadQueueStatus = (typeof UPLOAD_QUEUE_STATUSES)[number]['value'];

/**
 * An item's state: waiting to be sent; being sent; submitted in a feed; accepted by Amazon
 * (not yet read back); live (read back, no errors); rejected by Amazon; invalid (stopped
 * before sending by the console's check); failed (Amazon could not be reached after the
 * retries); unknown (sent, but Amazon never showed a verdict); cancelled before it was sent.
 * Words from the one vocabulary (`constants/upload-status.ts`).
 */
export const UPLOAD_ITEM_STATUSES = (
  [
    'waiting',
    'sending',
    'submitted',
    'accepted',
    'live',
    'rejected',
    'invalid',
    'failed',
    'unknown',
    'cancelled',
  ] as const
).map((value) => ({ value, label: itemStateWord(value).label }));
export type UploadItemStatus = (typeof UPLOAD_ITEM_STATUSES)[number]['value'];
export type { QueueOutcome };

const ITEM_STATUS_VALUES = UPLOAD_ITEM_STATUSES.map((s) => s.value) as [UploadItemStatus, ...UploadItemStatus[]];

/** Item states that did not end live (retry and the edit queue's 重新提交 send them again). */
export const UPLOAD_RETRYABLE: readonly UploadItemStatus[] = RETRYABLE_ITEM_STATUSES;

/**
 * The listing ledger's state of one seller SKU in one marketplace; `rejected` is Amazon's
 * refusal, `invalid` the console's check (nothing sent), `unknown` no verdict from Amazon.
 */
export const LISTING_STATUSES = (Object.keys(LEDGER_STATE) as (keyof typeof LEDGER_STATE)[]).map((value) => ({
  value,
  label: ledgerStateWord(value).label,
}));
export type ListingStatus = keyof typeof LEDGER_STATE;
const LISTING_STATUS_VALUES = Object.keys(LEDGER_STATE) as [ListingStatus, ...ListingStatus[]];

const marketplaceCode = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .refine((s): s is MarketplaceCode => MARKETPLACES.some((m) => m.code === s), { error: '站点不存在' });
const shopId = dbId('店铺ID', 'integer');
const queueId = dbId('队列ID', 'integer');

/**
 * `POST /upload/create` (上传到亚马逊): the selected products (`ids`) or every product of a
 * product-list filter, to marketplaces of one shop, as one upload type.
 */
/** What an upload (and its check before sending) is about: shop, marketplaces, type, products. */
export const uploadSelection = {
  shop_id: shopId,
  marketplaces: z
    .array(marketplaceCode, { error: '请选择站点' })
    .min(1, { error: '请选择站点' })
    .max(MARKETPLACES.length),
  upload_type: z.enum(UPLOAD_TYPE_VALUES, { error: '上传类型不合法' }),
  ids: dbIdList({ label: '商品ID', empty: '请选择商品', invalid: '商品ID列表不合法' }).optional(),
  filter: goodsFilterSchema.optional(),
};
/** Exactly one of `ids` and `filter`. */
export const oneSelection = (b: { ids?: unknown; filter?: unknown }) => (b.ids ? 1 : 0) + (b.filter ? 1 : 0) === 1;

/** Most product x marketplace pairs a create may hold back. */
export const MAX_HELD_PAIRS = 20_000;

/** A product in one marketplace, held back from a queue (发送就绪的: the pairs the check stopped). */
export const uploadPair = z.strictObject({ goods_id: dbId('商品ID'), marketplace: marketplaceCode });
export type UploadPair = z.infer<typeof uploadPair>;
/** A held pair as a client sends it (a marketplace code as the check answers it). */
export type UploadPairInput = z.input<typeof uploadPair>;

export const createUploadBody = z
  .strictObject({
    ...uploadSelection,
    /** Pairs that get no items (the check before sending found them not ready). */
    hold: z
      .array(uploadPair)
      .max(MAX_HELD_PAIRS, { error: `一次最多暂缓${MAX_HELD_PAIRS}个商品站点` })
      .optional(),
    /** Every pair whose pre-send check finds an error gets no items (also products the dialog did not check). */
    only_ready: z.boolean({ error: 'only_ready必须为true或false' }).optional(),
  })
  .refine(oneSelection, { error: '请选择商品或按筛选条件上传' });
export type CreateUploadBody = z.infer<typeof createUploadBody>;
/** What a client sends to `/upload/create`. */
export type CreateUploadInput = z.input<typeof createUploadBody>;

/** The answer of `/upload/create`: the queue, its items, and how many failed the checks before sending. */
export const createUploadData = z.object({
  queue_id: z.number().int(),
  goods: z.number().int(),
  items: z.number().int(),
  invalid: z.number().int(),
  /** Product x marketplace pairs held back (`hold`, `only_ready`) among those mapped so far. */
  held: z.number().int(),
});

/** Per-status counts of a queue's items. */
export const uploadCounts = z.object({
  waiting: z.number().int(),
  sending: z.number().int(),
  submitted: z.number().int(),
  accepted: z.number().int(),
  live: z.number().int(),
  rejected: z.number().int(),
  invalid: z.number().int(),
  failed: z.number().int(),
  unknown: z.number().int(),
  cancelled: z.number().int(),
});
export type UploadCounts = z.infer<typeof uploadCounts>;

/** One queue as the queue screen shows it. */
export const uploadQueueView = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  sandbox: z.boolean(),
  marketplaces: z.array(z.string()),
  upload_type: z.enum(UPLOAD_TYPE_VALUES),
  /** `listings`: one Listings Items call per item; `feed`: JSON_LISTINGS_FEED documents. */
  mode: z.enum(['listings', 'feed']),
  status: z.enum(UPLOAD_QUEUE_STATUSES.map((s) => s.value) as [UploadQueueStatus, ...UploadQueueStatus[]]),
  goods_count: z.number().int(),
  total: z.number().int(),
  counts: uploadCounts,
  /** Items finished (live, rejected, invalid, failed, unknown, cancelled) out of `total`, 0-100. */
  percent: z.number().int(),
  /**
   * How the queue ended (`queueOutcome` of `constants/upload-status.ts`: 全部成功, 部分失败,
   * 全部失败, 已取消); null while it is open.
   */
  outcome: z.enum(Object.keys(QUEUE_OUTCOMES) as [QueueOutcome, ...QueueOutcome[]]).nullable(),
  /** Seconds until the queue should be finished, from the rate-limit scheduler; null when done or unknown. */
  eta_seconds: z.number().int().nullable(),
  /** A queue-wide failure (Chinese), e.g. the shop's authorization was revoked. */
  error: z.string().nullable(),
  created_by: z.number().int(),
  creator_name: z.string(),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});
export type UploadQueueView = z.infer<typeof uploadQueueView>;

/** `GET /upload/queueList` (上传记录). */
export const uploadQueueListQuery = z.strictObject({
  ...pageQuery,
  shop_id: shopId.optional(),
  status: z
    .enum(UPLOAD_QUEUE_STATUSES.map((s) => s.value) as [UploadQueueStatus, ...UploadQueueStatus[]], {
      error: '状态不合法',
    })
    .optional(),
  upload_type: z.enum(UPLOAD_TYPE_VALUES, { error: '上传类型不合法' }).optional(),
  marketplace: marketplaceCode.optional(),
  startTime: secondsQuery,
  endTime: secondsQuery,
});
export type UploadQueueListQuery = z.infer<typeof uploadQueueListQuery>;
export const uploadQueueListData = paged(uploadQueueView);

/** `GET /upload/queue?id=`: one queue. */
export const uploadQueueQuery = z.strictObject({ id: queueId });

/**
 * Where in the editor an issue is fixed: a language's text field, a country's price, the
 * images, quantity, identifiers (EAN: a single product's 产品ID, a variation's EAN), basic
 * info, the variations, one extra attribute of the template (without `attr`: the 扩展属性
 * pane), the product type (template) picker, or `listing`: the product must first be
 * uploaded (上传到亚马逊). Every issue the console shows has one (docs/upload.md "Issue codes").
 */
export const editorField = z.object({
  kind: z.enum([
    'title',
    'bullet_points',
    'product_description',
    'search_terms',
    'price',
    'quantity',
    'images',
    'ean',
    'base',
    'variation',
    'attribute',
    'sku',
    'product_type',
    'listing',
  ]),
  /** Editor language key (`de`) of a text field. */
  lang: z.string().optional(),
  /** Country code of a price. */
  country: z.string().optional(),
  /** Amazon attribute name of an extra attribute (or of a base field such as `brand`). */
  attr: z.string().optional(),
  /** The field's Chinese name and where it is (`德语页签 / 标题`). */
  label: z.string(),
});
export type EditorField = z.infer<typeof editorField>;

/** One issue of an item: Amazon's (or the pre-send check's) original and its Chinese reading. */
export const uploadIssue = z.object({
  code: z.string(),
  severity: z.enum(['ERROR', 'WARNING', 'INFO']),
  /** Amazon's message as it came (English). */
  message: z.string(),
  /** The same in Chinese, naming the field. */
  message_zh: z.string(),
  attribute_names: z.array(z.string()),
  field: editorField.nullable(),
  /** `check`: found before sending (nothing was sent); `amazon`: Amazon's answer. */
  source: z.enum(['check', 'amazon']),
});
export type UploadIssue = z.infer<typeof uploadIssue>;

/** One item of a queue (a seller SKU in one marketplace). */
export const uploadItemView = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  goods_title: z.string(),
  goods_sku: z.string(),
  thumbnail: z.string(),
  marketplace: z.string(),
  seller_sku: z.string(),
  role: z.enum(['single', 'parent', 'child']),
  status: z.enum(ITEM_STATUS_VALUES),
  asin: z.string().nullable(),
  errors: z.number().int(),
  warnings: z.number().int(),
  /** Why it failed to be sent (Chinese), when it did. */
  error: z.string().nullable(),
  updated_at: z.number().int(),
});
export type UploadItemView = z.infer<typeof uploadItemView>;

/** `GET /upload/queueItems`: a queue's items, filtered. */
export const uploadItemsQuery = z.strictObject({
  ...pageQuery,
  queue_id: queueId,
  status: z.enum(ITEM_STATUS_VALUES, { error: '状态不合法' }).optional(),
  marketplace: marketplaceCode.optional(),
  goods_id: dbId('商品ID').optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type UploadItemsQuery = z.infer<typeof uploadItemsQuery>;
export const uploadItemsData = paged(uploadItemView);

/** `POST /upload/retry`: the queue's failed items (or the given ones) mapped again from the products and sent again. */
export const retryUploadBody = z.strictObject({
  queue_id: queueId,
  item_ids: z.array(dbId('条目ID')).max(10_000).optional(),
});
/**
 * `POST /upload/recheck` (重新查询): the queue's items whose result is unknown (or the given
 * ones among them) are read back from Amazon again.
 */
export const recheckUploadBody = z.strictObject({
  queue_id: queueId,
  item_ids: z.array(dbId('条目ID')).max(10_000).optional(),
});
/** `POST /upload/cancel`: items not sent yet are cancelled. */
export const cancelUploadBody = z.strictObject({ queue_id: queueId });
export const affectedItemsData = z.object({ affected: z.number().int() });

/** `GET /upload/errorFeed?queue_id&goods_id` (错误日志): every issue of a product in a queue. */
export const errorFeedQuery = z.strictObject({ queue_id: queueId, goods_id: dbId('商品ID') });
export const errorFeedData = z.object({
  queue: uploadQueueView,
  goods_id: z.number().int(),
  goods_title: z.string(),
  goods_sku: z.string(),
  thumbnail: z.string(),
  items: z.array(
    uploadItemView.extend({
      issues: z.array(uploadIssue),
    }),
  ),
});
export type ErrorFeedData = z.infer<typeof errorFeedData>;

/** What was sent for a product in one marketplace, as the edit queue shows and edits it. */
export const sentListing = z.object({
  marketplace: z.string(),
  /** Editor language key of the marketplace. */
  lang: z.string(),
  title: z.string(),
  bullet_points: z.array(z.string()),
  /** Price in minor units and its currency (null for a parent, which has no offer). */
  price: z.number().int().nullable(),
  currency: z.string(),
  quantity: z.number().int().nullable(),
  status: z.enum(ITEM_STATUS_VALUES),
  errors: z.number().int(),
});

/** `GET /upload/queueGoods?queue_id` (编辑上传队列): the products of a queue with what was sent. */
export const queueGoodsQuery = z.strictObject({ ...pageQuery, queue_id: queueId });
export const queueGoodsRow = z.object({
  goods_id: z.number().int(),
  version: z.number().int(),
  goods_sku: z.string(),
  thumbnail: z.string(),
  listings: z.array(sentListing),
});
export type QueueGoodsRow = z.infer<typeof queueGoodsRow>;
export const queueGoodsData = paged(queueGoodsRow).extend({ queue: uploadQueueView });

/**
 * `POST /upload/resubmit` (编辑上传队列, 重新提交): fixes made in place are saved into the
 * products (versioned, audited) and the products' items of the queue are mapped again and sent.
 */
export const resubmitBody = z.strictObject({
  queue_id: queueId,
  goods: z
    .array(
      z.strictObject({
        goods_id: dbId('商品ID'),
        version: dbInt('版本'),
        /** Title per editor language key. */
        titles: z.record(z.string().max(10), z.string().trim().min(1, { error: '标题不能为空' }).max(500)).optional(),
        /** Price per country code in minor units. */
        prices: z.record(z.string().max(10), dbInt('价格', 1, 1_000_000_000)).optional(),
        quantity: dbInt('库存', 0, 1_000_000).optional(),
      }),
    )
    .max(200, { error: '一次最多提交200个商品' }),
});
export type ResubmitBody = z.infer<typeof resubmitBody>;
export const resubmitData = z.object({ goods: z.number().int(), items: z.number().int(), invalid: z.number().int() });

/** One row of the listing ledger. */
export const listingView = z.object({
  shop_id: z.number().int(),
  shop_name: z.string(),
  marketplace: z.string(),
  seller_sku: z.string(),
  goods_id: z.number().int(),
  role: z.string(),
  status: z.enum(LISTING_STATUS_VALUES),
  asin: z.string().nullable(),
  errors: z.number().int(),
  last_queue_id: z.number().int().nullable(),
  updated_at: z.number().int(),
});
export type ListingView = z.infer<typeof listingView>;

/** `GET /upload/listings?goods_ids=1,2`: the ledger of products (product list and editor). */
export const listingsQuery = z.strictObject({
  goods_ids: dbIdList({ label: '商品ID', empty: '请选择商品', invalid: '商品ID列表不合法' }).refine(
    (ids) => ids.length <= 200,
    { error: '一次最多查询200个商品' },
  ),
});
export const listingsData = z.object({ list: z.array(listingView) });

/**
 * `POST /upload/deleteListing` (从亚马逊删除): removes one seller SKU's listing in one marketplace
 * from Amazon (deleteListingsItem); the ledger row becomes 已删除 and is answered.
 */
export const deleteListingBody = z.strictObject({
  shop_id: shopId,
  marketplace: marketplaceCode,
  seller_sku: z
    .string({ error: '请填写卖家SKU' })
    .trim()
    .min(1, { error: '请填写卖家SKU' })
    .max(40, { error: '卖家SKU最多40个字符' }),
});
export type DeleteListingBody = z.infer<typeof deleteListingBody>;
/** What the web sends (a marketplace code as the ledger row holds it). */
export type DeleteListingInput = z.input<typeof deleteListingBody>;
export const deleteListingData = listingView;

/** `GET /upload/targets`: the shops the user may upload to, with the marketplaces allowed for them. */
export const uploadTargetsData = z.object({
  list: z.array(
    z.object({
      shop_id: z.number().int(),
      name: z.string(),
      sandbox: z.boolean(),
      region: z.string(),
      /** The shop's marketplaces the user may upload to (`allowUploadSiteArr`). */
      marketplaces: z.array(z.string()),
    }),
  ),
});
