import {
  messageListData,
  messageListQuery,
  messageNoticeBody,
  messageNoticeData,
  messageReadBody,
  messageReadData,
  messageUnreadData,
} from '@console/shared/schemas/message';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { headerUnread, messagePage, readMessages, sendNotice } from './messages.service.js';

/** The signed-in account's messages (issue 15 §3, docs/messages.md): every account reads its own. */
export async function messageRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const own = { access: 'authenticated' as const };

  app.get(
    '/amazon-user/messageList',
    { schema: { querystring: messageListQuery, response: replies(messageListData) }, config: own },
    async (req) => ok(await messagePage(deps, authOf(req).user, req.query)),
  );
  app.get(
    '/amazon-user/messageUnread',
    { schema: { response: replies(messageUnreadData) }, config: own },
    async (req) => ok(await headerUnread(deps, authOf(req).user)),
  );
  app.post(
    '/amazon-user/messageRead',
    { schema: { body: messageReadBody, response: replies(messageReadData) }, config: own },
    async (req) => {
      const { ids, all } = req.body;
      if (!ids && all !== 1) throw badRequest('请选择消息');
      return ok(await readMessages(deps, authOf(req).user, all === 1 ? 'all' : (ids ?? [])));
    },
  );
  app.post(
    '/amazon-user/messageNotice',
    { schema: { body: messageNoticeBody, response: replies(messageNoticeData) }, config: { access: 'message.notice' } },
    async (req) => ok(await sendNotice(deps, actorOf(req, authOf(req)), req.body), '发送成功'),
  );
}
