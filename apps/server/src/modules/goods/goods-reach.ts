import { GOODS_SCOPE_NAMES, type GoodsReach, goodsScopeOf, inGoodsReach } from '@console/shared/permissions/can';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { subjectOf } from '../account/account.presenter.js';
import { groupAccountIds } from '../account/user.repository.js';
import { goodsCreatorsOf } from './goods-reach.repository.js';

type Db = Kysely<DB>;

/** The caller's reach in the product library, with its tenant: what every goods call is narrowed to. */
export interface TenantGoodsReach extends GoodsReach {
  tenantId: number;
}

/**
 * Resolves an account's data scope (issue 13 §5) into the creators whose products it
 * reaches: none to look up for `all` (null) and `own` (itself); for `group`, its group
 * leader's team read now (the leader itself, or the account's leader, and every account
 * pointing at that leader), so a change of membership counts on the next request. An account
 * in no group reaches its own products.
 */
export async function goodsReachOf(db: Db, user: UserRow): Promise<TenantGoodsReach> {
  const scope = goodsScopeOf(subjectOf(user));
  const tenantId = user.tenant_id;
  if (scope === 'all') return { tenantId, scope, creators: null };
  if (scope === 'own') return { tenantId, scope, creators: [user.id] };
  const leader = user.auth === 1 ? user.id : user.leader_id;
  return { tenantId, scope, creators: leader ? await groupAccountIds(db, tenantId, leader) : [user.id] };
}

/** Most forbidden ids named in a refusal's data. */
const NAMED_IDS = 50;

/**
 * Refuses (403) a call on products by id when any of them lies outside the caller's reach:
 * all or nothing, so a batch mixing allowed and forbidden ids changes nothing (the ids a
 * caller did not see in its lists are a stale or forged selection). Ids that are not the
 * tenant's products are left to the call (it answers "not found" as before).
 */
export async function requireGoodsInReach(db: Db, reach: TenantGoodsReach, ids: readonly number[]): Promise<void> {
  if (reach.creators === null || ids.length === 0) return;
  const rows = await goodsCreatorsOf(db, reach.tenantId, ids);
  const outside = rows.filter((r) => !inGoodsReach(reach, r)).map((r) => Number(r.id));
  if (outside.length === 0) return;
  const scope = GOODS_SCOPE_NAMES[reach.scope];
  const msg =
    ids.length === 1
      ? `该商品不在您的数据范围内(${scope}),无权查看或操作`
      : `所选商品中有${outside.length}个不在您的数据范围内(${scope}),未执行任何操作`;
  throw new AppError(403, msg, { forbidden_ids: outside.slice(0, NAMED_IDS), scope: reach.scope });
}
