import { z } from 'zod';
import { dbIdList, flag01, paged, pageQuery } from './common.js';

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
  source: z.string().max(40).optional(),
});

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
