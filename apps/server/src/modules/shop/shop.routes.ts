import { can } from '@console/shared/permissions/can';
import { deletedData, nullData } from '@console/shared/schemas/common';
import {
  bindShopBody,
  bindShopData,
  SHOP_AUTH_COOKIE,
  shopAuthCallbackQuery,
  shopAuthCompleteBody,
  shopIdBody,
  shopListBody,
  shopListData,
  shopOptionsData,
  shopView,
  updateAllowSitesBody,
  updateShopBody,
} from '@console/shared/schemas/shop';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { redirectReplies, replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { subjectOf } from '../account/account.presenter.js';
import { readerOf } from '../order/order.service.js';
import { presentShop } from './shop.presenter.js';
import { listShopOptions } from './shop.repository.js';
import {
  completeBinding,
  hasSpApiApp,
  listShopsFor,
  removeShop,
  startBinding,
  syncShop,
  updateAllowSites,
  updateShop,
} from './shop.service.js';

/** Path of Amazon's redirect back after the seller's consent (registered in the SP-API app). */
export const SHOP_CALLBACK_PATH = '/PDD/amazon-user/shopAuthCallback';

/** The redirect URI Amazon sends the seller back to: PUBLIC_URL, else this request's origin. */
export function callbackUrl(req: FastifyRequest): string {
  const base = req.server.deps.config.publicUrl ?? `${req.protocol}://${req.host}`;
  return `${base}${SHOP_CALLBACK_PATH}`;
}

/** Shops and their authorization (`/order/shop` 店铺管理, `/platform/family` 授权中心; docs/shops.md). */
export async function shopRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const manage = { access: 'shop.manage' as const };

  app.post(
    '/amazon-user/bindShop',
    { schema: { body: bindShopBody, response: replies(bindShopData) }, config: manage },
    async (req) => ok(await startBinding(deps, actorOf(req, authOf(req)), req.body, callbackUrl(req))),
  );

  // Amazon's redirect lands here; the signed-in web app finishes the binding (shopAuthComplete),
  // so the code is used by the user who started it, with the session and CSRF checks of any write.
  // What Amazon sent waits in a short-lived cookie (not the address: no code in the history).
  app.get(
    '/amazon-user/shopAuthCallback',
    { schema: { querystring: shopAuthCallbackQuery, response: redirectReplies() }, config: { access: 'public' } },
    async (req, reply) => {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(req.query)) if (v) q.set(k, v);
      reply.setCookie(SHOP_AUTH_COOKIE, q.toString(), {
        path: '/',
        maxAge: 600,
        sameSite: 'lax',
        secure: deps.config.cookieSecure,
      });
      return reply.redirect('/#/order/shop');
    },
  );

  app.post(
    '/amazon-user/shopAuthComplete',
    { schema: { body: shopAuthCompleteBody, response: replies(shopView) }, config: manage },
    async (req) =>
      ok(presentShop(await completeBinding(deps, actorOf(req, authOf(req)), req.body, callbackUrl(req))), '授权成功'),
  );

  app.post(
    '/amazon-user/authShopList',
    { schema: { body: shopListBody, response: replies(shopListData) }, config: { access: 'shop.use' } },
    async (req) => {
      const auth = authOf(req);
      // Admins see every shop of the tenant; other accounts the shops given to them (or to all).
      const userId = can(subjectOf(auth.user), 'shop.manage') ? undefined : auth.user.id;
      const r = await listShopsFor(deps, auth.tenantId, userId, req.body);
      return ok({
        list: r.rows.map(presentShop),
        total: r.total,
        page: req.body.page,
        pageSize: req.body.pageSize,
        app_configured: hasSpApiApp(deps),
        public_url_set: deps.config.publicUrl !== undefined,
      });
    },
  );

  // The shop filters of the order pages: the names of the shops whose orders the caller reads
  // (group leaders and workers: the shops given to them, as the order list narrows them).
  app.post(
    '/amazon-user/shopOptions',
    { schema: { response: replies(shopOptionsData) }, config: { access: 'order.read' } },
    async (req) => {
      const auth = authOf(req);
      const list = await listShopOptions(deps.db, auth.tenantId, readerOf(subjectOf(auth.user)).staffOf);
      return ok({ list });
    },
  );

  app.post(
    '/amazon-user/updateShop',
    { schema: { body: updateShopBody, response: replies(shopView) }, config: manage },
    async (req) => ok(presentShop(await updateShop(deps, actorOf(req, authOf(req)), req.body)), '修改成功'),
  );

  app.post(
    '/amazon-user/syncShop',
    { schema: { body: shopIdBody, response: replies(shopView) }, config: manage },
    async (req) => ok(presentShop(await syncShop(deps, actorOf(req, authOf(req)), req.body.id)), '授权正常,站点已同步'),
  );

  app.post(
    '/amazon-user/delShop',
    { schema: { body: shopIdBody, response: replies(deletedData) }, config: manage },
    async (req) => ok({ deleted: await removeShop(deps, actorOf(req, authOf(req)), req.body.id) }, '删除成功'),
  );

  app.post(
    '/amazon-user/updateAllowSites',
    {
      schema: { body: updateAllowSitesBody, response: replies(nullData) },
      config: { access: 'account.child.manage' },
    },
    async (req) => {
      await updateAllowSites(deps, actorOf(req, authOf(req)), req.body);
      return ok(null, '修改成功');
    },
  );
}
