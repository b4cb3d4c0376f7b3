import { defineSection, screen } from '../../app/route-section';

/** 监控首页 (`/monitor/index`). */
export const monitorHomeScreen = screen(
  () => import('./monitor-home/monitor-home-page'),
  (m) => m.MonitorHomePage,
);
/** 跟卖监控 (`/monitor/monitor-asin/list`). */
export const monitorAsinScreen = screen(
  () => import('./monitor-asin/monitor-asin-page'),
  (m) => m.MonitorAsinPage,
);
/** 跟卖移除 (`/monitor/monitor-bridge/list`). */
export const monitorBridgeScreen = screen(
  () => import('./monitor-bridge/monitor-bridge-page'),
  (m) => m.MonitorBridgePage,
);

/** 监控 (spec section 2, issue 15 §3-§4; docs/monitor.md). */
export const routes = defineSection(
  '/monitor',
  [
    ['index', '监控首页', { load: monitorHomeScreen }],
    ['monitor-asin/list', '跟卖监控', { load: monitorAsinScreen }],
    ['monitor-bridge/list', '跟卖移除', { load: monitorBridgeScreen }],
  ],
  { permission: 'monitor.use' },
);
