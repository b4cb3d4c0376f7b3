import { z } from 'zod';
import { STALE_SAVE_CODE } from '../constants/stale-save.js';

export { STALE_SAVE_CODE, STALE_VERSION_MSG } from '../constants/stale-save.js';

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
