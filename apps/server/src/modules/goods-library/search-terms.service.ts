import { SEARCH_TERM_COUNTRIES } from '@console/shared/constants/goods';
import {
  SEARCH_TERM_COUNTRY_SET,
  type SearchTermsCreateBody,
  type SearchTermsUpdateBody,
} from '@console/shared/schemas/goods-library';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest, notFound, staleSave } from '../../lib/app-error.js';
import { audit, diff } from '../system/audit.js';
import {
  deleteSearchTerms,
  findSearchTerms,
  insertSearchTerms,
  listSearchTerms,
  lockSearchTerms,
  updateSearchTermsVersioned,
} from './search-terms.repository.js';

const NOT_FOUND = '搜索词不存在';

/** Spec section 9: new search terms only for the 8 countries of SEARCH_TERM_COUNTRIES. */
function assertCountry(country: string): void {
  if (!SEARCH_TERM_COUNTRY_SET.has(country)) {
    throw badRequest(`国家 ${country} 不支持添加搜索词,仅支持: ${SEARCH_TERM_COUNTRIES.join(', ')}`);
  }
}

/** One page of the tenant's entries. */
export function listSearchTermEntries(
  deps: AppDeps,
  tenantId: number,
  f: { page: number; pageSize: number; keyword?: string | undefined; country?: string | undefined },
) {
  return listSearchTerms(deps.db, tenantId, f);
}

/** One entry, or 404 (also for another tenant's id). */
export async function getSearchTermEntry(deps: AppDeps, tenantId: number, id: number) {
  const row = await findSearchTerms(deps.db, tenantId, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Adds an entry for one of the 8 countries. */
export function createSearchTermEntry(deps: AppDeps, actor: Actor, body: SearchTermsCreateBody) {
  assertCountry(body.country);
  return deps.db.transaction().execute(async (trx) => {
    const row = await insertSearchTerms(trx, { tenant_id: actor.tenantId, creator_id: actor.userId, ...body });
    await audit(trx, actor, {
      action: 'goods.searchTerms.create',
      targetType: 'goods_search_terms',
      targetId: row.id,
      after: body,
    });
    return row;
  });
}

/** Updates an entry; a stale version is refused (409). Moving it to another country follows the create rule. */
export function updateSearchTermEntry(deps: AppDeps, actor: Actor, body: SearchTermsUpdateBody) {
  const { id, version, ...fields } = body;
  const patch = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as {
    country?: string;
    name?: string;
    terms?: string;
  };
  return deps.db.transaction().execute(async (trx) => {
    const before = await findSearchTerms(trx, actor.tenantId, id);
    if (!before) throw notFound(NOT_FOUND);
    if (patch.country !== undefined && patch.country !== before.country) assertCountry(patch.country);
    if (before.version !== version) throw staleSave(before.version);
    const row = await updateSearchTermsVersioned(trx, actor.tenantId, id, version, patch);
    if (!row) throw staleSave();
    await audit(trx, actor, {
      action: 'goods.searchTerms.update',
      targetType: 'goods_search_terms',
      targetId: id,
      ...diff(before, patch),
    });
    return row;
  });
}

/** Deletes entries; any missing (or another tenant's) id is 404 and then nothing is deleted. */
export function deleteSearchTermEntries(deps: AppDeps, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  return deps.db.transaction().execute(async (trx) => {
    const rows = await lockSearchTerms(trx, actor.tenantId, unique);
    if (rows.length !== unique.length) throw notFound(NOT_FOUND);
    const deleted = await deleteSearchTerms(trx, actor.tenantId, unique);
    await audit(trx, actor, {
      action: 'goods.searchTerms.delete',
      targetType: 'goods_search_terms',
      targetId: unique.join(','),
      before: { entries: rows },
    });
    return deleted;
  });
}
