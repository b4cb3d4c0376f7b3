import { STALE_SAVE_CODE, STALE_VERSION_MSG, type StaleSaveData } from '@console/shared/schemas/stale-save';

/** A failure the user should see: HTTP-like status and a Chinese message (spec section 8). */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string, data: unknown = null) => new AppError(400, msg, data);
export const unauthorized = (msg = '登录已过期,请重新登录') => new AppError(401, msg);
export const forbidden = (msg = '没有权限执行此操作') => new AppError(403, msg);
export const notFound = (msg = '记录不存在') => new AppError(404, msg);
export const conflict = (msg: string, data: unknown = null) => new AppError(409, msg, data);

/**
 * A refused stale save of a versioned record: 409 with the Chinese message and
 * `data: {code: STALE_SAVE_CODE, version?}` (the record's current version when known), which
 * clients test with the shared `isStaleSave` (never by the message text).
 */
export const staleSave = (version?: number) =>
  new AppError(409, STALE_VERSION_MSG, {
    code: STALE_SAVE_CODE,
    ...(version === undefined ? {} : { version }),
  } satisfies StaleSaveData);

/** PostgreSQL unique violation. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}
