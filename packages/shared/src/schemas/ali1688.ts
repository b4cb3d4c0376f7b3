import { z } from 'zod';

/**
 * 1688采购 (`/platform/ali1688`, docs/ali1688.md): a tenant connects its own 1688 buyer account
 * through 1688's OAuth; purchases through 1688 then act for that account.
 */

/** The connection's states and their Chinese names (未连接: no connection). */
export const ALI1688_CONNECTION_LABELS = {
  connected: '已连接',
  expired: '已过期',
  failed: '授权失败',
  none: '未连接',
} as const;
export type Ali1688ConnectionState = keyof typeof ALI1688_CONNECTION_LABELS;

/** Which 1688 channel the server has: the real API, the loopback simulator, or none. */
export const ALI1688_CHANNELS = ['live', 'demo', 'none'] as const;

/** The tenant's connection as the screen shows it (tokens are never part of it). */
export const ali1688ConnectionView = z.object({
  channel: z.enum(ALI1688_CHANNELS),
  /** Whether 连接1688账号 can work (a channel, and for the real API an app secret). */
  oauth_ready: z.boolean(),
  /** Whether PUBLIC_URL is set (1688 redirects back to the console's address). */
  public_url_set: z.boolean(),
  state: z.enum(['connected', 'expired', 'failed', 'none']),
  member_id: z.string().nullable(),
  login_id: z.string().nullable(),
  connected_by: z.string().nullable(),
  /** Unix seconds. */
  connected_at: z.number().int().nullable(),
  access_expires_at: z.number().int().nullable(),
  refresh_expires_at: z.number().int().nullable(),
  last_refresh_at: z.number().int().nullable(),
  last_refresh_ok: z.boolean().nullable(),
  last_refresh_error: z.string().nullable(),
});
export type Ali1688ConnectionView = z.infer<typeof ali1688ConnectionView>;

/** `POST /ali1688/connect`: where the browser goes to authorize, and until when (Unix seconds). */
export const ali1688ConnectData = z.object({ authorize_url: z.string(), expires_at: z.number().int() });

/** Readable cookie the callback leaves (10 minutes) with what 1688's redirect carried; the screen reads it once. */
export const ALI1688_AUTH_COOKIE = 'ali1688_auth';

/** 1688's redirect back after the buyer's consent. */
export const ali1688CallbackQuery = z.object({
  code: z.string().max(500).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/** `POST /ali1688/complete`: the signed-in user hands over the code and state of the redirect. */
export const ali1688CompleteBody = z.strictObject({
  state: z.string({ error: '授权参数缺失' }).min(16, { error: '授权参数不合法' }).max(200, { error: '授权参数不合法' }),
  code: z.string({ error: '授权参数缺失' }).min(1, { error: '授权参数缺失' }).max(500, { error: '授权参数不合法' }),
});
export type Ali1688CompleteBody = z.infer<typeof ali1688CompleteBody>;
