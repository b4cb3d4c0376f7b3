import { defineSection, screen } from '../../app/route-section';

/** 财务 (spec section 2, issue 16 §3): balance, statement, top-ups and their review (docs/finance.md). */
export const routes = defineSection('/member', [
  [
    'index',
    '财务首页',
    {
      load: screen(
        () => import('./member-index/member-index-page'),
        (m) => m.MemberIndexPage,
      ),
    },
  ],
  [
    'purchase',
    '采购明细',
    {
      load: screen(
        () => import('./purchase/purchase-page'),
        (m) => m.PurchasePage,
      ),
    },
  ],
  [
    'user/spend',
    '财务管理',
    {
      load: screen(
        () => import('./spend/spend-page'),
        (m) => m.SpendPage,
      ),
    },
  ],
  [
    'user/topup-list',
    '充值记录',
    {
      load: screen(
        () => import('./topup-list/topup-list-page'),
        (m) => m.TopupListPage,
      ),
    },
  ],
  [
    'user/topup-add',
    '提交充值',
    {
      load: screen(
        () => import('./topup-add/topup-add-page'),
        (m) => m.TopupAddPage,
      ),
    },
  ],
  [
    'user/adminExpressLog',
    '物流充值',
    {
      load: screen(
        () => import('./express-log/express-log-page'),
        (m) => m.ExpressLogPage,
      ),
    },
  ],
]);
