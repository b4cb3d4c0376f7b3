import { can } from '@console/shared/permissions/can';
import {
  INBOUND_STATUS_LABELS,
  type InboundDetail,
  type InboundListBody,
  type InboundListData,
  type InboundReceiveBody,
  type InboundRow,
  type InboundSaveBody,
  type InboundStatus,
} from '@console/shared/schemas/overseas-inbound';
import type { Kysely } from 'kysely';
import type { Actor, AppDeps } from '../../context.js';
import type { DB, UserRow } from '../../db/types.js';
import { postMovement } from '../../inventory/inventory.service.js';
import { badRequest, notFound, staleSave } from '../../lib/app-error.js';
import { subjectOf } from '../account/account.presenter.js';
import { audit } from '../system/audit.js';
import {
  activeWarehouse,
  boxesOf,
  countLine,
  findInbound,
  type InboundReach,
  type InboundRowDb,
  insertInbound,
  listInbounds,
  lockInbound,
  markBoxesReceived,
  nextInboundNumber,
  ownedSkus,
  replaceBoxes,
  setInbound,
  updateDraft,
  warehouseOf,
} from './overseas-inbound.repository.js';
import type { InboundDifference } from './overseas-inbound.tables.js';

const NOT_FOUND = '入库单不存在';
const secs = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** The operator (`warehouse.operate`) reaches every tenant's inbounds; a tenant its own. */
export function inboundReach(deps: AppDeps, user: UserRow, tenantId: number): InboundReach {
  const operator = can(subjectOf(user), 'warehouse.operate', { internalIds: deps.config.internalIds });
  return { tenantId: operator ? null : tenantId };
}

/** A step refused in the inbound's present status (400, naming the status). */
function illegal(row: { number: string; status: InboundStatus }, step: string) {
  return badRequest(`入库单 ${row.number} 当前状态为「${INBOUND_STATUS_LABELS[row.status]}」,不能${step}`);
}

const presentRow = (r: InboundRowDb): InboundRow => ({
  id: Number(r.id),
  tenant_id: r.tenant_id,
  tenant_name: r.tenant_name,
  warehouse_id: r.warehouse_id,
  warehouse_name: r.warehouse_name,
  number: r.number,
  shipping_method: r.shipping_method as InboundRow['shipping_method'],
  carrier: r.carrier,
  tracking_no: r.tracking_no,
  expected_date: r.expected_date,
  note: r.note,
  status: r.status,
  has_difference: r.has_difference,
  boxes: r.boxes,
  units_sent: r.units_sent,
  units_counted: r.units_counted,
  shipped_at: secs(r.shipped_at),
  arrived_at: secs(r.arrived_at),
  received_at: secs(r.received_at),
  acknowledged_at: secs(r.acknowledged_at),
  created_at: secs(r.created_at)!,
  version: r.version,
});

/** 入库单列表: a page in reach with the count per status (the tabs). */
export async function inboundList(deps: AppDeps, reach: InboundReach, f: InboundListBody): Promise<InboundListData> {
  const r = await listInbounds(deps.db, reach, f);
  return { list: r.rows.map(presentRow), total: r.total, page: f.page, pageSize: f.pageSize, counts: r.counts };
}

/** One inbound with its boxes and lines (counted beside sent). */
export async function inboundDetail(deps: AppDeps, reach: InboundReach, id: number): Promise<InboundDetail> {
  const row = await findInbound(deps.db, reach, id);
  if (!row) throw notFound(NOT_FOUND);
  const boxes = await boxesOf(deps.db, id);
  return {
    ...presentRow(row),
    box_list: boxes.map((b) => ({
      id: b.id,
      box_no: b.box_no,
      received_at: secs(b.received_at),
      lines: b.lines.map((l) => ({
        id: Number(l.id),
        stock_id: Number(l.stock_id),
        sku: l.sku,
        title: l.title,
        quantity_sent: l.quantity_sent,
        quantity_counted: l.quantity_counted,
        quantity_damaged: l.quantity_damaged,
        difference: l.difference,
      })),
    })),
  };
}

/** Creates a draft (no id) or changes one (id + version); only the tenant's own SKUs, each once per box. */
export async function saveInbound(deps: AppDeps, actor: Actor, body: InboundSaveBody): Promise<InboundDetail> {
  const own = { tenantId: actor.tenantId };
  if (!(await activeWarehouse(deps.db, body.warehouse_id))) throw notFound('仓库不存在或已停用');
  const skuIds = [...new Set(body.boxes.flatMap((b) => b.lines.map((l) => l.stock_id)))];
  const owned = await ownedSkus(deps.db, actor.tenantId, skuIds);
  if (skuIds.some((id) => !owned.has(id))) throw notFound('SKU不存在');
  body.boxes.forEach((b, i) => {
    if (new Set(b.lines.map((l) => l.stock_id)).size !== b.lines.length) throw badRequest(`第${i + 1}箱有重复的SKU`);
  });
  const fields = {
    warehouse_id: body.warehouse_id,
    shipping_method: body.shipping_method,
    carrier: body.carrier,
    tracking_no: body.tracking_no,
    expected_date: body.expected_date ?? null,
    note: body.note,
  };
  const summary = {
    ...fields,
    boxes: body.boxes.length,
    units: body.boxes.flatMap((b) => b.lines).reduce((s, l) => s + l.quantity, 0),
  };
  const id = await deps.db.transaction().execute(async (trx) => {
    if (body.id === undefined) {
      const number = await nextInboundNumber(trx, actor.tenantId);
      const id = await insertInbound(trx, { ...fields, tenant_id: actor.tenantId, number, created_by: actor.userId });
      await replaceBoxes(trx, actor.tenantId, id, body.boxes);
      await audit(trx, actor, {
        action: 'overseas.inbound.create',
        targetType: 'overseas_inbound',
        targetId: id,
        after: { number, ...summary },
      });
      return id;
    }
    if (body.version === undefined) throw badRequest('请提供版本');
    const row = await lockInbound(trx, own, body.id);
    if (!row) throw notFound(NOT_FOUND);
    if (row.status !== 'draft') throw illegal(row, '修改');
    if (!(await updateDraft(trx, actor.tenantId, body.id, body.version, fields))) throw staleSave();
    await replaceBoxes(trx, actor.tenantId, body.id, body.boxes);
    await audit(trx, actor, {
      action: 'overseas.inbound.update',
      targetType: 'overseas_inbound',
      targetId: body.id,
      after: { number: row.number, ...summary },
    });
    return body.id;
  });
  return inboundDetail(deps, own, id);
}

type Locked = NonNullable<Awaited<ReturnType<typeof lockInbound>>>;

/** A step under the inbound's row lock: refused (400, naming the status) unless the status is one of `from`. */
async function step(
  deps: AppDeps,
  reach: InboundReach,
  id: number,
  from: InboundStatus[],
  name: string,
  run: (trx: Kysely<DB>, row: Locked) => Promise<void>,
): Promise<InboundDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockInbound(trx, reach, id);
    if (!row) throw notFound(NOT_FOUND);
    if (!from.includes(row.status)) throw illegal(row, name);
    await run(trx, row);
  });
  return inboundDetail(deps, reach, id);
}

const log = (trx: Kysely<DB>, actor: Actor, action: string, row: Locked, after: Record<string, unknown> = {}) =>
  audit(trx, actor, {
    action,
    targetType: 'overseas_inbound',
    targetId: Number(row.id),
    after: { number: row.number, ...after },
  });

/** 发货 (the tenant): draft → shipped with the carrier's tracking number. */
export function shipInbound(deps: AppDeps, actor: Actor, body: { id: number; carrier: string; tracking_no: string }) {
  return step(deps, { tenantId: actor.tenantId }, body.id, ['draft'], '发货', async (trx, row) => {
    const carrier = body.carrier || undefined;
    await setInbound(trx, body.id, {
      status: 'shipped',
      tracking_no: body.tracking_no,
      ...(carrier ? { carrier } : {}),
      shipped_at: new Date(),
    });
    await log(trx, actor, 'overseas.inbound.ship', row, { tracking_no: body.tracking_no });
  });
}

/** 到仓 (the operator): shipped → arrived. */
export function arriveInbound(deps: AppDeps, actor: Actor, id: number) {
  return step(deps, { tenantId: null }, id, ['shipped'], '到仓', async (trx, row) => {
    await setInbound(trx, id, { status: 'arrived', arrived_at: new Date() });
    await log(trx, actor, 'overseas.inbound.arrive', row);
  });
}

/** The difference a counted line shows: fewer or more than sent, else damaged units. */
export function differenceOf(sent: number, counted: number, damaged: number): InboundDifference {
  if (counted < sent) return 'short';
  if (counted > sent) return 'over';
  return damaged > 0 ? 'damaged' : '';
}

/**
 * 收货 (the operator): counts boxes (each box once, every line of it). The counted units are
 * received (`in`, reason receipt) and the damaged among them leave again (`out`, reason
 * damaged), so the ledger shows both and only sound units are available. When every box is
 * counted the inbound is received, or closed when anything differed; else it is receiving.
 * The row lock and the box check make a repeated or concurrent call post nothing twice.
 */
export function receiveInbound(deps: AppDeps, actor: Actor, body: InboundReceiveBody) {
  return step(deps, { tenantId: null }, body.id, ['arrived', 'receiving'], '收货', async (trx, row) => {
    const boxes = await boxesOf(trx, body.id);
    const warehouse = await warehouseOf(trx, body.id);
    const seen = new Set<number>();
    let units = 0;
    for (const given of body.boxes) {
      const box = boxes.find((b) => b.id === given.box_id);
      if (!box) throw notFound('箱子不存在');
      if (seen.has(box.id)) throw badRequest(`第${box.box_no}箱重复提交`);
      seen.add(box.id);
      if (box.received_at) throw badRequest(`第${box.box_no}箱已收货,不能重复收货`);
      const ids = new Set(given.lines.map((l) => l.line_id));
      if (
        ids.size !== given.lines.length ||
        box.lines.some((l) => !ids.has(Number(l.id))) ||
        ids.size !== box.lines.length
      )
        throw badRequest(`第${box.box_no}箱请填写每个SKU的实收数量`);
      for (const g of given.lines) {
        if (g.damaged > g.counted) throw badRequest(`第${box.box_no}箱破损数量不能大于实收数量`);
        const line = box.lines.find((l) => Number(l.id) === g.line_id)!;
        const diff = differenceOf(line.quantity_sent, g.counted, g.damaged);
        await countLine(trx, g.line_id, g.counted, g.damaged, diff);
        box.lines = box.lines.map((l) => (l === line ? { ...l, quantity_counted: g.counted, difference: diff } : l));
        const move = {
          tenantId: row.tenant_id,
          stockId: Number(line.stock_id),
          at: { kind: 'overseas' as const, warehouseId: warehouse },
          doc: { type: 'inbound' as const, id: body.id },
          by: actor.userId,
        };
        if (g.counted > 0)
          await postMovement(trx, {
            ...move,
            op: 'in',
            quantity: g.counted,
            reason: 'receipt',
            note: `${row.number} 第${box.box_no}箱`,
          });
        if (g.damaged > 0)
          await postMovement(trx, {
            ...move,
            op: 'out',
            quantity: g.damaged,
            reason: 'damaged',
            note: `${row.number} 第${box.box_no}箱破损`,
          });
        units += g.counted;
      }
      box.received_at = new Date();
    }
    await markBoxesReceived(trx, [...seen], actor.userId);
    const differs = boxes.some((b) => b.lines.some((l) => l.difference !== ''));
    const done = boxes.every((b) => b.received_at);
    const status: InboundStatus = !done ? 'receiving' : differs ? 'closed' : 'received';
    await setInbound(trx, body.id, { status, has_difference: differs, ...(done ? { received_at: new Date() } : {}) });
    await log(trx, actor, 'overseas.inbound.receive', row, { boxes: seen.size, units, status });
  });
}

/** 关闭 (the operator): ends receiving with differences; boxes never counted are short by all they carried. */
export function closeInbound(deps: AppDeps, actor: Actor, id: number) {
  return step(deps, { tenantId: null }, id, ['arrived', 'receiving'], '关闭', async (trx, row) => {
    const boxes = await boxesOf(trx, id);
    let missing = 0;
    for (const b of boxes.filter((x) => !x.received_at)) {
      for (const l of b.lines) await countLine(trx, Number(l.id), 0, 0, 'short');
      missing += 1;
    }
    await setInbound(trx, id, { status: 'closed', has_difference: true, received_at: new Date() });
    await log(trx, actor, 'overseas.inbound.close', row, { missing_boxes: missing });
  });
}

/** 确认差异 (the tenant): acknowledges a closed inbound's differences, once. */
export function acknowledgeInbound(deps: AppDeps, actor: Actor, id: number) {
  return step(deps, { tenantId: actor.tenantId }, id, ['closed'], '确认差异', async (trx, row) => {
    if (row.acknowledged_at) throw badRequest(`入库单 ${row.number} 的差异已确认`);
    await setInbound(trx, id, { acknowledged_at: new Date(), acknowledged_by: actor.userId });
    await log(trx, actor, 'overseas.inbound.acknowledge', row);
  });
}
