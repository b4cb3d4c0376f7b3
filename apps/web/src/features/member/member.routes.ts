import { defineSection } from '../../app/route-section';

/** 财务 (spec section 2): not built yet (docs/not-built.md). */
export const routes = defineSection('/member', [
  ['index', '财务首页'],
  ['purchase', '采购明细'],
  ['user/spend', '财务管理'],
  ['user/topup-list', '充值记录'],
  ['user/topup-add', '提交充值'],
  ['user/adminExpressLog', '物流充值'],
]);
