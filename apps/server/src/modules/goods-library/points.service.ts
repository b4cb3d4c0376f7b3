import type { PointsCreateBody, PointsUpdateBody } from '@console/shared/schemas/goods-library';
import type { Actor, AppDeps } from '../../context.js';
import { notFound, staleSave } from '../../lib/app-error.js';
import { audit, diff } from '../system/audit.js';
import {
  deletePoints,
  findPoints,
  insertPoints,
  listPoints,
  lockPoints,
  updatePointsVersioned,
} from './points.repository.js';

const NOT_FOUND = '五点描述不存在';

/** Keeps the non-empty bullets of each language and drops languages left empty. */
export function cleanPoints(points: Partial<Record<string, string[]>>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [lang, list] of Object.entries(points)) {
    const kept = (list ?? []).filter((b) => b !== '');
    if (kept.length > 0) out[lang] = kept;
  }
  return out;
}

/** One page of the tenant's bullet-point sets. */
export function listPointSets(
  deps: AppDeps,
  tenantId: number,
  f: { page: number; pageSize: number; keyword?: string | undefined },
) {
  return listPoints(deps.db, tenantId, f);
}

/** One set, or 404 (also for another tenant's id). */
export async function getPointSet(deps: AppDeps, tenantId: number, id: number) {
  const row = await findPoints(deps.db, tenantId, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Creates a set. */
export function createPointSet(deps: AppDeps, actor: Actor, body: PointsCreateBody) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await insertPoints(trx, {
      tenant_id: actor.tenantId,
      creator_id: actor.userId,
      name: body.name,
      points: cleanPoints(body.points),
    });
    await audit(trx, actor, {
      action: 'goods.points.create',
      targetType: 'goods_points',
      targetId: row.id,
      after: { name: row.name, points: row.points },
    });
    return row;
  });
}

/** Updates a set; a save based on an older version is refused (409), never merged silently. */
export function updatePointSet(deps: AppDeps, actor: Actor, body: PointsUpdateBody) {
  return deps.db.transaction().execute(async (trx) => {
    const before = await findPoints(trx, actor.tenantId, body.id);
    if (!before) throw notFound(NOT_FOUND);
    if (before.version !== body.version) throw staleSave(before.version);
    const patch = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.points !== undefined ? { points: cleanPoints(body.points) } : {}),
    };
    const row = await updatePointsVersioned(trx, actor.tenantId, body.id, body.version, patch);
    if (!row) throw staleSave();
    await audit(trx, actor, {
      action: 'goods.points.update',
      targetType: 'goods_points',
      targetId: row.id,
      ...diff(before, patch),
    });
    return row;
  });
}

/** Deletes sets; any missing (or another tenant's) id is 404 and then nothing is deleted. */
export function deletePointSets(deps: AppDeps, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  return deps.db.transaction().execute(async (trx) => {
    const rows = await lockPoints(trx, actor.tenantId, unique);
    if (rows.length !== unique.length) throw notFound(NOT_FOUND);
    const deleted = await deletePoints(trx, actor.tenantId, unique);
    await audit(trx, actor, {
      action: 'goods.points.delete',
      targetType: 'goods_points',
      targetId: unique.join(','),
      before: { names: rows.map((r) => r.name) },
    });
    return deleted;
  });
}
