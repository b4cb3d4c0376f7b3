import {
  ADJUST_REASON_LABELS,
  COUNT_STATUS_LABELS,
  type CountCreateBody,
  type CountDetail,
  type CountListBody,
  type CountListData,
  type CountRow,
  type CountSaveBody,
  type CountSkusData,
  type CountSkusFilter,
  type InventoryAdjustBody,
} from '@console/shared/schemas/overseas-count';
import type { Kysely } from 'kysely';
import type { Actor, AppDeps } from '../../context.js';
import type { DB } from '../../db/types.js';
import { locationId } from '../../inventory/inventory.repository.js';
import { CHINA, type LocationRef, postMovement } from '../../inventory/inventory.service.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.js';
import { audit } from '../system/audit.js';
import {
  type CountReach,
  type CountRowDb,
  countCandidates,
  countLines,
  findCount,
  insertAdjustment,
  insertCount,
  listCounts,
  locationById,
  lockCount,
  lockedOnHand,
  onHandAt,
  ownedSkuIds,
  setCount,
  setCounted,
  setPosted,
  tenantExists,
  warehouseById,
} from './overseas-count.repository.js';

const NOT_FOUND = '盘点单不存在';
const secs = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** Which way each reason may move stock (其他 goes either way, with a note). */
function checkReason(b: InventoryAdjustBody) {
  const label = ADJUST_REASON_LABELS[b.reason];
  if (b.reason === 'gain' && b.quantity < 0) throw badRequest(`${label}只能增加库存`);
  if (b.reason !== 'gain' && b.reason !== 'other' && b.quantity > 0) throw badRequest(`${label}只能减少库存`);
  if (b.reason === 'other' && !b.note) throw badRequest('原因为「其他」时请填写备注');
}

async function placeOf(db: Kysely<DB>, warehouseId: number | null | undefined): Promise<LocationRef> {
  if (warehouseId === null || warehouseId === undefined) return CHINA;
  if (!(await warehouseById(db, warehouseId))) throw notFound('仓库不存在');
  return { kind: 'overseas', warehouseId };
}

/**
 * 库存调整 (the operator): one SKU of a tenant at a warehouse (or in China) by +/- units with a
 * reason, as one movement (reason `adjust`, doc `adjust` + the adjustment's id) in one
 * transaction. A decrease below the reserved units is refused (409) and writes nothing.
 */
export async function adjustStock(deps: AppDeps, actor: Actor, b: InventoryAdjustBody) {
  checkReason(b);
  if (!(await tenantExists(deps.db, b.tenant_id))) throw notFound('客户不存在');
  const at = await placeOf(deps.db, b.warehouse_id);
  if ((await ownedSkuIds(deps.db, b.tenant_id, [b.stock_id])).length === 0) throw notFound('SKU不存在');
  return deps.db.transaction().execute(async (trx) => {
    const loc = await locationId(trx, b.tenant_id, at);
    const id = await insertAdjustment(trx, {
      tenant_id: b.tenant_id,
      location_id: loc,
      stock_id: b.stock_id,
      quantity: b.quantity,
      reason: b.reason,
      note: b.note,
      created_by: actor.userId,
    });
    const label = ADJUST_REASON_LABELS[b.reason];
    const posted = await postMovement(trx, {
      tenantId: b.tenant_id,
      stockId: b.stock_id,
      at,
      op: b.quantity > 0 ? 'in' : 'out',
      quantity: Math.abs(b.quantity),
      reason: 'adjust',
      doc: { type: 'adjust', id },
      note: b.note ? `${label}:${b.note}` : label,
      by: actor.userId,
    }).catch((e: unknown) => {
      if (e instanceof AppError && e.status === 409 && e.data && typeof e.data === 'object') {
        const d = e.data as { sku: string; on_hand: number; reserved: number; available: number };
        throw conflict(
          `SKU ${d.sku} 在库 ${d.on_hand} 件,已预留 ${d.reserved} 件,最多可减少 ${d.available} 件,不能减少 ${-b.quantity} 件`,
          e.data,
        );
      }
      throw e;
    });
    await audit(trx, actor, {
      action: 'overseas.inventory.adjust',
      targetType: 'stock_adjustment',
      targetId: id,
      after: { sku: posted.sku, quantity: b.quantity, reason: label, on_hand: posted.on_hand, tenant_id: b.tenant_id },
    });
    const { movementId, ...rest } = posted;
    return { id, movement_id: movementId, ...rest };
  });
}

/**
 * 盘点单's SKU picker (the operator): a tenant's SKUs to add to a new count at a warehouse, with
 * their on hand there (`countSkusBody`: by keyword 50 at most, the warehouse's or those in stock
 * 5,000, a count's bound); `more` when more matched.
 */
export async function countSkus(deps: AppDeps, b: CountSkusFilter): Promise<CountSkusData> {
  if (!(await tenantExists(deps.db, b.tenant_id))) throw notFound('客户不存在');
  if (!(await warehouseById(deps.db, b.warehouse_id))) throw notFound('仓库不存在');
  const limit = b.scope === 'match' ? 50 : 5000;
  const rows = await countCandidates(deps.db, b.tenant_id, b.warehouse_id, b, limit);
  return {
    list: rows.slice(0, limit).map((r) => ({
      stock_id: Number(r.id),
      sku: r.sku,
      title: r.title,
      barcode: r.barcode,
      on_hand: r.on_hand,
    })),
    more: rows.length > limit,
  };
}

/**
 * 创建盘点单 (the operator): a count of a tenant's SKUs at a warehouse, every SKU with a balance
 * there or the chosen ones (another tenant's SKU: 404), with on hand now as the snapshot.
 */
export async function createCount(deps: AppDeps, actor: Actor, b: CountCreateBody) {
  if (!(await tenantExists(deps.db, b.tenant_id))) throw notFound('客户不存在');
  const at = await placeOf(deps.db, b.warehouse_id);
  const id = await deps.db.transaction().execute(async (trx) => {
    const loc = await locationId(trx, b.tenant_id, at);
    let chosen: number[] | undefined;
    if (b.stock_ids?.length) {
      chosen = [...new Set(b.stock_ids)];
      if ((await ownedSkuIds(trx, b.tenant_id, chosen)).length !== chosen.length) throw notFound('SKU不存在');
    }
    const onHand = await onHandAt(trx, loc, chosen);
    const ids = chosen ? chosen.sort((x, y) => x - y) : [...onHand.keys()];
    if (ids.length === 0) throw badRequest('该客户在此仓库没有库存,请选择要盘点的SKU');
    const id = await insertCount(
      trx,
      {
        tenant_id: b.tenant_id,
        location_id: loc,
        warehouse_id: b.warehouse_id,
        note: b.note,
        created_by: actor.userId,
      },
      ids.map((s) => ({ stock_id: s, expected: onHand.get(s) ?? 0 })),
    );
    const row = (await lockCount(trx, { tenantId: null }, id))!;
    await log(trx, actor, 'overseas.count.create', row, { lines: ids.length });
    return id;
  });
  return countDetail(deps, { tenantId: null }, id);
}

type Locked = NonNullable<Awaited<ReturnType<typeof lockCount>>>;

const log = (trx: Kysely<DB>, actor: Actor, action: string, row: Locked, after: Record<string, unknown> = {}) =>
  audit(trx, actor, {
    action,
    targetType: 'stock_count',
    targetId: Number(row.id),
    after: { number: row.number, tenant_id: row.tenant_id, ...after },
  });

/** A step on an open count, under its row lock (a repeated or parallel step finds the next status). */
async function step(deps: AppDeps, id: number, name: string, run: (trx: Kysely<DB>, row: Locked) => Promise<void>) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockCount(trx, { tenantId: null }, id);
    if (!row) throw notFound(NOT_FOUND);
    if (row.status !== 'open')
      throw badRequest(`盘点单 ${row.number} 当前状态为「${COUNT_STATUS_LABELS[row.status]}」,不能${name}`);
    await run(trx, row);
  });
  return countDetail(deps, { tenantId: null }, id);
}

/** 保存实盘数量 (the operator): counted units per line; the count stays open. */
export function saveCount(deps: AppDeps, actor: Actor, b: CountSaveBody) {
  return step(deps, b.id, '保存', async (trx, row) => {
    const ids = new Set(b.lines.map((l) => l.line_id));
    if (ids.size !== b.lines.length) throw badRequest('明细重复');
    if ((await setCounted(trx, b.id, b.lines)) !== b.lines.length) throw notFound('盘点明细不存在');
    if (b.note !== undefined) await setCount(trx, b.id, { note: b.note });
    else await setCount(trx, b.id, {});
    await log(trx, actor, 'overseas.count.save', row, { lines: b.lines.length });
  });
}

/**
 * 过账 (the operator): every line must be counted. Each line's difference is counted − on hand
 * at post time (the balance locked, so movements since the snapshot are taken into account);
 * a non-zero difference becomes one movement (reason `count`, doc `count` + id). All or
 * nothing: a line the balance cannot take (counted below the reserved units) refuses the post.
 */
export function postCount(deps: AppDeps, actor: Actor, id: number) {
  return step(deps, id, '过账', async (trx, row) => {
    const lines = await countLines(trx, id, row.location_id);
    const open = lines.filter((l) => l.counted === null).length;
    if (open > 0) throw badRequest(`还有 ${open} 个SKU未填写实盘数量`);
    const at = await atOf(trx, row);
    let moved = 0;
    for (const l of lines) {
      const onHand = await lockedOnHand(trx, row.location_id, Number(l.stock_id));
      const diff = l.counted! - onHand;
      let movementId: number | null = null;
      if (diff !== 0) {
        const p = await postMovement(trx, {
          tenantId: row.tenant_id,
          stockId: Number(l.stock_id),
          at,
          op: diff > 0 ? 'in' : 'out',
          quantity: Math.abs(diff),
          reason: 'count',
          doc: { type: 'count', id },
          note: `盘点 ${row.number}:账面 ${onHand},实盘 ${l.counted}`,
          by: actor.userId,
        }).catch((e: unknown) => {
          if (e instanceof AppError && e.status === 409) {
            throw conflict(`SKU ${l.sku} 实盘 ${l.counted} 件,少于已预留的件数,请先处理出库单再过账`, e.data);
          }
          throw e;
        });
        movementId = p.movementId;
        moved += 1;
      }
      await setPosted(trx, Number(l.id), { on_hand_at_post: onHand, difference: diff, movement_id: movementId });
    }
    await setCount(trx, id, { status: 'posted', posted_by: actor.userId, posted_at: new Date() });
    await log(trx, actor, 'overseas.count.post', row, { lines: lines.length, movements: moved });
  });
}

/** The count's location as the ledger names it. */
async function atOf(trx: Kysely<DB>, row: Locked): Promise<LocationRef> {
  const l = await locationById(trx, row.location_id);
  return l.kind === 'overseas' && l.warehouse_id !== null ? { kind: 'overseas', warehouseId: l.warehouse_id } : CHINA;
}

/** 取消 (the operator): an open count ends without any movement. */
export function cancelCount(deps: AppDeps, actor: Actor, id: number) {
  return step(deps, id, '取消', async (trx, row) => {
    await setCount(trx, id, { status: 'cancelled' });
    await log(trx, actor, 'overseas.count.cancel', row);
  });
}

const presentRow = (r: CountRowDb): CountRow => ({
  id: Number(r.id),
  tenant_id: r.tenant_id,
  tenant_name: r.tenant_name,
  number: r.number,
  warehouse_id: r.warehouse_id,
  location_name: r.location_name,
  status: r.status,
  note: r.note,
  lines: r.lines,
  counted_lines: r.counted_lines,
  created_at: secs(r.created_at)!,
  posted_at: secs(r.posted_at),
  version: r.version,
});

/** 盘点单列表: the tenant's own counts; the operator's every tenant's (or the chosen tenant's). */
export async function countList(deps: AppDeps, reach: CountReach, f: CountListBody): Promise<CountListData> {
  const r = await listCounts(deps.db, reach, f);
  return { list: r.rows.map(presentRow), total: r.total, page: f.page, pageSize: f.pageSize };
}

/** A count with its lines: open, the difference against on hand now; posted, what was posted. */
export async function countDetail(deps: AppDeps, reach: CountReach, id: number): Promise<CountDetail> {
  const row = await findCount(deps.db, reach, id);
  if (!row) throw notFound(NOT_FOUND);
  const lines = await countLines(deps.db, id, Number(row.location_id));
  return {
    ...presentRow(row),
    line_list: lines.map((l) => {
      const onHand = row.status === 'posted' ? (l.on_hand_at_post ?? 0) : l.on_hand_now;
      return {
        id: Number(l.id),
        stock_id: Number(l.stock_id),
        sku: l.sku,
        title: l.title,
        expected: l.expected,
        counted: l.counted,
        on_hand: onHand,
        difference: row.status === 'posted' ? l.difference : l.counted === null ? null : l.counted - onHand,
        movement_id: l.movement_id === null ? null : Number(l.movement_id),
      };
    }),
  };
}
