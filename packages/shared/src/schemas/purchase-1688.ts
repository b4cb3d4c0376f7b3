import { z } from 'zod';
import { dbId, dbInt } from './common.js';
import { EXPRESS_STATUSES } from './order.js';

/**
 * 1688 purchasing (issue 17 §2): the purchase step of an order item placed through the 1688
 * adapter instead of typed in, and the domestic logistics read back from it.
 */

/** `POST /order/purchase1688`: place the item's purchase on 1688 from its product's supplier link. */
export const purchase1688Body = z.strictObject({
  item_id: dbId('订单商品ID'),
  version: dbInt('版本', 1),
  quantity: dbInt('采购数量', 1, 10_000),
});
export type Purchase1688Body = z.infer<typeof purchase1688Body>;

/** `POST /order/logistics1688`: read the 1688 logistics of an item's purchase (a shipped one moves to 待收货). */
export const logistics1688Body = z.strictObject({ item_id: dbId('订单商品ID') });

/** 1688 logistics states, in Chinese. */
export const ALI1688_LOGISTICS_LABELS = {
  waitsellersend: '等待卖家发货',
  waitbuyerreceive: '卖家已发货',
  success: '已签收',
} as const;

/** The answer of `/order/logistics1688`. */
export const logistics1688Data = z.object({
  status: z.enum(['waitsellersend', 'waitbuyerreceive', 'success']),
  company: z.string(),
  tracking_no: z.string(),
  express_status: z.enum(EXPRESS_STATUSES),
  version: z.number().int(),
});
