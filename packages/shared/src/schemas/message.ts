import { z } from 'zod';
import { ALL_AUTHS } from '../constants/roles.js';
import { dbId, dbIdList, flag01, paged, pageQuery, requiredString } from './common.js';

/**
 * The shared message table (issue 15 §3, docs/messages.md): news for one account or for a
 * role in the tenant, posted by any area (the ASIN monitor first), read per account.
 */

/** One message as its reader sees it. */
export const messageView = z.object({
  id: z.number().int(),
  source: z.string(),
  category: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});

/** `GET /amazon-user/messageList`: the caller's messages, newest first. */
export const messageListQuery = z.strictObject({
  ...pageQuery,
  /** 1: unread only. */
  unread: z.coerce.number().pipe(flag01).optional(),
  /** 1: read only. */
  read: z.coerce.number().pipe(flag01).optional(),
  source: z.string().max(40).optional(),
});

/** The areas that post messages (the source filter of 消息记录), with their Chinese names. */
export const MESSAGE_SOURCES = {
  monitor: '监控',
  upload: '上传',
  finance: '财务',
  logistics: '物流',
  order: '订单',
  shop: '店铺',
  account: '账号',
  notice: '系统公告',
} as const;
export type MessageSource = keyof typeof MESSAGE_SOURCES;

/**
 * `POST /amazon-user/messageNotice`: the platform operator's notice (title, body) to every
 * tenant or one (`tenant_id`, its main account's id), to all its accounts or to one role.
 */
export const messageNoticeBody = z.strictObject({
  title: requiredString(100),
  body: z.string().trim().max(4000, { error: '内容不能超过4000个字符' }).optional().default(''),
  tenant_id: dbId('租户ID', 'integer').optional(),
  role: z.coerce
    .number({ error: '角色不合法' })
    .refine((r) => (ALL_AUTHS as readonly number[]).includes(r), { error: '角色不合法' })
    .optional(),
});

/** How many tenants the notice reached. */
export const messageNoticeData = z.object({ tenants: z.number().int() });

/** A page of messages and the caller's unread count. */
export const messageListData = paged(messageView).extend({ unread: z.number().int() });

/** `GET /amazon-user/messageUnread`: the header badge (follow-sale news left out when 跟卖提醒 is off). */
export const messageUnreadData = z.object({ count: z.number().int(), latest: z.array(messageView) });

/** `POST /amazon-user/messageRead`: mark some (`ids`) or all (`all: 1`) of the caller's messages read. */
export const messageReadBody = z.strictObject({
  ids: dbIdList({ label: '消息ID', empty: '请选择消息', invalid: '消息ID不合法' }).optional(),
  all: flag01.optional(),
});

/** How many messages were newly marked read. */
export const messageReadData = z.object({ marked: z.number().int() });
