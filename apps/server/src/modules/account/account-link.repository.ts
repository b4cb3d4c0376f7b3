import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/types.js';

type Db = Kysely<DB>;

/** One side of a link: an account and its tenant. */
export interface LinkSide {
  id: number;
  tenant_id: number;
}

/** A stored link (the smaller account id is `user_a`). */
export interface AccountLink {
  user_a: number;
  user_b: number;
  tenant_a: number;
  tenant_b: number;
}

const LINK_COLUMNS = ['user_a', 'user_b', 'tenant_a', 'tenant_b'] as const;

/**
 * Stores the link between two accounts unless it exists (the unique pair index makes
 * parallel requests store one row): the new link, or undefined when it was there already.
 */
export function insertLink(
  db: Db,
  one: LinkSide,
  other: LinkSide,
  createdBy: number,
  proof: 'password',
): Promise<AccountLink | undefined> {
  const [a, b] = one.id < other.id ? [one, other] : [other, one];
  return db
    .insertInto('account_links')
    .values({ user_a: a.id, user_b: b.id, tenant_a: a.tenant_id, tenant_b: b.tenant_id, created_by: createdBy, proof })
    .onConflict((oc) => oc.columns(['user_a', 'user_b']).doNothing())
    .returning(LINK_COLUMNS)
    .executeTakeFirst();
}

/**
 * The link between the caller's account `userId` of `tenantId` and the account `otherId`,
 * locked FOR SHARE until the transaction ends (an unlink waits for a switch that already
 * found it). The caller's side must be of the caller's tenant; the other side may be of any
 * tenant: only a link names an account of another tenant.
 */
export function findLink(db: Db, tenantId: number, userId: number, otherId: number): Promise<AccountLink | undefined> {
  return db
    .selectFrom('account_links')
    .select(LINK_COLUMNS)
    .where('user_a', '=', Math.min(userId, otherId))
    .where('user_b', '=', Math.max(userId, otherId))
    .where(userId < otherId ? 'tenant_a' : 'tenant_b', '=', tenantId)
    .forShare()
    .executeTakeFirst();
}

/** The other side of a link, seen from `userId`. */
export function otherSide(link: AccountLink, userId: number): LinkSide {
  return link.user_a === userId
    ? { id: link.user_b, tenant_id: link.tenant_b }
    : { id: link.user_a, tenant_id: link.tenant_a };
}

/** The live, enabled accounts linked to one account of a tenant, by id. */
export function listLinkedAccounts(
  db: Db,
  tenantId: number,
  userId: number,
): Promise<Pick<UserRow, 'id' | 'account' | 'user_name'>[]> {
  return db
    .selectFrom('account_links as l')
    .innerJoin('users', (j) =>
      j.on((eb) =>
        eb.or([
          eb.and([
            eb('l.user_a', '=', userId),
            eb('l.tenant_a', '=', tenantId),
            eb('users.id', '=', eb.ref('l.user_b')),
          ]),
          eb.and([
            eb('l.user_b', '=', userId),
            eb('l.tenant_b', '=', tenantId),
            eb('users.id', '=', eb.ref('l.user_a')),
          ]),
        ]),
      ),
    )
    .select(['users.id', 'users.account', 'users.user_name'])
    .where('users.deleted_at', 'is', null)
    .where('users.status', '=', 1)
    .orderBy('users.id')
    .execute();
}

/** Removes the link between the caller's account and another; the removed link, if there was one. */
export function deleteLink(
  db: Db,
  tenantId: number,
  userId: number,
  otherId: number,
): Promise<AccountLink | undefined> {
  return db
    .deleteFrom('account_links')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_a', '=', userId), eb('tenant_a', '=', tenantId), eb('user_b', '=', otherId)]),
        eb.and([eb('user_b', '=', userId), eb('tenant_b', '=', tenantId), eb('user_a', '=', otherId)]),
      ]),
    )
    .returning(LINK_COLUMNS)
    .executeTakeFirst();
}

/** Removes every link of one account of a tenant; the removed links. */
export function deleteLinksOf(db: Db, tenantId: number, userId: number): Promise<AccountLink[]> {
  return db
    .deleteFrom('account_links')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_a', '=', userId), eb('tenant_a', '=', tenantId)]),
        eb.and([eb('user_b', '=', userId), eb('tenant_b', '=', tenantId)]),
      ]),
    )
    .returning(LINK_COLUMNS)
    .execute();
}
