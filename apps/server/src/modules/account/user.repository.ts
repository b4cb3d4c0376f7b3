import { type Kysely, sql } from 'kysely';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import type { DB, NewUser, UserRow, UserUpdate } from '../../db/types.js';

type Db = Kysely<DB>;

/** An account by its sign-in name (global: sign-in happens before any tenant is known). */
export function findUserByAccount(db: Db, account: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(account)`, '=', account.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * An account by id in any tenant. Never call it with an id a request names (issue 27 §1: a
 * switch looked up another tenant's admin this way): request paths use `findTenantUser`, and
 * reach another tenant's account only through a proven account link. Allowed for ids the
 * server itself stored (a confirmed QR code) and for the operator's command line;
 * `test/account-takeover.test.ts` fails when any other file imports it.
 */
export function findUserByIdAnyTenant(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** An account of one tenant; another tenant's id finds nothing. */
export function findTenantUser(db: Db, tenantId: number, id: number): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export interface ChildFilter {
  page: number;
  pageSize: number;
  keyword?: string;
  auth?: number;
  /** Only rows this account created (buyers managing their own buyers). */
  createdBy?: number;
  onlyAuth?: number;
}

/** Child accounts of a tenant, newest first, with the total for paging. */
export async function listChildren(
  db: Db,
  tenantId: number,
  f: ChildFilter,
): Promise<{ rows: UserRow[]; total: number }> {
  let q = db
    .selectFrom('users')
    .where('tenant_id', '=', tenantId)
    .where('parent_id', '<>', 0)
    .where('deleted_at', 'is', null);
  if (f.createdBy !== undefined) q = q.where('created_by', '=', f.createdBy);
  if (f.onlyAuth !== undefined) q = q.where('auth', '=', f.onlyAuth);
  if (f.auth !== undefined) q = q.where('auth', '=', f.auth);
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    q = q.where((eb) =>
      eb.or([eb('account', 'ilike', like), eb('user_name', 'ilike', like), eb('phone', 'like', like)]),
    );
  }
  return pageAndTotal(q, f, (q) => q.selectAll().orderBy('id', 'desc'));
}

/** Live child accounts of a tenant; `scope` narrows to those one account created (of one role). */
export async function countChildren(
  db: Db,
  tenantId: number,
  scope: { createdBy?: number; onlyAuth?: number } = {},
): Promise<number> {
  let q = db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('parent_id', '<>', 0)
    .where('deleted_at', 'is', null);
  if (scope.createdBy !== undefined) q = q.where('created_by', '=', scope.createdBy);
  if (scope.onlyAuth !== undefined) q = q.where('auth', '=', scope.onlyAuth);
  const r = await q.executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Locks the tenant's main account row for the rest of the transaction (serialises child creation). */
export function lockMainAccount(db: Db, tenantId: number): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', tenantId)
    .where('parent_id', '=', 0)
    .forUpdate()
    .executeTakeFirst();
}

/** Inserts an account; a main account gets tenant_id = its own id in the same statement. */
export async function insertUser(db: Db, row: Omit<NewUser, 'tenant_id'> & { tenant_id?: number }): Promise<UserRow> {
  if (row.tenant_id !== undefined) {
    return db
      .insertInto('users')
      .values({ ...row, tenant_id: row.tenant_id })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return db
    .insertInto('users')
    .values({ ...row, tenant_id: sql<number>`currval(pg_get_serial_sequence('users', 'id'))` })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Inserts a child account unless its account name is taken (the unique index on
 * lower(account)): undefined then, without a unique-violation error in PostgreSQL's log.
 */
export function insertChildIfFree(db: Db, row: NewUser): Promise<UserRow | undefined> {
  return db
    .insertInto('users')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Updates one account of a tenant and bumps its version. */
export function updateTenantUser(
  db: Db,
  tenantId: number,
  id: number,
  patch: UserUpdate,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...patch, updated_at: sql`now()`, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Every account of a tenant, also disabled and deleted ones (their products stay in the
 * library): the main account first, then children by id.
 */
export function listTenantAccounts(db: Db, tenantId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'account', 'user_name', 'parent_id', 'status', 'deleted_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('parent_id')
    .orderBy('id')
    .execute();
}

/** Records a successful sign-in of one account of the tenant. */
export async function touchLastLogin(db: Db, tenantId: number, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_login_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Sets the password hash of one account of the tenant. */
export async function setUserPassword(db: Db, tenantId: number, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Live accounts of every tenant, or of one (the operator's command line, not a request). */
export function listLiveAccounts(db: Db, tenantId?: number) {
  let q = db
    .selectFrom('users')
    .select(['id', 'account', 'auth', 'parent_id', 'tenant_id', 'user_name', 'phone', 'status'])
    .where('deleted_at', 'is', null)
    .orderBy('id');
  if (tenantId !== undefined) q = q.where('tenant_id', '=', tenantId);
  return q.execute();
}

/**
 * A live group leader (auth 1) of the tenant, locked FOR SHARE until the transaction ends, so
 * a concurrent change of its role or its deletion (which empty its group) waits for the
 * assignment of a member and then sees it.
 */
export function lockGroupLeader(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'auth'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('parent_id', '<>', 0)
    .where('deleted_at', 'is', null)
    .forShare()
    .executeTakeFirst();
}

/** Removes every member from a leader's group (the leader lost its role or was deleted); returns how many. */
export async function clearGroupMembers(db: Db, tenantId: number, leaderId: number): Promise<number> {
  const r = await db
    .updateTable('users')
    .set({ leader_id: null, updated_at: sql`now()`, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('leader_id', '=', leaderId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * The accounts of a group: the leader and every account pointing at it, deleted ones too
 * (their products stay with the group).
 */
export async function groupAccountIds(db: Db, tenantId: number, leaderId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('id', '=', leaderId), eb('leader_id', '=', leaderId)]))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
