import { COOKIE, CSRF_HEADER } from '@console/shared/constants/app';
import { loginBody, loginData, qrCodeQuery, qrLoginCode, scanQrData } from '@console/shared/schemas/account';
import { nullData } from '@console/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { fileReplies, replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { audit } from '../system/audit.js';
import { presentLogin, tokenInfo } from './account.presenter.js';
import { captchaAnswer, createCaptcha, LOGIN_MSG, login } from './login.service.js';
import { menuListFor } from './menu.service.js';
import { confirmQrCode, createQrCode, pollQrCode, QR_TTL_MS } from './qr-login.service.js';
import { revokeSession } from './session.repository.js';
import { sessionOfRefresh } from './session.service.js';
import { clearSessionCookies, deliverTokens, sessionMeta, wantsBearer } from './session-cookies.js';

/** Sign-in, sign-out, verification code and QR sign-in (spec section 7, DECISIONS.md). */
export async function authRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;

  app.post(
    '/amazon-user/login',
    {
      schema: { body: loginBody, response: replies(loginData), summary: 'Password sign-in' },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const outcome = await login(deps, req.body, { ...sessionMeta(req), captchaId: req.cookies[COOKIE.captcha] });
      if (outcome.kind === 'needCode') return ok({ code: 'NEED_CODE' as const }, LOGIN_MSG.needCode);
      const { user, tokens } = outcome;
      deliverTokens(req, reply, deps.config, tokens, user.id);
      const menu = await menuListFor(deps.db, user, deps.config.internalIds);
      return ok(presentLogin(user, menu, tokenInfo(tokens, wantsBearer(req))), '登录成功');
    },
  );

  app.get(
    '/amazon-user/getLoginCode',
    {
      schema: { response: fileReplies(['image/svg+xml']), summary: 'Verification-code image (SVG)' },
      config: { access: 'public' },
    },
    async (_req, reply) => {
      const { id, svg } = await createCaptcha(deps);
      reply.setCookie(COOKIE.captcha, id, {
        path: '/PDD',
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.config.cookieSecure,
        maxAge: 300,
      });
      return reply.header('cache-control', 'no-store').type('image/svg+xml').send(svg);
    },
  );

  app.post(
    '/amazon-user/loginOut',
    { schema: { response: replies(nullData), summary: 'Sign out: revoke the session' }, config: { access: 'public' } },
    async (req, reply) => {
      if (req.auth) {
        const auth = req.auth;
        await deps.db.transaction().execute(async (trx) => {
          await revokeSession(trx, auth.session.id, 'logout');
          await audit(trx, actorOf(req, auth), {
            action: 'account.logout',
            targetType: 'session',
            targetId: auth.session.id,
          });
        });
      } else {
        // Access token already expired: the refresh cookie still names the session.
        const refresh = req.cookies[COOKIE.refresh];
        const s = refresh ? await sessionOfRefresh(deps, refresh) : undefined;
        if (s && req.headers[CSRF_HEADER] === s.csrf) await revokeSession(deps.db, s.id, 'logout');
      }
      clearSessionCookies(reply, deps.config);
      return ok(null, '已退出登录');
    },
  );

  app.get(
    '/amazon-user/getQrLoginCode',
    {
      schema: { response: replies(qrLoginCode), summary: 'New QR sign-in code for this browser' },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const { browserKey, ...data } = await createQrCode(deps, `${req.protocol}://${req.host}`);
      reply.setCookie(COOKIE.qr, browserKey, {
        path: '/PDD',
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.config.cookieSecure,
        maxAge: QR_TTL_MS / 1000,
      });
      return ok(data);
    },
  );

  app.post(
    '/amazon-user/confirmQrLogin',
    {
      schema: { body: qrCodeQuery, response: replies(nullData), summary: 'Approve a QR code from a signed-in device' },
      config: { access: 'account.self' },
    },
    async (req) => {
      const auth = authOf(req);
      await confirmQrCode(deps, actorOf(req, auth), auth, req.body.code);
      return ok(null, '已确认登录');
    },
  );

  app.get(
    '/amazon-user/getScanQrRes',
    {
      schema: {
        querystring: qrCodeQuery,
        response: replies(scanQrData),
        summary: 'Poll a QR code (asking browser only)',
      },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const res = await pollQrCode(deps, req.query.code, req.cookies[COOKIE.qr], sessionMeta(req));
      if (res.state === 'pending') return ok(res, '等待扫码确认');
      deliverTokens(req, reply, deps.config, res.tokens, res.user.id);
      reply.clearCookie(COOKIE.qr, { path: '/PDD' });
      const menu = await menuListFor(deps.db, res.user, deps.config.internalIds);
      return ok(
        { state: 'done' as const, ...presentLogin(res.user, menu, tokenInfo(res.tokens, wantsBearer(req))) },
        '登录成功',
      );
    },
  );

  if (deps.config.testHooks) {
    app.get(
      '/__test__/captcha',
      {
        schema: {
          querystring: z.object({ id: z.string() }),
          response: replies(z.object({ answer: z.string().nullable() })),
          hide: true,
        },
        config: { access: 'public' },
      },
      async (req) => ok({ answer: (await captchaAnswer(deps, req.query.id)) ?? null }),
    );
  }
}
