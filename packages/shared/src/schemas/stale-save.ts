import { z } from 'zod';

/** The message of a stale save (ARCHITECTURE.md: concurrent edits use a version number). */
export const STALE_VERSION_MSG = '数据已被他人修改,请刷新后重试';

/**
 * `data.code` of a refused stale save. A stale save answers status 409 with
 * `{status: 409, msg: STALE_VERSION_MSG, data: {code: STALE_SAVE_CODE, version?}}`; clients
 * recognise it by this code (never by the message text), other 409s carry no such code.
 */
export const STALE_SAVE_CODE = 'STALE_VERSION';

/** `data` of a stale-save answer: the code and, when known, the record's current version. */
export const staleSaveData = z.object({
  code: z.literal(STALE_SAVE_CODE),
  /** The version the record has now (absent when the record changed between read and write). */
  version: z.number().int().optional(),
});
export type StaleSaveData = z.infer<typeof staleSaveData>;

/**
 * True when an envelope, or an error carrying the envelope's `status` and `data` (the web
 * client's `ApiError`), is a refused stale save. The one test every screen that saves a
 * versioned record uses.
 */
export function isStaleSave(x: unknown): boolean {
  if (typeof x !== 'object' || x === null) return false;
  const { status, data } = x as { status?: unknown; data?: unknown };
  return status === 409 && staleSaveData.safeParse(data).success;
}

/** The current version a stale-save answer reports, if any. */
export function staleVersionOf(x: unknown): number | undefined {
  if (!isStaleSave(x)) return undefined;
  return ((x as { data: StaleSaveData }).data as StaleSaveData).version;
}
