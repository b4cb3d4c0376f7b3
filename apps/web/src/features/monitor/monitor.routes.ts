import { defineSection } from '../../app/route-section';

/** 监控 (spec section 2): not built yet (docs/not-built.md). */
export const routes = defineSection('/monitor', [
  ['index', '监控首页'],
  ['monitor-asin/list', '跟卖监控'],
  ['monitor-bridge/list', '跟卖移除'],
]);
