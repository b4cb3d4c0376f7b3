import { defineSection, screen } from '../../app/route-section';

/** 订单 (spec section 2): 订单首页, 店铺管理, 订单处理 (with 手工单), 配货, 订单导出, 销量统计, 消费记录, 运费审核, the stock-up screens, 海关编码 and 产销单位备案 are built; the other screens are not yet (docs/not-built.md). */
export const routes = defineSection('/order', [
  [
    'index',
    '订单首页',
    {
      permission: 'order.read',
      load: screen(
        () => import('./order-index/order-index-page'),
        (m) => m.OrderIndexPage,
      ),
    },
  ],
  [
    'shop',
    '店铺管理',
    {
      permission: 'shop.use',
      load: screen(
        () => import('./shop/shop-page'),
        (m) => m.ShopPage,
      ),
    },
  ],
  [
    'consume-list',
    '消费记录',
    {
      permission: 'logistics.fees',
      load: screen(
        () => import('./consume-list/consume-list-page'),
        (m) => m.ConsumeListPage,
      ),
    },
  ],
  [
    'list',
    '订单处理',
    {
      permission: 'order.read',
      load: screen(
        () => import('./order-list/order-list-page'),
        (m) => m.OrderListPage,
      ),
    },
  ],
  [
    'distribution',
    '配货',
    {
      permission: 'order.receive',
      load: screen(
        () => import('./distribution/distribution-page'),
        (m) => m.DistributionPage,
      ),
    },
  ],
  [
    'export',
    '订单导出',
    {
      permission: 'order.read',
      load: screen(
        () => import('./order-export/order-export-page'),
        (m) => m.OrderExportPage,
      ),
    },
  ],
  [
    'asinSales',
    '销量统计',
    {
      permission: 'order.read',
      load: screen(
        () => import('./order-sales/order-sales-page'),
        (m) => m.OrderSalesPage,
      ),
    },
  ],
  [
    'intercept',
    '运费审核',
    {
      permission: 'logistics.ship',
      load: screen(
        () => import('./intercept/intercept-page'),
        (m) => m.InterceptPage,
      ),
    },
  ],
  [
    'stock/product',
    '备货商品',
    {
      permission: 'order.read',
      load: screen(
        () => import('./stock/stock-product-page'),
        (m) => m.StockProductPage,
      ),
    },
  ],
  [
    'stock/stockInLog',
    '入库记录',
    {
      permission: 'order.read',
      load: screen(
        () => import('./stock/stock-log-page'),
        (m) => m.StockInLogPage,
      ),
    },
  ],
  [
    'stock/stockOutLog',
    '出库记录',
    {
      permission: 'order.read',
      load: screen(
        () => import('./stock/stock-log-page'),
        (m) => m.StockOutLogPage,
      ),
    },
  ],
  [
    'hs-code',
    '海关编码',
    {
      permission: 'customs.read',
      load: screen(
        () => import('./hs-code/hs-code-page'),
        (m) => m.HsCodePage,
      ),
    },
  ],
  [
    'order_customs_info',
    '产销单位备案',
    {
      permission: 'customs.read',
      load: screen(
        () => import('./customs-info/customs-info-page'),
        (m) => m.CustomsInfoPage,
      ),
    },
  ],
]);
