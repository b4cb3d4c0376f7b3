import { AUTH_NAMES, type Auth } from '@console/shared/constants/roles';
import {
  type AccountStatsData,
  type PerformanceRow,
  type PerformanceStatsData,
  STATS_EXPIRING_DAYS,
} from '@console/shared/schemas/statistics';
import type { AppDeps } from '../../context.js';
import { tenantTimeZone } from '../account/tenant-time-zone.repository.js';
import { perfCountsRolled } from './perf-stats-rollup.repository.js';
import { accountsByRole, expiringAccounts, tenantQuotas, tenantStaff } from './statistics.repository.js';
import type { StatsRange } from './stats-range.js';

/** Main accounts listed in the platform's view (those with the most child accounts). */
const PLATFORM_TENANTS = 200;
/** Rows of the expiring-soon list. */
const EXPIRING_ROWS = 200;
/** Accounts that expired within this many days stay in the expiring list (so a lapse is seen). */
const EXPIRED_SHOWN_DAYS = 7;

const secs = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const DAY_MS = 86_400_000;

/**
 * 账号统计. `tenantId` null: every tenant (the platform operator's admins); else the caller's company.
 * The range counts the accounts created in it; the other figures are as of now.
 */
export async function accountStats(
  deps: AppDeps,
  tenantId: number | null,
  range: StatsRange,
  nowMs = Date.now(),
): Promise<AccountStatsData> {
  const now = new Date(nowMs);
  const [roles, quotas, expiring] = await Promise.all([
    accountsByRole(deps.db, tenantId, now, range),
    tenantQuotas(deps.db, tenantId, PLATFORM_TENANTS),
    expiringAccounts(
      deps.db,
      tenantId,
      new Date(nowMs - EXPIRED_SHOWN_DAYS * DAY_MS),
      new Date(nowMs + STATS_EXPIRING_DAYS * DAY_MS),
      EXPIRING_ROWS,
    ),
  ]);
  const by_role = roles.map((r) => ({
    auth: r.auth,
    label: AUTH_NAMES[r.auth as Auth] ?? String(r.auth),
    total: r.total,
    enabled: r.enabled,
    disabled: r.total - r.enabled,
    expired: r.expired,
  }));
  const sum = (f: (r: (typeof roles)[number]) => number) => roles.reduce((s, r) => s + f(r), 0);
  const expiringRows = expiring.map((u) => ({
    id: u.id,
    tenant_id: u.tenant_id,
    account: u.account,
    user_name: u.user_name,
    auth: u.auth,
    end_time: secs(u.end_time)!,
    days_left: Math.ceil((u.end_time!.getTime() - nowMs) / DAY_MS),
  }));
  return {
    scope: tenantId === null ? 'platform' : 'tenant',
    now: Math.floor(nowMs / 1000),
    totals: {
      accounts: sum((r) => r.total),
      enabled: sum((r) => r.enabled),
      disabled: sum((r) => r.total - r.enabled),
      expired: sum((r) => r.expired),
      expiring: expiringRows.filter((r) => r.end_time * 1000 >= nowMs).length,
      created_in_range: sum((r) => r.created),
    },
    by_role,
    tenants: quotas.rows.map((t) => ({
      tenant_id: t.tenant_id,
      account: t.account,
      user_name: t.user_name,
      auth: t.auth,
      status: t.status,
      max_child: t.max_child,
      used_child: Number(t.used_child),
      end_time: secs(t.end_time),
    })),
    more_tenants: Math.max(0, quotas.count - quotas.rows.length),
    expiring: expiringRows,
    startTime: range.startTime,
    endTime: range.endTime,
  };
}

type Counts = Omit<PerformanceRow, 'user_id' | 'account' | 'user_name' | 'auth'>;
const KIND_FIELD: Record<string, keyof Counts> = {
  created: 'goods_created',
  uploaded: 'goods_uploaded',
  live: 'goods_live',
  purchased: 'orders_purchased',
  shipped: 'orders_shipped',
};
const zero = (): Counts => ({
  goods_created: 0,
  goods_uploaded: 0,
  goods_live: 0,
  orders_purchased: 0,
  orders_shipped: 0,
});

/** 员工绩效 (`performanceStatistical`): every account of the tenant with its work in the range, busiest first. */
export async function performanceStats(
  deps: AppDeps,
  tenantId: number,
  range: StatsRange,
): Promise<PerformanceStatsData> {
  const [staff, tz] = await Promise.all([tenantStaff(deps.db, tenantId), tenantTimeZone(deps.db, tenantId)]);
  // The daily rollup (perf-stats-rollup.repository.ts); `performanceCounts` is the same straight from the rows.
  const counts = await perfCountsRolled(deps.db, tenantId, range, tz);
  const by = new Map<number, Counts>();
  for (const c of counts) {
    const field = KIND_FIELD[c.kind];
    if (!field) continue;
    const row = by.get(c.user_id) ?? zero();
    row[field] += c.n;
    by.set(c.user_id, row);
  }
  const total = zero();
  // Work of an account deleted since is in the total, not in a row of its own.
  for (const row of by.values()) for (const k of Object.keys(total) as (keyof Counts)[]) total[k] += row[k];
  const weight = (r: Counts) => r.goods_created + r.goods_uploaded + r.orders_purchased + r.orders_shipped;
  const rows = staff
    .map((u) => ({
      user_id: u.id,
      account: u.account,
      user_name: u.user_name,
      auth: u.auth,
      ...(by.get(u.id) ?? zero()),
    }))
    .sort((x, y) => weight(y) - weight(x) || x.user_id - y.user_id);
  return { startTime: range.startTime, endTime: range.endTime, rows, total };
}
