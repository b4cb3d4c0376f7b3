import { z } from 'zod';
import { GOODS_LACKS, type GoodsLack } from '../constants/goods.js';

/**
 * 首页 (`/index`, issue 31 §1, docs/home.md): the newest figures of the caller's tenant as its
 * role may see them (`GET /amazon-user/getNewReport`, the specification's `getNewReport`), and
 * the getting-started checklist of a new tenant. A group the role may not see is null.
 */

/** Days before a shop's authorization ends that it counts as expiring (docs/home.md "Shops"). */
export const SHOP_AUTH_EXPIRING_DAYS = 30;
/** How long a seller's authorization of the app lasts at Amazon (SP-API: 365 days). */
export const SHOP_AUTH_VALID_DAYS = 365;

/** The steps of the getting-started checklist, in order. */
export const CHECKLIST_STEPS = ['shop', 'channel', 'topup', 'live', 'shipped'] as const;
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number];

/** Chinese names of the steps. */
export const CHECKLIST_STEP_LABELS: Readonly<Record<ChecklistStep, string>> = {
  shop: '绑定并授权店铺',
  channel: '有可用的物流渠道',
  topup: '充值余额',
  live: '第一个商品上架',
  shipped: '第一个订单发货',
};

const count = z.number().int();
const lacks = z.object(Object.fromEntries(GOODS_LACKS.map((l) => [l.value, count])) as Record<GoodsLack, typeof count>);

export const homeReportData = z.object({
  /** When the figures were read (Unix seconds). */
  generated_at: count,
  /** The start of today in the tenant's time zone (Unix seconds): "today" of the order figure. */
  today_start: count,
  /** Orders the caller sees in 订单处理 (`order.read`; a worker his own, a group leader his shops'). */
  orders: z
    .object({
      /** Purchased since `today_start`. */
      today: count,
      /** 待付款 (Pending). */
      pending: count,
      /** 未发货 (Unshipped): paid and waiting to be shipped. */
      unshipped: count,
      /** 超卖: an item beyond its listing's stock (the 超卖 filter of 订单处理). */
      oversold: count,
    })
    .nullable(),
  /**
   * The own site's orders (`site.manage`, the 独立站 view of 订单处理): placed since `today_start`
   * (any state), 已付款 (paid: to be shipped; site orders have no shipped state) and 待付款.
   */
  site_orders: z.object({ today: count, paid: count, pending: count }).nullable(),
  /** Upload queues of the tenant (`shop.use`): 排队中, 进行中, 已中止. */
  uploads: z.object({ pending: count, running: count, failed: count }).nullable(),
  /** The caller's unread messages from the ASIN monitor (`monitor.use`). */
  monitor: z.object({ unread: count }).nullable(),
  /** The tenant's available balance and the caller's low-balance warning (`finance.view`). */
  finance: z
    .object({
      currency: z.string(),
      available_minor: count,
      /** The caller's warning level; 0: off. */
      warning_minor: count,
      below_warning: z.boolean(),
    })
    .nullable(),
  /** Products within the caller's reach, outside the recycle bin (`goods.operate`). */
  goods: z
    .object({
      /** Products lacking at least one thing before upload (any of `lacks`). */
      incomplete: count,
      /** Per lack (a product may lack several). */
      lacks,
      /** 待审核. */
      will_audit: count,
    })
    .nullable(),
  /** The shops the caller sees (`shop.use`) by authorization state. */
  shops: z
    .object({
      total: count,
      /** 授权失效 (expired or revoked). */
      expired: count,
      /** Never authorized. */
      never: count,
      /** Authorized, ending within SHOP_AUTH_EXPIRING_DAYS. */
      expiring: count,
    })
    .nullable(),
  /**
   * The getting-started checklist (main accounts of a seller tenant); null when the role has
   * none. `dismissed`: the caller closed it (the screen hides it then, and when every step is done).
   */
  checklist: z
    .object({
      dismissed: z.boolean(),
      steps: z.array(z.object({ key: z.enum(CHECKLIST_STEPS), done: z.boolean() })),
    })
    .nullable(),
});
export type HomeReportData = z.infer<typeof homeReportData>;

/** `POST /amazon-user/homeChecklist {dismissed}`: close (1) or show again (0) the checklist. */
export const homeChecklistBody = z.strictObject({
  dismissed: z.union([z.literal(0), z.literal(1)], { error: '关闭标记只能是0或1' }),
});
export const homeChecklistData = z.object({ dismissed: z.boolean() });
