import { calendarDay, DEFAULT_TIME_ZONE } from '@console/shared/constants/time-zone';
import type { GoodsOverview } from '@console/shared/schemas/goods';
import type { AppDeps } from '../../context.js';
import { tenantTimeZone } from '../account/tenant-time-zone.repository.js';
import { presentListRow } from './goods.presenter.js';
import { listGoodsPage } from './goods.repository.js';
import {
  countByDeleteAndStatus,
  countByType,
  countEans,
  countIncomplete,
  createdPerDay,
} from './goods-overview.repository.js';

/** Days of the "created per day" chart, today included. */
export const OVERVIEW_DAYS = 14;
/** Newest products shown on the overview. */
const RECENT = 6;

/** The `YYYY-MM-DD` of `d` in the tenant's time zone (China time by default). */
export function businessDay(d: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return calendarDay(d, timeZone);
}

/** The last `n` business days, oldest first, each with its count (0 for days without products). */
export function fillDays(
  now: Date,
  n: number,
  counts: { day: string; n: number }[],
  timeZone: string = DEFAULT_TIME_ZONE,
): { day: string; n: number }[] {
  const byDay = new Map(counts.map((c) => [c.day, c.n]));
  return Array.from({ length: n }, (_, i) => {
    const day = businessDay(new Date(now.getTime() - (n - 1 - i) * 86_400_000), timeZone);
    return { day, n: byDay.get(day) ?? 0 };
  });
}

/**
 * goods/overview: the product home page (商品首页) of the caller's tenant, its product figures
 * narrowed to the caller's data scope (`creators`, null for all; the EAN pool is the tenant's).
 */
export async function goodsOverview(
  deps: AppDeps,
  tenantId: number,
  now = new Date(),
  creators: readonly number[] | null = null,
): Promise<GoodsOverview> {
  // A day more than shown: the first shown day starts at its local midnight, before now - 13 x 24 h.
  const since = new Date(now.getTime() - (OVERVIEW_DAYS + 1) * 86_400_000);
  const timeZone = await tenantTimeZone(deps.db, tenantId);
  const [statuses, types, created, incomplete, eans, recent] = await Promise.all([
    countByDeleteAndStatus(deps.db, tenantId, creators),
    countByType(deps.db, tenantId, creators),
    createdPerDay(deps.db, tenantId, since, timeZone, creators),
    countIncomplete(deps.db, tenantId, creators),
    countEans(deps.db, tenantId),
    listGoodsPage(deps.db, tenantId, { type: 0, status: 'all', is_delete: 0, creators }, { page: 1, pageSize: RECENT }),
  ]);
  const live = statuses.filter((s) => s.is_delete === 0);
  const of = (status: string) => live.find((s) => s.audit_status === status)?.n ?? 0;
  return {
    counts: {
      all: live.reduce((a, s) => a + s.n, 0),
      hasAudit: of('hasAudit'),
      willAudit: of('willAudit'),
      useless: of('useless'),
      recycled: statuses.filter((s) => s.is_delete !== 0).reduce((a, s) => a + s.n, 0),
    },
    by_type: types,
    created_per_day: fillDays(now, OVERVIEW_DAYS, created, timeZone),
    time_zone: timeZone,
    incomplete,
    eans: { free: eans.free ?? 0, used: eans.used ?? 0 },
    recent: recent.map(presentListRow),
  };
}
