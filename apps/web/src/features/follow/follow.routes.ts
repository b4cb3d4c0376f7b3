import { defineSection, screen } from '../../app/route-section';

/** 跟卖商品 (`/follow/index`, `/goods/follow-sale/list`). */
export const followOffersScreen = screen(
  () => import('./follow-offers/follow-offers-page'),
  (m) => m.FollowOffersPage,
);
/** 跟卖候选池 (`/follow/follow-sale/push`, `/goods/follow-sale/push`). */
export const followCandidatesScreen = screen(
  () => import('./follow-candidates/follow-candidates-page'),
  (m) => m.FollowCandidatesPage,
);
/** 跟卖上传记录 (`/follow/follow-sale/queue`, `/goods/follow-sale/queue`). */
export const followQueueScreen = screen(
  () => import('./follow-queue/follow-queue-page'),
  (m) => m.FollowQueuePage,
);

/** 跟卖 (spec section 2, issue 15 §1-§2; docs/follow.md). */
export const routes = defineSection(
  '/follow',
  [
    ['index', '跟卖商品', { load: followOffersScreen }],
    ['follow-sale/push', '跟卖候选池', { load: followCandidatesScreen }],
    ['follow-sale/queue', '跟卖上传记录', { load: followQueueScreen }],
  ],
  { permission: 'follow.use' },
);
