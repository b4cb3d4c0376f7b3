import { COOKIE } from '@console/shared/constants/app';
import {
  linkAccountBody,
  linkedAccount,
  loginResult,
  toggleAccountBody,
  unlinkAccountBody,
  updatePasswordBody,
  updateUserAccountBody,
  userInfo,
} from '@console/shared/schemas/account';
import { nullData } from '@console/shared/schemas/common';
import { MSG } from '@console/shared/validation/rules';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { presentLinked, presentLogin, presentUserInfo, tokenInfo } from './account.presenter.js';
import { LINK_MSG, linkAccount, switchList, unlinkAccount } from './account-link.service.js';
import { menuListFor } from './menu.service.js';
import { clearSessionCookies, deliverTokens, sessionMeta, wantsBearer } from './session-cookies.js';
import { tenantTimeZone } from './tenant-time-zone.repository.js';
import { toggleAccount, updateAccount, updatePassword } from './user.service.js';

/** The signed-in user's own account (spec sections 3, 5, 6, 7). */
export async function userRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;

  app.post(
    '/amazon-user/getUserInfo',
    {
      schema: {
        body: z.strictObject({}).optional(),
        response: replies(userInfo),
        summary: 'User info from the session',
      },
      config: { access: 'account.self' },
    },
    async (req) => {
      const auth = authOf(req);
      const { user, session, accessExpires } = auth;
      const switchable = await switchList(deps, auth);
      const token = tokenInfo({ access: '', accessExpires, sessionExpires: session.expires_at }, false);
      const timeZone = await tenantTimeZone(deps.db, user.tenant_id);
      return ok(presentUserInfo(user, token, switchable, deps.config.internalIds, timeZone));
    },
  );

  app.post(
    '/amazon-user/updateUserAccount',
    {
      schema: { body: updateUserAccountBody, response: replies(nullData), summary: 'Save the account-info form' },
      config: { access: 'account.self' },
    },
    async (req) => {
      const auth = authOf(req);
      await updateAccount(deps, actorOf(req, auth), auth.user, req.body);
      return ok(null, MSG.accountUpdated);
    },
  );

  app.post(
    '/amazon-user/updateUserPassword',
    {
      schema: {
        body: updatePasswordBody,
        response: replies(nullData),
        summary: 'Change the own password (ends all sessions)',
      },
      config: { access: 'account.self' },
    },
    async (req, reply) => {
      const auth = authOf(req);
      await updatePassword(deps, actorOf(req, auth), auth.user, req.body);
      clearSessionCookies(reply, deps.config);
      return ok(null, MSG.passwordUpdated);
    },
  );

  app.post(
    '/amazon-user/toggleAccount',
    {
      schema: {
        body: toggleAccountBody,
        response: replies(loginResult),
        summary: 'Switch to a linked account or a managed child',
      },
      config: { access: 'account.self' },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const { user, tokens } = await toggleAccount(deps, actorOf(req, auth), auth, req.body.uid, sessionMeta(req));
      deliverTokens(req, reply, deps.config, tokens, user.id);
      const menu = await menuListFor(deps.db, user, deps.config.internalIds);
      return ok(presentLogin(user, menu, tokenInfo(tokens, wantsBearer(req))), '切换成功');
    },
  );

  app.post(
    '/amazon-user/linkAccount',
    {
      schema: {
        body: linkAccountBody,
        response: replies(linkedAccount),
        summary: 'Link another account by its password (throttled like sign-in); then either may switch to the other',
      },
      config: { access: 'account.self' },
    },
    async (req) => {
      const auth = authOf(req);
      const meta = { ip: req.ip, captchaId: req.cookies[COOKIE.captcha] };
      const { other, created } = await linkAccount(deps, actorOf(req, auth), auth, req.body, meta);
      return ok(presentLinked(other), created ? LINK_MSG.linked : LINK_MSG.already);
    },
  );

  app.post(
    '/amazon-user/unlinkAccount',
    {
      schema: { body: unlinkAccountBody, response: replies(nullData), summary: 'Remove the link with another account' },
      config: { access: 'account.self' },
    },
    async (req) => {
      const auth = authOf(req);
      await unlinkAccount(deps, actorOf(req, auth), auth, req.body.uid);
      return ok(null, LINK_MSG.unlinked);
    },
  );
}
