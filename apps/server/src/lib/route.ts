import { binaryFile, envelope, errorEnvelope } from '@console/shared/schemas/common';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const zNull = z.null();

/** A Fastify instance whose schemas are zod schemas (types flow from schema to handler). */
export type ZodApp = ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance;

/** The app with the zod type provider, for route modules. */
export function zodApp(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/** Failures of every route: the envelope with a Chinese `msg` (docs/api.md "Envelope and statuses"). */
const failures = { '4xx': errorEnvelope, '5xx': errorEnvelope } as const;

/**
 * A route's `response` when it answers the JSON envelope around `data` (from the shared
 * schemas). Fastify checks every answer against it before sending (a mismatch is a 500,
 * docs/decisions.md "Issue 12 §1"), the handler's return type is checked against it, and
 * the OpenAPI document shows it.
 */
export function replies<T extends z.ZodType>(data: T): { 200: ReturnType<typeof envelope<T>> } {
  // The failure schemas are left out of the declared type: their `data` is unknown, so in
  // the reply union they would let a handler return any envelope unchecked. Failures are
  // sent by the error handler and hooks, never returned by handlers.
  return { 200: envelope(data), ...failures };
}

/**
 * A route's `response` when it answers a file (`mediaTypes`, e.g. `image/svg+xml`), and
 * optionally a JSON envelope around `json` instead (a small export answers the file, a large
 * one a job). The OpenAPI document lists each media type; files are sent as they are.
 */
export function fileReplies(mediaTypes: string[], json?: z.ZodType) {
  const content: Record<string, { schema: z.ZodType }> = Object.fromEntries(
    mediaTypes.map((t) => [t, { schema: binaryFile }]),
  );
  if (json) content['application/json'] = { schema: envelope(json) };
  return { 200: { description: 'the file', content }, ...failures };
}

/**
 * A route's `response` when it sends the browser elsewhere (302 with `Location`, no body),
 * such as the return from an external authorization page.
 */
export function redirectReplies() {
  return { 302: zNull.meta({ description: 'redirect: see the Location header' }), ...failures };
}

/** Whether a route declares what it answers on success (every API route must, see app.ts). */
export function hasResponseSchema(route: Pick<RouteOptions, 'schema'>): boolean {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  return response?.['200'] !== undefined || response?.['302'] !== undefined;
}
