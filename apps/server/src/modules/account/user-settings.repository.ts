import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** The stored value of one setting of a user of the tenant (undefined when never saved). */
export async function findUserSetting(db: Db, tenantId: number, userId: number, key: string): Promise<unknown> {
  const row = await db
    .selectFrom('user_settings')
    .select('value')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

/** Saves one setting of a user of the tenant (the last save wins: a setting has no concurrent editors). */
export async function upsertUserSetting(db: Db, tenantId: number, userId: number, key: string, value: unknown) {
  const json = JSON.stringify(value);
  await db
    .insertInto('user_settings')
    .values({ user_id: userId, tenant_id: tenantId, key, value: json })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'key', 'tenant_id'])
        .doUpdateSet({ value: json, updated_at: sql`now()` })
        .where('user_settings.tenant_id', '=', tenantId),
    )
    .execute();
}
