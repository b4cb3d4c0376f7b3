import { defineSection } from '../../app/route-section';

/** 海外仓 (spec section 2): not built yet (docs/not-built.md). */
export const routes = defineSection('/overseas', [
  ['index', '海外仓首页'],
  ['sku/add', '添加SKU'],
  ['sku/list', 'SKU列表'],
  ['inbound/add', '创建入库单'],
  ['inbound/list', '入库单列表'],
  ['outbound/add', '创建出库单'],
  ['outbound/list', '出库单列表'],
  ['inventory/list', '库存列表'],
  ['inventory/flow', '库存流水'],
]);
