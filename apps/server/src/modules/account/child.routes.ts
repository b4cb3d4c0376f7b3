import {
  childAccount,
  childListBody,
  childListData,
  createChildBody,
  deleteChildBody,
  resetChildBody,
  updateChildBody,
} from '@console/shared/schemas/account';
import { nullData } from '@console/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { presentChild } from './account.presenter.js';
import {
  createChildAccount,
  deleteChildAccount,
  listChildAccounts,
  resetChildAccount,
  updateChildAccount,
} from './child.service.js';

/** Child accounts of the caller's tenant (spec section 6; docs/api.md for who may do what). */
export async function childRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'account.child.addBuyer' as const };

  app.post(
    '/amazon-user/getMyChildAccount',
    { schema: { body: childListBody, response: replies(childListData) }, config },
    async (req) => {
      const { user } = authOf(req);
      const r = await listChildAccounts(deps, user, req.body);
      return ok({
        list: r.rows.map(presentChild),
        total: r.total,
        page: req.body.page,
        pageSize: req.body.pageSize,
        max_child: r.max_child,
        used: r.used,
        tenant_used: r.tenant_used,
      });
    },
  );

  app.post(
    '/amazon-user/createChildAccount',
    { schema: { body: createChildBody, response: replies(childAccount) }, config },
    async (req) => {
      const auth = authOf(req);
      const child = await createChildAccount(deps, actorOf(req, auth), auth.user, req.body);
      return ok(presentChild(child), '创建成功');
    },
  );

  app.post(
    '/amazon-user/updateChildAccount',
    { schema: { body: updateChildBody, response: replies(childAccount) }, config },
    async (req) => {
      const auth = authOf(req);
      const child = await updateChildAccount(deps, actorOf(req, auth), auth.user, req.body);
      return ok(presentChild(child), '修改成功');
    },
  );

  app.post(
    '/amazon-user/resetChildAccount',
    { schema: { body: resetChildBody, response: replies(nullData) }, config },
    async (req) => {
      const auth = authOf(req);
      await resetChildAccount(deps, actorOf(req, auth), auth.user, req.body.uid, req.body.password);
      return ok(null, '密码已重置');
    },
  );

  app.post(
    '/amazon-user/deleteChildAccount',
    { schema: { body: deleteChildBody, response: replies(nullData) }, config },
    async (req) => {
      const auth = authOf(req);
      await deleteChildAccount(deps, actorOf(req, auth), auth.user, req.body.uid);
      return ok(null, '删除成功');
    },
  );
}
