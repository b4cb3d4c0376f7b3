import fs from 'node:fs';
import { API_PREFIX } from '@console/shared/constants/app';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The built web app at `/` and what a browser gets for an address that is no file and no API
 * route (docs/web.md "Addresses without #"): the console uses hash routes (`/#/login`), so a
 * page address typed or linked without the `#` (`/login`, `/order/shop?x=1`) is redirected
 * (302) to the same address behind the hash (`/#/login`, `/#/order/shop?x=1`). Only page
 * requests are redirected (GET/HEAD that accept text/html); API addresses under `/PDD`, a
 * missing script or image and other clients keep the JSON 404 `接口不存在`.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!fs.existsSync(webDist)) return false;
  // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
  await app.register(fastifyStatic, { root: webDist, index: ['index.html'], wildcard: true });
  return true;
}

/** True when the request is a browser asking for a page of the console (not an API call or a file). */
export function isAppPageRequest(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.url.split('?', 1)[0] ?? '';
  if (path === '/' || path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) return false;
  return String(req.headers.accept ?? '').includes('text/html');
}

/** Sends a page request to the same address behind the hash: `/login?x=1` -> `/#/login?x=1`. */
export function redirectToAppRoute(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.redirect(`/#${req.url}`, 302);
}

/** What the 404 handler does for page requests: set once the web app is served. */
export interface PageFallback {
  redirect?: (req: FastifyRequest, reply: FastifyReply) => FastifyReply;
}
