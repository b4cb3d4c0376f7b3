import { z } from 'zod';
import { secondsQuery } from './common.js';
import { currencyAmount } from './order-sales.js';

/**
 * 系统 statistics (issue 31 §1): 账号统计, 订单统计, 员工绩效 and the 系统首页 summary. A date
 * range is startTime/endTime in seconds (spec section 5; 0 or absent: not given, the last 30 days).
 * Money is exact: integer minor units per currency, and CNY fen converted with the tenant's rates.
 */

/** The longest range one query covers (days). */
export const STATS_MAX_DAYS = 366;
/** The range when none is given: the last 30 days (spec section 5's "last month"). */
export const STATS_DEFAULT_DAYS = 30;
/** Accounts whose end date falls within this many days are listed as expiring soon. */
export const STATS_EXPIRING_DAYS = 30;

const range = {
  startTime: secondsQuery,
  endTime: secondsQuery,
};

const rangeChecks = <T extends z.ZodType<{ startTime?: number; endTime?: number }>>(s: T) =>
  s
    .refine((b) => !b.startTime || !b.endTime || b.startTime <= b.endTime, {
      error: '开始时间不能晚于结束时间',
      path: ['startTime'],
    })
    .refine((b) => !b.startTime || !b.endTime || b.endTime - b.startTime <= STATS_MAX_DAYS * 86_400, {
      error: `时间范围不能超过${STATS_MAX_DAYS}天`,
      path: ['endTime'],
    });

/** `GET /amazon-user/{account,order,performance}Statistical`: the date range. */
export const statsQuery = rangeChecks(z.strictObject(range));
export type StatsQuery = z.infer<typeof statsQuery>;

export const STATS_KINDS = ['account', 'order', 'performance'] as const;
export type StatsKind = (typeof STATS_KINDS)[number];
/** Sheet and file names of the exports. */
export const STATS_KIND_LABELS: Readonly<Record<StatsKind, string>> = {
  account: '账号统计',
  order: '订单统计',
  performance: '员工绩效',
};

/** `GET /amazon-user/statisticalExport`: which statistics, and the range. */
export const statsExportQuery = rangeChecks(
  z.strictObject({ ...range, kind: z.enum(STATS_KINDS, { error: '统计类型不存在' }) }),
);
export type StatsExportQuery = z.infer<typeof statsExportQuery>;

const int = z.number().int();
const seconds = int;

/** 账号统计: one role's accounts. */
export const accountRoleRow = z.object({
  auth: int,
  label: z.string(),
  total: int,
  enabled: int,
  disabled: int,
  expired: int,
});

/** One main account (tenant): its child accounts against its quota and its end date. */
export const accountTenantRow = z.object({
  tenant_id: int,
  account: z.string(),
  user_name: z.string(),
  auth: int,
  status: int,
  max_child: int,
  used_child: int,
  end_time: seconds.nullable(),
});

/** An account whose end date is near (or passed within the last days). */
export const accountExpiringRow = z.object({
  id: int,
  tenant_id: int,
  account: z.string(),
  user_name: z.string(),
  auth: int,
  end_time: seconds,
  days_left: int,
});

export const accountStatsData = z.object({
  /** `tenant`: the caller's company; `platform`: every tenant (the platform operator's admins). */
  scope: z.enum(['tenant', 'platform']),
  now: seconds,
  totals: z.object({ accounts: int, enabled: int, disabled: int, expired: int, expiring: int, created_in_range: int }),
  by_role: z.array(accountRoleRow),
  tenants: z.array(accountTenantRow),
  /** More tenants than listed (the platform view lists the 200 with the most child accounts). */
  more_tenants: int,
  expiring: z.array(accountExpiringRow),
  startTime: seconds,
  endTime: seconds,
});
export type AccountStatsData = z.infer<typeof accountStatsData>;

/** 订单统计: one group (shop, marketplace, staff member or day). */
export const orderStatsRow = z.object({
  key: z.string(),
  label: z.string(),
  orders: int,
  units: int,
  sales: z.array(currencyAmount),
  /** Sales converted to CNY fen; null when a currency has no rate. */
  sales_cny: int.nullable(),
  /** The margin estimate of docs/orders.md summed over the group's orders (CNY fen); null as above. */
  margin_cny: int.nullable(),
});
export type OrderStatsRow = z.infer<typeof orderStatsRow>;

export const orderStatsData = z.object({
  startTime: seconds,
  endTime: seconds,
  total: orderStatsRow.omit({ key: true, label: true }),
  by_shop: z.array(orderStatsRow),
  by_marketplace: z.array(orderStatsRow),
  by_staff: z.array(orderStatsRow),
  by_day: z.array(orderStatsRow),
  missing_rates: z.array(z.string()),
});
export type OrderStatsData = z.infer<typeof orderStatsData>;

/** 员工绩效: one staff member's work in the range. */
export const performanceRow = z.object({
  user_id: int,
  account: z.string(),
  user_name: z.string(),
  auth: int,
  goods_created: int,
  goods_uploaded: int,
  goods_live: int,
  orders_purchased: int,
  orders_shipped: int,
});
export type PerformanceRow = z.infer<typeof performanceRow>;

export const performanceStatsData = z.object({
  startTime: seconds,
  endTime: seconds,
  rows: z.array(performanceRow),
  total: performanceRow.pick({
    goods_created: true,
    goods_uploaded: true,
    goods_live: true,
    orders_purchased: true,
    orders_shipped: true,
  }),
});
export type PerformanceStatsData = z.infer<typeof performanceStatsData>;
