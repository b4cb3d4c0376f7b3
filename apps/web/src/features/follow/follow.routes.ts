import { defineSection } from '../../app/route-section';

/** 跟卖 (spec section 2): not built yet (docs/not-built.md). */
export const routes = defineSection('/follow', [
  ['index', '跟卖商品'],
  ['follow-sale/push', '跟卖候选池'],
  ['follow-sale/queue', '跟卖上传记录'],
]);
