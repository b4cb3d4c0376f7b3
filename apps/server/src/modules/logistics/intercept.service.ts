import type { InterceptCounts } from '@console/shared/schemas/logistics';
import type { Actor, AppDeps } from '../../context.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { audit } from '../system/audit.js';
import { interceptCountsOf, lockParcel, setParcelError } from './logistics.repository.js';
import { spendable } from './parcel.service.js';
import { findWaybill, setWaybillError } from './waybill.repository.js';
import { cancelWaybill, createWaybill, shipWaybill } from './waybill.service.js';

/**
 * What waits on each tab of 运费审核 (issue 29 §2), in one call; the balance a parcel is paid
 * from only for a reviewer (warned before approving a parcel it cannot pay).
 */
export async function interceptCounts(deps: AppDeps, tenantId: number, mayReview: boolean): Promise<InterceptCounts> {
  const counts = await interceptCountsOf(deps.db, tenantId);
  return { ...counts, spendable: mayReview ? await spendable(deps.db, tenantId) : null };
}

/**
 * 创建运单 with its failure kept on the parcel (issue 29 §2): a refusal (余额不足, the carrier's,
 * a missing address …) is stored as the row's last error, which the screen shows on the row
 * until a later 创建运单 succeeds (it clears it) or the user dismisses it. A parcel of another
 * tenant is never touched (its id finds nothing).
 */
export async function createWaybillKeepingFailure(deps: AppDeps, actor: Actor, parcelId: number) {
  try {
    const row = await createWaybill(deps, actor, parcelId);
    await setParcelError(deps.db, actor.tenantId, parcelId, null);
    return row;
  } catch (e) {
    // Only the refusals a user can act on; 404 (no such parcel) and crashes are not the row's.
    if (e instanceof AppError && e.status >= 400 && e.status < 500 && e.status !== 404)
      await setParcelError(deps.db, actor.tenantId, parcelId, e.message.slice(0, 500));
    throw e;
  }
}

/** 知道了: the row's last failure is put away (an audit row says who). */
export function dismissParcelError(deps: AppDeps, actor: Actor, parcelId: number) {
  return deps.db.transaction().execute(async (trx) => {
    const p = await lockParcel(trx, actor.tenantId, parcelId);
    if (!p) throw notFound('包裹不存在');
    await setParcelError(trx, actor.tenantId, parcelId, null);
    if (p.last_error !== null) {
      await audit(trx, actor, {
        action: 'logistics.parcel.dismiss_error',
        targetType: 'logistics_parcel',
        targetId: p.id,
        before: { last_error: p.last_error },
      });
    }
    return { id: p.id };
  });
}

/**
 * 发货 / 取消运单 with the failure kept on the waybill (issue 29 §2): a refusal (余额不足 for the
 * service fee, the carrier refusing the cancellation or unreachable, no tracking number …) is the
 * row's last error, shown until the action succeeds (its transaction clears it) or the user
 * dismisses it. Kept only while the waybill still waits (not shipped, not cancelled): a second
 * click after a success finds the row's state and keeps nothing. Another tenant's waybill id finds
 * nothing and is never touched.
 */
async function keepingWaybillFailure<T>(deps: AppDeps, actor: Actor, id: number, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof AppError) {
      const w = await findWaybill(deps.db, actor.tenantId, id);
      if (w && w.status === '0' && !w.cancelled_at)
        await setWaybillError(deps.db, actor.tenantId, id, e.message.slice(0, 500));
    }
    throw e;
  }
}

export const shipWaybillKeepingFailure = (deps: AppDeps, actor: Actor, id: number) =>
  keepingWaybillFailure(deps, actor, id, () => shipWaybill(deps, actor, id));

export const cancelWaybillKeepingFailure = (deps: AppDeps, actor: Actor, id: number) =>
  keepingWaybillFailure(deps, actor, id, () => cancelWaybill(deps, actor, id));

/** 知道了 on a waybill: its last failure is put away (an audit row says who). */
export function dismissWaybillError(deps: AppDeps, actor: Actor, id: number) {
  return deps.db.transaction().execute(async (trx) => {
    const w = await findWaybill(trx, actor.tenantId, id, true);
    if (!w) throw notFound('运单不存在');
    if (w.last_error !== null) {
      await setWaybillError(trx, actor.tenantId, id, null);
      await audit(trx, actor, {
        action: 'logistics.waybill.dismiss_error',
        targetType: 'logistics_waybill',
        targetId: id,
        before: { waybill_no: w.waybill_no, last_error: w.last_error },
      });
    }
    return { id };
  });
}
