import { defineSection, screen } from '../../app/route-section';

/** 系统 (spec section 2): accounts, statistics, operation log. */
export const routes = defineSection('/system', [
  [
    'index',
    '系统首页',
    {
      load: screen(
        () => import('./statistics/system-home-page'),
        (m) => m.SystemHomePage,
      ),
    },
  ],
  [
    'admin/member',
    '账号管理',
    {
      load: screen(
        () => import('./member/member-page'),
        (m) => m.MemberPage,
      ),
    },
  ],
  [
    'admin/accountStatistical',
    '账号统计',
    {
      load: screen(
        () => import('./statistics/account-stats-page'),
        (m) => m.AccountStatsPage,
      ),
    },
  ],
  [
    'admin/orderStatistical',
    '订单统计',
    {
      load: screen(
        () => import('./statistics/order-stats-page'),
        (m) => m.OrderStatsPage,
      ),
    },
  ],
  [
    'admin/performanceStatistical',
    '员工绩效',
    {
      load: screen(
        () => import('./statistics/performance-stats-page'),
        (m) => m.PerformanceStatsPage,
      ),
    },
  ],
  [
    'admin/opera-log',
    '操作日志',
    {
      load: screen(
        () => import('./opera-log/opera-log-page'),
        (m) => m.OperaLogPage,
      ),
    },
  ],
]);
