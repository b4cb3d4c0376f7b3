import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword } from '../lib/password.js';
import { syncMenus } from '../modules/account/menu.service.js';
import { insertUser } from '../modules/account/user.repository.js';
import { ensureSampleChannels } from '../modules/logistics/sample-channels.js';
import type { DB } from './types.js';

/** The HS256 key for access tokens, shared by every server process through the database. */
export async function ensureJwtSecret(db: Kysely<DB>): Promise<Uint8Array> {
  await db
    .insertInto('server_secrets')
    .values({ name: 'jwt', value: randomBytes(48).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow();
  return new Uint8Array(Buffer.from(row.value, 'base64'));
}

/**
 * On an empty database, creates the company-admin main account `admin`. Returns the
 * generated password when none was given (printed once by the caller), else null.
 */
export async function ensureAdmin(
  db: Kysely<DB>,
  adminPassword: string | undefined,
): Promise<{ created: boolean; password: string | null }> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return { created: false, password: null };
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  await insertUser(db, {
    account: 'admin',
    password_hash: await hashPassword(password),
    auth: 0,
    user_name: '管理员',
    max_child: 50,
  });
  return { created: true, password: adminPassword ? null : password };
}

/** Everything a fresh or upgraded database needs before serving. */
export async function seed(db: Kysely<DB>, adminPassword: string | undefined) {
  await syncMenus(db);
  const jwtSecret = await ensureJwtSecret(db);
  const admin = await ensureAdmin(db, adminPassword);
  // A new installation can ship from the start: the sandbox carrier's sample channels, once (issue 29 §2).
  await ensureSampleChannels(db);
  return { jwtSecret, admin };
}
