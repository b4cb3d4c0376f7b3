import { API_PREFIX, APP_VERSION, PRODUCT_NAME } from '@console/shared/constants/app';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps, RouteRequestSchemas } from './context.js';
import { startJobQueue } from './jobs/job-queue.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { hasResponseSchema } from './lib/route.js';
import { loadServerModules } from './lib/server-module.js';
import { startAuthListener } from './modules/account/auth-listener.js';
import { registerAuth } from './plugins/auth.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './plugins/errors.js';
import { healthRoutes } from './plugins/health.js';
import { metricsRoutes, registerMetrics } from './plugins/metrics.js';
import { registerRequestHygiene } from './plugins/request-hygiene.js';
import { LOG_REDACT_PATHS, registerRequestId, requestIdOf } from './plugins/request-id.js';
import { registerRequestLog } from './plugins/request-log.js';
import { type PageFallback, redirectToAppRoute, registerWebApp } from './plugins/web-app.js';

/** The OpenAPI document itself (not an envelope: tools read it as it is). */
const openApiDocument = z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) });

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
}

/** Builds the HTTP application (no listening): API under /PDD, the built web app at /. */
export async function buildApp(deps: AppDeps, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const logger = opts.logger ?? false;
  const app = Fastify({
    // JSON lines (pino) without secrets (plugins/request-id.ts).
    logger:
      typeof logger === 'object' ? { redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' }, ...logger } : logger,
    // One line per request instead of two (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // The caller's X-Request-Id when sane, else a new UUID (plugins/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Refusals made before a route runs answer the envelope too (plugins/errors.ts).
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  });
  app.decorate('deps', deps);
  app.decorate('routeTable', []);
  const modules = await loadServerModules();
  const jobs = await startJobQueue(
    deps.db,
    modules.flatMap((m) => m.jobs ?? []),
    {
      workers: deps.config.workers,
      deps,
      onError: (err) => app.log.error({ err }, 'job queue error'),
      log: app.log,
    },
  );
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  // A worker-only node (WEB=0) serves no API: no sessions to cache.
  const web = deps.config.web !== false;
  if (deps.config.sessionCache && web) {
    const authListener = startAuthListener(deps.db, app.log);
    app.addHook('onClose', async () => authListener.stop());
    await authListener.ready;
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  const pageFallback: PageFallback = {};
  registerErrorHandling(app, pageFallback);
  registerRequestLog(app);
  registerRequestId(app);
  registerMetrics(app);
  // JSON depth and poisoned keys, NUL characters: for every route (docs/api.md "Request limits").
  registerRequestHygiene(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: deps.config.maxUploadBytes, files: 1 } });
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: APP_VERSION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'dqzs-1.0.1-token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  registerAuth(app);
  // Every API route must say who may call it (the permission snapshot test relies on this)
  // and is recorded with whether it declares its answer (response-schemas.test.ts).
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX) || route.method === 'HEAD') return;
    const access = route.config?.access;
    if (!access) throw new Error(`route ${route.method} ${route.url} has no access config`);
    const { querystring, body, params } = (route.schema ?? {}) as RouteRequestSchemas;
    const request = { ...(querystring && { querystring }), ...(body && { body }), ...(params && { params }) };
    app.routeTable.push({
      method: String(route.method),
      url: route.url,
      access,
      request,
      response: hasResponseSchema(route),
    });
  });
  // Public pages outside the API (the own site's storefront), before the web app's routes.
  if (web) for (const mod of modules) for (const pages of mod.pages ?? []) await app.register(pages);
  await app.register(
    async (api) => {
      if (web) for (const mod of modules) for (const routes of mod.routes) await api.register(routes);
      await api.register(healthRoutes);
      await api.register(metricsRoutes);
      if (!web) return;
      api.get(
        '/openapi.json',
        { schema: { hide: true, response: { 200: openApiDocument } }, config: { access: 'public' } },
        async () => app.swagger(),
      );
    },
    { prefix: API_PREFIX },
  );
  // Page addresses typed without the `#` are redirected to the hash route (plugins/web-app.ts).
  if (web && (await registerWebApp(app, deps.config.webDist))) pageFallback.redirect = redirectToAppRoute;
  return app;
}
