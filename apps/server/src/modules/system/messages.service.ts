import type { Kysely } from 'kysely';
import type { Actor, AppDeps } from '../../context.js';
import type { DB, UserRow } from '../../db/types.js';
import { notFound } from '../../lib/app-error.js';
import { audit } from './audit.js';
import { insertNoticeForAll, tenantExists } from './message-sources.repository.js';
import {
  countMessages,
  insertMessages,
  listMessages,
  type MessageReader,
  markMessagesRead,
  type NewMessage,
} from './messages.repository.js';

/**
 * The shared message table (issue 15 §3, docs/messages.md). Any area posts news for one
 * account or for a role of a tenant with `postMessages`, inside its own transaction when it
 * has one; readers list them, count the unread ones and mark them read.
 */

export type { NewMessage } from './messages.repository.js';

/** Category of follow-sale news: left out of the header when the reader's 跟卖提醒 is off. */
export const FOLLOW_SALE_CATEGORY = 'follow_sale';

/** Posts messages of one tenant (pass the transaction of the change they report). */
export function postMessages(db: Kysely<DB>, tenantId: number, messages: NewMessage[]): Promise<number[]> {
  return insertMessages(db, tenantId, messages);
}

/** The reader of a signed-in account. */
export function readerOf(user: UserRow): MessageReader {
  return { tenantId: user.tenant_id, userId: user.id, auth: user.auth };
}

const view = (m: Awaited<ReturnType<typeof listMessages>>[number]) => ({
  id: Number(m.id),
  source: m.source,
  category: m.category,
  title: m.title,
  body: m.body,
  link: m.link,
  read: m.read,
  created_at: m.created_at.toISOString(),
});

/** A page of the account's messages (every category) and its unread count. */
export async function messagePage(
  deps: AppDeps,
  user: UserRow,
  q: { page: number; pageSize: number; unread?: 0 | 1; read?: 0 | 1; source?: string },
) {
  const r = readerOf(user);
  const f = { unread: q.unread === 1, read: q.read === 1, source: q.source };
  const [rows, total, unread] = await Promise.all([
    listMessages(deps.db, r, { ...f, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
    countMessages(deps.db, r, f),
    countMessages(deps.db, r, { unread: true }),
  ]);
  return { list: rows.map(view), total, page: q.page, pageSize: q.pageSize, unread };
}

/**
 * The header badge: unread messages and the latest five of them. Follow-sale news are
 * recorded for everyone but pushed to the header only when the account's 跟卖提醒
 * (`follow_sale_remind`) is on.
 */
export async function headerUnread(deps: AppDeps, user: UserRow) {
  const r = readerOf(user);
  const f = { unread: true, excludeCategory: user.follow_sale_remind === 1 ? null : FOLLOW_SALE_CATEGORY };
  const [count, latest] = await Promise.all([
    countMessages(deps.db, r, f),
    listMessages(deps.db, r, { ...f, limit: 5, offset: 0 }),
  ]);
  return { count, latest: latest.map(view) };
}

/** Marks the account's messages read (ids, or all of them). */
export async function readMessages(deps: AppDeps, user: UserRow, ids: number[] | 'all') {
  return { marked: await markMessagesRead(deps.db, readerOf(user), ids) };
}

/**
 * The operator's notice (source and category `notice`): to one tenant (`tenant_id`) or every
 * tenant, to all of its accounts or to one role; audited in the operator's own tenant.
 */
export async function sendNotice(
  deps: AppDeps,
  actor: Actor,
  n: { title: string; body: string; tenant_id?: number | undefined; role?: number | undefined },
) {
  const notice = { role: n.role ?? null, title: n.title, body: n.body };
  return deps.db.transaction().execute(async (trx) => {
    let tenants = 1;
    if (n.tenant_id === undefined) tenants = await insertNoticeForAll(trx, notice);
    else {
      if (!(await tenantExists(trx, n.tenant_id))) throw notFound('租户不存在');
      const to = notice.role === null ? { everyone: true } : { role: notice.role };
      await postMessages(trx, n.tenant_id, [
        { ...to, source: 'notice', category: 'notice', title: n.title, body: n.body },
      ]);
    }
    await audit(trx, actor, {
      action: 'message.notice',
      targetType: 'tenant',
      targetId: n.tenant_id ?? 'all',
      after: { title: n.title, role: notice.role, tenants },
    });
    return { tenants };
  });
}
