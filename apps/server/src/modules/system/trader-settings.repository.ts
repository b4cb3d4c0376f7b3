import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** The branding a trader set for a host name (looked up before sign-in, by host). */
export function findTraderSettingByHost(db: Db, host: string) {
  return db
    .selectFrom('trader_settings')
    .select(['title', 'logo', 'logo_small', 'fav_icon'])
    .where('host', '=', host)
    .executeTakeFirst();
}

/** A trader's branding for one host name. */
export interface TraderSettingWrite {
  trader_uid: number;
  host: string;
  title: string;
  logo: string;
  logo_small: string;
  fav_icon: string;
}

/** Creates or replaces the branding of a host name. */
export async function upsertTraderSetting(db: Db, row: TraderSettingWrite): Promise<void> {
  await db
    .insertInto('trader_settings')
    .values(row)
    .onConflict((oc) => oc.column('host').doUpdateSet({ ...row, updated_at: new Date() }))
    .execute();
}
