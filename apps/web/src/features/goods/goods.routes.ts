import { defineSection, screen } from '../../app/route-section';
import { followCandidatesScreen, followOffersScreen, followQueueScreen } from '../follow/follow.routes';

const pointsEditor = screen(
  () => import('./points-editor/points-editor-page'),
  (m) => m.PointsEditorPage,
);
const searchTermsEditor = screen(
  () => import('./search-terms-editor/search-terms-editor-page'),
  (m) => m.SearchTermsEditorPage,
);
const goodsEditor = screen(
  () => import('./goods-editor/goods-editor-page'),
  (m) => m.GoodsEditorPage,
);

/** 商品 (spec section 2): the product library; every screen needs goods operation unless its row says otherwise. */
export const routes = defineSection(
  '/goods',
  [
    [
      'index',
      '商品首页',
      {
        load: screen(
          () => import('./goods-overview/goods-overview-page'),
          (m) => m.GoodsOverviewPage,
        ),
      },
    ],
    // The upload pipeline (issue 14 §4) needs shop use as well as the section's goods operation.
    [
      'amazon/edit/:queue_id',
      '编辑上传队列',
      {
        permission: 'shop.use',
        load: screen(
          () => import('./amazon-edit/edit-queue-page'),
          (m) => m.EditQueuePage,
        ),
      },
    ],
    [
      'amazon/error_feed/:queue_id/:goods_id',
      '错误日志',
      {
        permission: 'shop.use',
        load: screen(
          () => import('./amazon-error-feed/error-feed-page'),
          (m) => m.ErrorFeedPage,
        ),
      },
    ],
    [
      'pointsManage',
      '五点描述库',
      {
        load: screen(
          () => import('./points-manage/points-manage-page'),
          (m) => m.PointsManagePage,
        ),
      },
    ],
    [
      'search-terms',
      '搜索词库',
      {
        load: screen(
          () => import('./search-terms/search-terms-page'),
          (m) => m.SearchTermsPage,
        ),
      },
    ],
    ['follow-sale/list', '跟卖商品', { load: followOffersScreen, permission: 'follow.use' }],
    ['follow-sale/push', '跟卖候选池', { load: followCandidatesScreen, permission: 'follow.use' }],
    ['follow-sale/queue', '跟卖上传记录', { load: followQueueScreen, permission: 'follow.use' }],
    [
      'claim',
      '认领商品',
      {
        load: screen(
          () => import('./claim/claim-page'),
          (m) => m.ClaimPage,
        ),
      },
    ],
    ['addPoints', '添加五点描述', { load: pointsEditor }],
    ['addSearchTerms', '添加搜索词', { load: searchTermsEditor }],
    ['editPoints/:id', '编辑五点描述', { load: pointsEditor }],
    ['editSearchTerms/:id', '编辑搜索词', { load: searchTermsEditor }],
    [
      'amazon/queue',
      '上传记录',
      {
        permission: 'shop.use',
        load: screen(
          () => import('./amazon-queue/queue-page'),
          (m) => m.QueuePage,
        ),
      },
    ],
    [
      'admin/list',
      '商品列表',
      {
        load: screen(
          () => import('./goods-list/goods-list-page'),
          (m) => m.GoodsListPage,
        ),
      },
    ],
    [
      'admin/view/:goods_id',
      '商品预览',
      {
        cache: false,
        load: screen(
          () => import('./goods-view/goods-view-page'),
          (m) => m.GoodsViewPage,
        ),
      },
    ],
    ['admin/create', '创建商品', { load: goodsEditor }],
    ['admin/update/:goods_id', '编辑商品', { load: goodsEditor }],
    [
      'admin/infringement/list',
      '敏感词',
      {
        load: screen(
          () => import('./sensitive/sensitive-page'),
          (m) => m.SensitivePage,
        ),
      },
    ],
    [
      'ean-table',
      'EAN表',
      {
        load: screen(
          () => import('./ean/ean-page'),
          (m) => m.EanPage,
        ),
      },
    ],
    [
      'category',
      '商品分类',
      {
        load: screen(
          () => import('./category/category-page'),
          (m) => m.CategoryPage,
        ),
      },
    ],
    // Beyond the specification's route list (docs/decisions.md "Translation screens").
    [
      'admin/translation',
      '翻译术语与记忆',
      {
        load: screen(
          () => import('./translation-admin/translation-admin-page'),
          (m) => m.TranslationAdminPage,
        ),
      },
    ],
  ],
  { permission: 'goods.operate' },
);
