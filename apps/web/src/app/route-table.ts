import type { Permission } from '@console/shared';
import { MENU_ITEMS } from '@console/shared';
import type { ComponentType } from 'react';
import type { RouteMeta } from '../stores/tabs-reducer';

/** A lazily loaded screen module. */
export type ScreenLoader = () => Promise<{ Component: ComponentType }>;

/** One frame route as data (Ant Design Pro style): path, name, meta and how to load the screen. */
export interface FrameRoute {
  path: string;
  name: string;
  meta: RouteMeta & { permission?: Permission };
  /** Absent: the screen is built by a later issue and shows the not-built page. */
  load?: ScreenLoader;
}

const home: ScreenLoader = () => import('../features/home/home/home-page').then((m) => ({ Component: m.HomePage }));
const debugLog: ScreenLoader = () =>
  import('../features/home/debug-log/debug-log-page').then((m) => ({ Component: m.DebugLogPage }));
const refresh: ScreenLoader = () =>
  import('../features/helpers/refresh-page').then((m) => ({ Component: m.RefreshPage }));
const redirect: ScreenLoader = () =>
  import('../features/helpers/redirect-page').then((m) => ({ Component: m.RedirectPage }));
const member: ScreenLoader = () =>
  import('../features/system/member/member-page').then((m) => ({ Component: m.MemberPage }));
const operaLog: ScreenLoader = () =>
  import('../features/system/opera-log/opera-log-page').then((m) => ({ Component: m.OperaLogPage }));

const eanTable: ScreenLoader = () =>
  import('../features/goods/ean-table/ean-table-page').then((m) => ({ Component: m.EanTablePage }));

const pointsManage: ScreenLoader = () =>
  import('../features/goods/points-manage/points-manage-page').then((m) => ({ Component: m.PointsManagePage }));
const pointsEditor: ScreenLoader = () =>
  import('../features/goods/points-editor/points-editor-page').then((m) => ({ Component: m.PointsEditorPage }));
const infringement: ScreenLoader = () =>
  import('../features/goods/infringement/infringement-page').then((m) => ({ Component: m.InfringementPage }));
const searchTerms: ScreenLoader = () =>
  import('../features/goods/search-terms/search-terms-page').then((m) => ({ Component: m.SearchTermsPage }));
const searchTermsEditor: ScreenLoader = () =>
  import('../features/goods/search-terms-editor/search-terms-editor-page').then((m) => ({
    Component: m.SearchTermsEditorPage,
  }));
const claim: ScreenLoader = () =>
  import('../features/goods/claim/claim-page').then((m) => ({ Component: m.ClaimPage }));
const category: ScreenLoader = () =>
  import('../features/goods/category/category-page').then((m) => ({ Component: m.CategoryPage }));

const translationAdmin: ScreenLoader = () =>
  import('../features/goods/translation-admin/translation-admin-page').then((m) => ({
    Component: m.TranslationAdminPage,
  }));

const goodsIndex: ScreenLoader = () =>
  import('../features/goods/goods-index/goods-index-page').then((m) => ({ Component: m.GoodsIndexPage }));
const goodsList: ScreenLoader = () =>
  import('../features/goods/goods-list/goods-list-page').then((m) => ({ Component: m.GoodsListPage }));
const goodsEditor: ScreenLoader = () =>
  import('../features/goods/goods-editor/goods-editor-page').then((m) => ({ Component: m.GoodsEditorPage }));
const goodsView: ScreenLoader = () =>
  import('../features/goods/goods-view/goods-view-page').then((m) => ({ Component: m.GoodsViewPage }));

/** Route name from a path: `/system/admin/member` -> `system-admin-member`, params dropped. */
export function routeName(path: string): string {
  return path
    .split('/')
    .filter((s) => s && !s.startsWith(':'))
    .join('-')
    .replace(/\*$/, '');
}

type Row = [path: string, title: string, extra?: Partial<FrameRoute['meta']> & { name?: string; load?: ScreenLoader }];

const permissionOf = (path: string): Permission | undefined => MENU_ITEMS.find((m) => m.url === path)?.permission;

function section(prefix: string, rows: Row[]): FrameRoute[] {
  return rows.map(([p, title, extra = {}]) => {
    const path = `${prefix}/${p}`.replace(/\/+/g, '/');
    const { name, load, ...meta } = extra;
    const permission = meta.permission ?? permissionOf(path);
    return {
      path,
      name: name ?? routeName(path),
      meta: { title, cache: true, auth: true, ...meta, ...(permission ? { permission } : {}) },
      ...(load ? { load } : {}),
    };
  });
}

/** Every route inside the frame (spec section 2), all needing sign-in and cached unless noted. */
export const FRAME_ROUTES: FrameRoute[] = [
  ...section('', [
    ['index', '首页', { load: home, name: 'index' }],
    ['index/message-send', '消息记录', { name: 'system-message-user' }],
    ['index/down-gather', '采集插件下载'],
    ['index/problem_package', '问题件'],
    ['index/gpsr', 'GPSR提交助手'],
    ['log', '前端日志', { load: debugLog, name: 'log' }],
    ['refresh', '刷新', { load: refresh, hidden: true, cache: false }],
    ['redirect/*', '重定向', { load: redirect, hidden: true, cache: false, name: 'redirect' }],
  ]),
  ...section('/system', [
    ['index', '系统首页'],
    ['admin/member', '账号管理', { load: member }],
    ['admin/accountStatistical', '账号统计'],
    ['admin/orderStatistical', '订单统计'],
    ['admin/performanceStatistical', '员工绩效'],
    ['admin/opera-log', '操作日志', { load: operaLog }],
  ]),
  ...section('/member', [
    ['index', '财务首页'],
    ['purchase', '采购明细'],
    ['user/spend', '财务管理'],
    ['user/topup-list', '充值记录'],
    ['user/topup-add', '提交充值'],
    ['user/adminExpressLog', '物流充值'],
  ]),
  ...section('/order', [
    ['index', '订单首页'],
    ['shop', '店铺管理'],
    ['consume-list', '消费记录'],
    ['list', '订单处理'],
    ['distribution', '配货'],
    ['export', '订单导出'],
    ['asinSales', '销量统计'],
    ['intercept', '运费审核'],
    ['stock/product', '备货商品'],
    ['stock/stockInLog', '入库记录'],
    ['stock/stockOutLog', '出库记录'],
    ['hs-code', '海关编码'],
    ['order_customs_info', '产销单位备案'],
  ]),
  ...section('/goods', [
    ['index', '商品首页', { load: goodsIndex }],
    ['amazon/edit/:queue_id', '编辑上传队列'],
    ['amazon/error_feed/:queue_id/:goods_id', '错误日志'],
    ['pointsManage', '五点描述库', { load: pointsManage }],
    ['search-terms', '搜索词库', { load: searchTerms }],
    ['follow-sale/list', '跟卖列表'],
    ['follow-sale/push', '跟卖候选池'],
    ['follow-sale/queue', '跟卖上传记录'],
    ['claim', '认领商品', { load: claim }],
    ['addPoints', '添加五点描述', { load: pointsEditor }],
    ['addSearchTerms', '添加搜索词', { load: searchTermsEditor }],
    ['editPoints/:id', '编辑五点描述', { load: pointsEditor }],
    ['editSearchTerms/:id', '编辑搜索词', { load: searchTermsEditor }],
    ['amazon/queue', '上传记录'],
    ['admin/list', '商品列表', { load: goodsList }],
    ['admin/view/:goods_id', '商品预览', { cache: false, load: goodsView }],
    ['admin/create', '创建商品', { load: goodsEditor }],
    ['admin/update/:goods_id', '编辑商品', { load: goodsEditor }],
    ['admin/infringement/list', '敏感词', { load: infringement }],
    ['ean-table', 'EAN表', { load: eanTable }],
    ['category', '商品分类', { load: category }],
    // Beyond the specification's route list (docs/decisions.md "Translation screens").
    ['admin/translation', '翻译术语与记忆', { load: translationAdmin }],
  ]),
  ...section('/platform', [
    ['index', '平台首页'],
    ['howUse', '使用说明'],
    ['family', '授权中心'],
    ['ali1688', '1688采购'],
    ['reports/sellerPerformance/list', '卖家绩效'],
    ['reports/sellerFeedback/list', '卖家反馈'],
  ]),
  ...section('/build-site', [
    ['basic', '基础设置'],
    ['seo', 'SEO设置'],
    ['goods/create', '添加站点商品'],
    ['goods/update/:goods_id', '编辑站点商品'],
    ['goods/list', '站点商品'],
    ['visual', '可视化装修'],
    ['category', '站点分类'],
  ]),
  ...section('/monitor', [
    ['index', '监控首页'],
    ['monitor-asin/list', '跟卖监控'],
    ['monitor-bridge/list', '跟卖移除'],
  ]),
  ...section('/fba', [['first_trip', '头程发货']]),
  ...section('/follow', [
    ['index', '跟卖商品'],
    ['follow-sale/push', '跟卖候选池'],
    ['follow-sale/queue', '跟卖上传记录'],
  ]),
  ...section('/overseas', [
    ['index', '海外仓首页'],
    ['sku/add', '添加SKU'],
    ['sku/list', 'SKU列表'],
    ['inbound/add', '创建入库单'],
    ['inbound/list', '入库单列表'],
    ['outbound/add', '创建出库单'],
    ['outbound/list', '出库单列表'],
    ['inventory/list', '库存列表'],
    ['inventory/flow', '库存流水'],
  ]),
];

/** Routes that show the not-built page (docs/not-built.md lists them). */
export const NOT_BUILT_ROUTES = FRAME_ROUTES.filter((r) => !r.load);
