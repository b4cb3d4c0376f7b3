import type { z } from 'zod';
import type { AppDeps } from '../../context.js';
import { findUserSetting, upsertUserSetting } from './user-settings.repository.js';

/**
 * A setting users keep on the server: its key, the zod schema of its value and the value of a
 * user who never saved one. Modules define their own (the export's column choice is
 * `goods.exportColumns`); the table holds any key.
 */
export interface UserSettingDefinition<T> {
  key: string;
  schema: z.ZodType<T>;
  fallback: T;
}

/** The caller's value of a setting; the fallback when never saved or no longer fitting its schema. */
export async function readUserSetting<T>(
  deps: AppDeps,
  who: { tenantId: number; userId: number },
  def: UserSettingDefinition<T>,
): Promise<T> {
  const stored = await findUserSetting(deps.db, who.tenantId, who.userId, def.key);
  if (stored === undefined) return def.fallback;
  const parsed = def.schema.safeParse(stored);
  return parsed.success ? parsed.data : def.fallback;
}

/** Saves the caller's value of a setting (already validated by the request schema). */
export function saveUserSetting<T>(
  deps: AppDeps,
  who: { tenantId: number; userId: number },
  def: UserSettingDefinition<T>,
  value: T,
): Promise<void> {
  return upsertUserSetting(deps.db, who.tenantId, who.userId, def.key, value);
}
