import { minor, toDecimalString } from '@console/shared/money';
import type { FbaPlacementConfirmBody, FbaTransportConfirmBody } from '@console/shared/schemas/fba-shipment';
import type { Actor, AppDeps } from '../../context.js';
import type { JobClient } from '../../jobs/job-queue.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { fbaShipmentJob } from './fba-shipment.job.js';
import { lockShipment, setShipment } from './fba-shipment.repository.js';
import { illegal, log, NOT_FOUND } from './fba-shipment.service.js';
import type { FbaMoney } from './fba-shipment.tables.js';
import { transportLabel } from './fba-shipment-options.js';

/**
 * The seller's choices of 头程发货 (docs/fba.md "Choosing placement and carrier"): in 待选择分仓
 * one of the placement options kept from Amazon, in 待选择承运 one transportation option per
 * Amazon shipment. Under the row lock, so of parallel confirmations exactly one passes (the
 * others find the status moved on); the workflow job is enqueued in the same transaction and
 * confirms the choice at Amazon.
 */

/** An expiry (unix seconds) as the messages show it. */
const when = (s: number) => `${new Date(s * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const expired = (s: number | undefined) => !!s && s * 1000 <= Date.now();
export const moneyText = (m: FbaMoney) => `${toDecimalString(minor(m.amount_minor), m.currency)} ${m.currency}`;

/** 确认分仓方案: 待选择分仓 → 分仓中; the option must be this shipment's, still offered and not expired. */
export async function confirmPlacement(deps: AppDeps, jobs: JobClient, actor: Actor, body: FbaPlacementConfirmBody) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockShipment(trx, actor.tenantId, body.id);
    if (!row) throw notFound(NOT_FOUND);
    if (row.status !== 'placement_choice') throw illegal(row, '选择分仓方案');
    const o = row.placement_options.find((x) => x.placement_option_id === body.placement_option_id);
    if (!o) throw badRequest(`分仓方案 ${body.placement_option_id} 不属于头程发货单 ${row.number},请刷新后重新选择`);
    if (o.status !== 'OFFERED') throw badRequest(`分仓方案已失效(亚马逊状态 ${o.status}),请点击「重新生成方案」`);
    if (expired(o.expires_at)) throw badRequest(`分仓方案已于 ${when(o.expires_at)} 过期,请点击「重新生成方案」`);
    const job = await jobs.enqueue(fbaShipmentJob, actor, { id: body.id }, { tx: trx });
    await setShipment(trx, body.id, {
      status: 'placement',
      placement_option_id: o.placement_option_id,
      job_id: job.id,
      error: '',
    });
    await log(trx, actor, 'fba.shipment.placement', body.id, {
      number: row.number,
      fcs: o.shipments.map((s) => s.fc).join('、'),
      shipments: o.shipments.length,
      fee: o.total.amount_minor > 0 ? moneyText(o.total) : '',
    });
    return { job_id: job.id };
  });
}

/**
 * 确认运输方案: 待选择承运 → 运输方案中; one option of each Amazon shipment, a carrier name
 * for the seller's own carrier, a partnered quote not expired.
 */
export async function confirmTransport(deps: AppDeps, jobs: JobClient, actor: Actor, body: FbaTransportConfirmBody) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockShipment(trx, actor.tenantId, body.id);
    if (!row) throw notFound(NOT_FOUND);
    if (row.status !== 'transport_choice') throw illegal(row, '选择运输方案');
    const options = row.transport_options.map((o) => ({ ...o, chosen: false, carrier_name: '' }));
    const seen = new Set<string>();
    for (const sel of body.selections) {
      const name = `货件 ${sel.shipment_id}`;
      if (!row.fc_shipments.some((s) => s.shipment_id === sel.shipment_id))
        throw badRequest(`${name} 不属于头程发货单 ${row.number}`);
      if (seen.has(sel.shipment_id)) throw badRequest(`${name} 只能选择一个运输方案`);
      seen.add(sel.shipment_id);
      const o = options.find(
        (x) => x.transportation_option_id === sel.transportation_option_id && x.shipment_id === sel.shipment_id,
      );
      if (!o) throw badRequest(`运输方案 ${sel.transportation_option_id} 不属于${name},请刷新后重新选择`);
      const own = o.shipping_solution !== 'AMAZON_PARTNERED_CARRIER';
      const carrier = sel.carrier_name.trim();
      if (own && !carrier) throw badRequest(`${name} 选择自有承运商时请填写承运商名称`);
      if (!own && expired(o.quote?.expires_at))
        throw badRequest(`${name} 的亚马逊合作承运商报价已于 ${when(o.quote!.expires_at)} 过期,请点击「重新生成方案」`);
      o.chosen = true;
      o.carrier_name = own ? carrier : '';
    }
    const missing = row.fc_shipments.filter((s) => !seen.has(s.shipment_id));
    if (missing.length)
      throw badRequest(`请为货件 ${missing.map((s) => `${s.shipment_id}(${s.fc})`).join('、')} 选择运输方案`);
    const job = await jobs.enqueue(fbaShipmentJob, actor, { id: body.id }, { tx: trx });
    await setShipment(trx, body.id, {
      status: 'transport',
      transport_options: JSON.stringify(options),
      job_id: job.id,
      error: '',
    });
    const chosen = options.filter((o) => o.chosen);
    await log(trx, actor, 'fba.shipment.transport', body.id, {
      number: row.number,
      choices: chosen
        .map((o) => `${o.shipment_id}:${transportLabel(o)}${o.quote ? `,报价 ${moneyText(o.quote)}` : ''}`)
        .join(';'),
    });
    return { job_id: job.id };
  });
}
