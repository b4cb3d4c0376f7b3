import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import {
  FBA_SHIPMENT_STATUS_LABELS,
  type FbaShipmentDetail,
  type FbaShipmentListBody,
  type FbaShipmentListData,
  type FbaShipmentRow,
  type FbaShipmentSaveBody,
  type FbaShipmentStatus,
} from '@console/shared/schemas/fba-shipment';
import type { Kysely } from 'kysely';
import type { Actor, AppDeps } from '../../context.js';
import type { DB, UserRow } from '../../db/types.js';
import type { JobClient } from '../../jobs/job-queue.js';
import { badRequest, notFound, staleSave } from '../../lib/app-error.js';
import { usableShop } from '../follow/follow-client.js';
import { audit } from '../system/audit.js';
import { fbaShipmentJob } from './fba-shipment.job.js';
import {
  type FbaItemDb,
  type FbaShipmentDb,
  findShipment,
  insertShipment,
  itemsOf,
  listShipments,
  lockShipment,
  nextShipmentNumber,
  ownedSkus,
  replaceItems,
  setShipment,
  updateDraft,
} from './fba-shipment.repository.js';

export const NOT_FOUND = '头程发货单不存在';
const secs = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** A step refused in the shipment's present status (400, naming the status). */
export function illegal(row: { number: string; status: FbaShipmentStatus }, step: string) {
  return badRequest(`头程发货单 ${row.number} 当前状态为「${FBA_SHIPMENT_STATUS_LABELS[row.status]}」,不能${step}`);
}

function presentRow(r: FbaShipmentDb, items: FbaItemDb[]): FbaShipmentRow {
  const mine = items.filter((i) => Number(i.shipment_id) === Number(r.id));
  return {
    id: Number(r.id),
    number: r.number,
    name: r.name,
    shop_id: r.shop_id,
    shop_name: r.shop_name,
    marketplace: r.marketplace,
    inbound_plan_id: r.inbound_plan_id,
    status: r.status,
    error: r.error,
    units: mine.reduce((s, i) => s + i.quantity, 0),
    units_received: mine.reduce((s, i) => s + i.quantity_received, 0),
    boxes: r.boxes.reduce((s, b) => s + b.quantity, 0),
    carrier: r.carrier,
    tracking_no: r.tracking_no,
    cost_minor: Number(r.cost_minor),
    created_at: secs(r.created_at)!,
    shipped_at: secs(r.shipped_at),
    version: r.version,
  };
}

/** 头程发货列表: a page of the tenant's shipments with the count per status. */
export async function shipmentList(
  deps: AppDeps,
  tenantId: number,
  f: FbaShipmentListBody,
): Promise<FbaShipmentListData> {
  const r = await listShipments(deps.db, tenantId, f);
  const items = await itemsOf(
    deps.db,
    r.rows.map((x) => Number(x.id)),
  );
  return {
    list: r.rows.map((x) => presentRow(x, items)),
    total: r.total,
    page: f.page,
    pageSize: f.pageSize,
    counts: r.counts,
  };
}

/** One shipment: steps, FC split, problems, items (received beside sent) and boxes. */
export async function shipmentDetail(deps: AppDeps, tenantId: number, id: number): Promise<FbaShipmentDetail> {
  const row = await findShipment(deps.db, tenantId, id);
  if (!row) throw notFound(NOT_FOUND);
  const items = await itemsOf(deps.db, [id]);
  return {
    ...presentRow(row, items),
    failed_step: row.failed_step,
    problems: row.problems.map((p) => ({ code: p.code, message: p.message, severity: p.severity })),
    steps: Object.fromEntries(
      Object.entries(row.steps).map(([k, v]) => [
        k,
        { state: v.state, at: v.at, ...(v.operation_id ? { operation_id: v.operation_id } : {}) },
      ]),
    ),
    source_address: row.source_address,
    items: items.map((i) => ({
      id: Number(i.id),
      stock_id: Number(i.stock_id),
      sku: i.sku,
      title: i.title,
      msku: i.msku,
      fnsku: i.fnsku,
      quantity: i.quantity,
      quantity_received: i.quantity_received,
    })),
    box_list: row.boxes,
    fc_shipments: row.fc_shipments,
    job_id: row.job_id,
    auto_choose: row.auto_choose,
    placement_option_id: row.placement_option_id,
    placement_options: row.placement_options,
    transport_options: row.transport_options,
    transport_cost_minor: Number(row.transport_cost_minor),
  };
}

/**
 * Creates a draft (no id) or changes one (id + version). A failed shipment may be changed too:
 * it goes back to draft and its next start makes a new plan. Only the tenant's SKUs and shops
 * the user may use; the boxes must hold exactly the units of the items.
 */
export async function saveShipment(
  deps: AppDeps,
  actor: Actor,
  user: UserRow,
  body: FbaShipmentSaveBody,
): Promise<FbaShipmentDetail> {
  const shop = await usableShop(deps, actor.tenantId, user, body.shop_id);
  const m = marketplaceByCode(body.marketplace);
  if (!m) throw badRequest('站点不存在');
  if (!shop.marketplaces.includes(m.code)) throw badRequest(`店铺「${shop.name}」未开通${m.name}站点`);
  const ids = body.items.map((i) => i.stock_id);
  if (new Set(ids).size !== ids.length) throw badRequest('SKU重复');
  const owned = await ownedSkus(deps.db, actor.tenantId, ids);
  if (ids.some((id) => !owned.has(id))) throw notFound('SKU不存在');
  const boxed = new Map<number, number>();
  body.boxes.forEach((b, n) => {
    for (const i of b.items) {
      if (!owned.has(i.stock_id) || !ids.includes(i.stock_id))
        throw badRequest(`第${n + 1}种箱子里有不在发货清单中的SKU`);
      boxed.set(i.stock_id, (boxed.get(i.stock_id) ?? 0) + i.quantity * b.quantity);
    }
  });
  for (const i of body.items) {
    const inBoxes = boxed.get(i.stock_id) ?? 0;
    if (inBoxes !== i.quantity)
      throw badRequest(`SKU ${owned.get(i.stock_id)!.sku} 发货${i.quantity}件,箱内合计${inBoxes}件,请核对`);
  }
  const items = body.items.map((i) => ({
    stock_id: i.stock_id,
    msku: i.msku || owned.get(i.stock_id)!.sku,
    title: owned.get(i.stock_id)!.title,
    quantity: i.quantity,
  }));
  const fields = {
    shop_id: shop.id,
    marketplace: m.code,
    marketplace_id: m.marketplaceId,
    name: body.name,
    source_address: JSON.stringify(body.source_address),
    boxes: JSON.stringify(body.boxes),
    auto_choose: body.auto_choose,
  };
  const summary = { units: items.reduce((s, i) => s + i.quantity, 0), skus: items.length };
  const id = await deps.db.transaction().execute(async (trx) => {
    if (body.id === undefined) {
      const number = await nextShipmentNumber(trx, actor.tenantId);
      const id = await insertShipment(trx, { ...fields, tenant_id: actor.tenantId, number, created_by: actor.userId });
      await replaceItems(trx, actor.tenantId, id, items);
      await log(trx, actor, 'fba.shipment.create', id, { number, ...summary });
      return id;
    }
    if (body.version === undefined) throw badRequest('请提供版本');
    const row = await lockShipment(trx, actor.tenantId, body.id);
    if (!row) throw notFound(NOT_FOUND);
    if (row.status !== 'draft' && row.status !== 'failed') throw illegal(row, '修改');
    if (!(await updateDraft(trx, actor.tenantId, body.id, body.version, fields))) throw staleSave();
    await replaceItems(trx, actor.tenantId, body.id, items);
    await log(trx, actor, 'fba.shipment.update', body.id, { number: row.number, ...summary });
    return body.id;
  });
  return shipmentDetail(deps, actor.tenantId, id);
}

export const log = (trx: Kysely<DB>, actor: Actor, action: string, id: number, after: Record<string, unknown>) =>
  audit(trx, actor, { action, targetType: 'fba_shipment', targetId: id, after });

/** Where 开始计划 may start from: a draft, a failed shipment, or one waiting for a choice (new options). */
const STARTABLE = new Set<FbaShipmentStatus>(['draft', 'failed', 'placement_choice', 'transport_choice']);

/**
 * 开始计划: a draft (or a failed shipment, resuming at the step that failed) goes to planning
 * and the workflow job is enqueued in the same transaction. From 待选择分仓/待选择承运 (e.g.
 * the options expired) it asks Amazon for new options: those of a step not done are dropped.
 */
export async function startShipment(deps: AppDeps, jobs: JobClient, actor: Actor, id: number) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockShipment(trx, actor.tenantId, id);
    if (!row) throw notFound(NOT_FOUND);
    if (!STARTABLE.has(row.status)) throw illegal(row, '开始计划');
    const job = await jobs.enqueue(fbaShipmentJob, actor, { id }, { tx: trx });
    // Done steps are kept; a plan Amazon was still creating (no problems came back) is followed, not made twice.
    const keep = (k: string, v: { state: string; operation_id?: string }) =>
      v.state === 'done' || (k === 'plan' && !!v.operation_id && !!row.inbound_plan_id && row.problems.length === 0);
    const steps = Object.fromEntries(Object.entries(row.steps).filter(([k, v]) => keep(k, v)));
    const fresh = {
      ...(steps.placement ? {} : { placement_options: '[]', placement_option_id: '' }),
      ...(steps.transport ? {} : { transport_options: '[]', transport_cost_minor: 0 }),
    };
    await setShipment(trx, id, {
      ...fresh,
      status: 'planning',
      job_id: job.id,
      error: '',
      failed_step: '',
      problems: '[]',
      steps: JSON.stringify(steps),
    });
    await log(trx, actor, 'fba.shipment.start', id, { number: row.number });
    return { job_id: job.id };
  });
}
