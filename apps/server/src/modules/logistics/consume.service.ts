import { CONSUMPTION_TYPES, type ConsumptionType } from '@console/shared/constants/finance';
import type { AppDeps } from '../../context.js';
import { listWaybills, waybillEntries } from './waybill.repository.js';

const secs = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);
const typeName = (t: number) => CONSUMPTION_TYPES[t as ConsumptionType] ?? String(t);

/**
 * 消费记录 (`/order/consume-list`): each waybill of the tenant with its order and the ledger
 * entries posted against it (freeze, logistics fee, service fee, release), as the statement has
 * them: fees are negative, what is still held is `frozen`.
 */
export async function consumeList(
  deps: AppDeps,
  tenantId: number,
  q: { page: number; pageSize: number; keyword?: string | undefined },
) {
  const page = await listWaybills(deps.db, tenantId, q);
  const entries = await waybillEntries(
    deps.db,
    tenantId,
    page.rows.map((w) => w.id),
  );
  const list = page.rows.map((w) => {
    const mine = entries.filter((e) => e.ref_id === String(w.id));
    const sumOf = (types: number[]) =>
      mine
        .filter((e) => types.includes(e.type) && e.op !== 'freeze' && e.op !== 'release')
        .reduce((s, e) => s + Number(e.amount), 0);
    return {
      waybill_id: w.id,
      waybill_no: w.waybill_no,
      order_id: w.order_id,
      amazon_order_id: w.amazon_order_id,
      tracking_no: w.tracking_no,
      status: w.status,
      cancelled: w.cancelled_at !== null,
      currency: w.currency,
      logistics_fee: sumOf([1, 8]),
      service_fee: sumOf([0, 7]),
      frozen: mine.reduce((s, e) => s + Number(e.frozen_change), 0),
      entries: mine.map((e) => ({
        id: e.id,
        type: e.type,
        type_name: typeName(e.type),
        amount: Number(e.amount),
        created_at: secs(e.created_at),
      })),
      created_at: secs(w.created_at),
    };
  });
  return { list, total: page.total, page: q.page, pageSize: q.pageSize };
}
