import { defineSection } from '../../app/route-section';

/** 平台 (spec section 2): not built yet (docs/not-built.md). */
export const routes = defineSection('/platform', [
  ['index', '平台首页'],
  ['howUse', '使用说明'],
  ['family', '授权中心'],
  ['ali1688', '1688采购'],
  ['reports/sellerPerformance/list', '卖家绩效'],
  ['reports/sellerFeedback/list', '卖家反馈'],
]);
