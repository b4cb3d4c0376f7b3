import type { Permission } from '@console/shared/permissions/permissions';
import type { z } from 'zod';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { SessionRow, UserRow } from './db/types.js';
import type { JobQueue } from './jobs/job-queue.js';

/** What every service needs: the database, the configuration and the token signing key. */
export interface AppDeps {
  db: Database;
  config: Config;
  jwtSecret: Uint8Array;
}

/** The signed-in caller of a request. The tenant comes from here, never from the body. */
export interface AuthContext {
  user: UserRow;
  session: SessionRow;
  tenantId: number;
  via: 'cookie' | 'bearer';
  /** When the access token of this request expires. */
  accessExpires: Date;
}

/** Who did something, for the operation log. */
export interface Actor {
  userId: number;
  tenantId: number;
  account: string;
  ip: string;
  requestId: string;
}

/**
 * What a route requires: nothing, a session, a permission of the shared `can`, or
 * (token refresh only) a refresh token instead of a session.
 */
export type RouteAccess = 'public' | 'authenticated' | 'refreshToken' | Permission;

/** One API entry point and who may call it (compared with a committed snapshot in tests). */
export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** The route declares its success answer's schema (a test fails for a route without one). */
  response: boolean;
  /** The zod schemas that validate the request (the tenancy and number-bound tests walk them). */
  request?: RouteRequestSchemas;
}

/** A route's request schemas, as declared on the route. */
export interface RouteRequestSchemas {
  querystring?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every API route (and admin method) with its access requirement. */
    routeTable: RouteAccessEntry[];
    /** Background jobs (pg-boss). */
    jobs: JobQueue;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * `form`: the route takes a plain HTML form the console serves itself, which cannot send
     * the `X-CSRF-Token` header; a cookie session's token comes in the form's hidden
     * `csrf_token` field instead (checked by the auth plugin once the body is parsed).
     */
    csrf?: 'form';
  }
}
