import { defineSection, screen } from '../../app/route-section';

/** 海外仓 (spec section 2): every screen is built (docs/overseas.md), plus the operator's 仓库设置. */
export const routes = defineSection(
  '/overseas',
  [
    [
      'index',
      '海外仓首页',
      {
        load: screen(
          () => import('./home/overseas-home-page'),
          (m) => m.OverseasHomePage,
        ),
      },
    ],
    [
      'sku/add',
      '添加SKU',
      {
        load: screen(
          () => import('./sku-add/sku-add-page'),
          (m) => m.SkuAddPage,
        ),
      },
    ],
    [
      'sku/list',
      'SKU列表',
      {
        load: screen(
          () => import('./sku-list/sku-list-page'),
          (m) => m.SkuListPage,
        ),
      },
    ],
    [
      'inbound/add',
      '创建入库单',
      {
        load: screen(
          () => import('./inbound-add/inbound-add-page'),
          (m) => m.InboundAddPage,
        ),
      },
    ],
    [
      'inbound/list',
      '入库单列表',
      {
        load: screen(
          () => import('./inbound-list/inbound-list-page'),
          (m) => m.InboundListPage,
        ),
      },
    ],
    [
      'outbound/add',
      '创建出库单',
      {
        load: screen(
          () => import('./outbound-add/outbound-add-page'),
          (m) => m.OutboundAddPage,
        ),
      },
    ],
    [
      'outbound/list',
      '出库单列表',
      {
        load: screen(
          () => import('./outbound-list/outbound-list-page'),
          (m) => m.OutboundListPage,
        ),
      },
    ],
    [
      'inventory/list',
      '库存列表',
      {
        load: screen(
          () => import('./inventory-list/inventory-list-page'),
          (m) => m.InventoryListPage,
        ),
      },
    ],
    [
      'inventory/flow',
      '库存流水',
      {
        load: screen(
          () => import('./inventory-flow/inventory-flow-page'),
          (m) => m.InventoryFlowPage,
        ),
      },
    ],
    // The operator's warehouses (not in the spec's menu; docs/decisions.md "海外仓 仓库设置").
    [
      'warehouse',
      '仓库设置',
      {
        load: screen(
          () => import('./warehouse/warehouse-page'),
          (m) => m.WarehousePage,
        ),
      },
    ],
  ],
  { permission: 'warehouse.use' },
);
