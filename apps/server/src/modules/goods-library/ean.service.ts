import type { EanImportBody, EanImportLine } from '@console/shared/schemas/goods-library';
import type { Kysely } from 'kysely';
import type { Actor, AppDeps } from '../../context.js';
import type { DB } from '../../db/types.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { TimeSlicer } from '../../lib/time-slice.js';
import { audit } from '../system/audit.js';
import { deleteEansById, freeEans, insertEans, listEans, lockEansById, takeFreeEans } from './ean.repository.js';
import { checkEan, type ValidEan } from './ean-codes.js';
import { readEanSource } from './ean-import.js';

/** Imports codes into the tenant's pool and reports each one: added, duplicate or invalid (with the reason). */
export async function importEans(deps: AppDeps, actor: Actor, body: EanImportBody) {
  const entries = await readEanSource(body);
  const lines: EanImportLine[] = [];
  const valid: ValidEan[] = [];
  const seen = new Set<string>();
  // Up to 20,000 codes: checked in slices of a few ms, so other requests go on (issue 27 §3).
  const slicer = new TimeSlicer();
  for (const e of entries) {
    await slicer.pause();
    const r = checkEan(e.code);
    if ('error' in r) lines.push({ line: e.line, code: e.code, result: 'invalid', reason: r.error });
    else if (seen.has(r.gtin))
      lines.push({ line: e.line, code: e.code, result: 'duplicate', reason: '导入内容中重复' });
    else {
      seen.add(r.gtin);
      valid.push(r);
      lines.push({ line: e.line, code: r.code, result: 'added' });
    }
  }
  const added = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertEans(trx, actor.tenantId, actor.userId, valid);
    await audit(trx, actor, {
      action: 'goods.ean.import',
      targetType: 'goods_ean',
      targetId: 0,
      after: { received: entries.length, added: inserted.size, source: body.file?.name ?? 'text' },
    });
    return inserted;
  });
  const byGtin = new Map(valid.map((v) => [v.code, v.gtin]));
  for (const l of lines) {
    if (l.result === 'added' && !added.has(byGtin.get(l.code) ?? '')) {
      l.result = 'duplicate';
      l.reason = '已在EAN库中';
    }
  }
  const count = (r: EanImportLine['result']) => lines.filter((l) => l.result === r).length;
  return { added: count('added'), duplicate: count('duplicate'), invalid: count('invalid'), lines };
}

/** One page of the pool with counts of free and used codes. */
export function listEanPool(
  deps: AppDeps,
  tenantId: number,
  f: { page: number; pageSize: number; status?: 'free' | 'used' | undefined; keyword?: string | undefined },
) {
  return listEans(deps.db, tenantId, f);
}

/** Deletes free codes; a missing (or another tenant's) id is 404 and a used code is 409, and then nothing is deleted. */
export async function deleteEans(deps: AppDeps, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  return deps.db.transaction().execute(async (trx) => {
    const rows = await lockEansById(trx, actor.tenantId, unique);
    if (rows.length !== unique.length) throw notFound('EAN码不存在');
    const used = rows.filter((r) => r.status === 'used').map((r) => r.code);
    if (used.length > 0)
      throw conflict(`已使用的EAN码不能删除: ${used.slice(0, 5).join(', ')}${used.length > 5 ? ' 等' : ''}`);
    const deleted = await deleteEansById(trx, actor.tenantId, unique);
    await audit(trx, actor, {
      action: 'goods.ean.delete',
      targetType: 'goods_ean',
      targetId: unique.join(','),
      before: { codes: rows.map((r) => r.code) },
    });
    return deleted;
  });
}

/**
 * Takes up to `count` free codes of the tenant's pool (oldest first) and marks them used by
 * `goodsRef`, inside the caller's transaction (the product save, which writes the audit row).
 * Concurrent callers never get the same code and never wait for each other
 * (`FOR UPDATE SKIP LOCKED`). Returns fewer codes when the pool runs short: the save goes
 * through and reports the variations left without one (a dry pool must never cost a user
 * their product).
 */
export async function assignEans(
  trx: Kysely<DB>,
  tenantId: number,
  count: number,
  goodsRef: { goodsId: number; sku?: string },
): Promise<string[]> {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`invalid EAN count ${count}`);
  if (count === 0) return [];
  const taken = await takeFreeEans(trx, tenantId, count, goodsRef);
  return taken.map((t) => t.code);
}

/**
 * Returns used codes to the pool (a variation deleted, or a product deleted for good), in the
 * caller's transaction; with `goodsId`, only codes that product uses. Returns how many were freed.
 */
export function releaseEans(trx: Kysely<DB>, tenantId: number, codes: string[], goodsId?: number): Promise<number> {
  if (codes.length === 0) return Promise.resolve(0);
  return freeEans(trx, tenantId, goodsId === undefined ? { codes } : { codes, goodsId });
}
