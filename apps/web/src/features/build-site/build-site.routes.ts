import { defineSection, screen } from '../../app/route-section';

/** 站点商品's form (create and update). */
const goodsForm = screen(
  () => import('./goods/goods-form-page'),
  (m) => m.SiteGoodsFormPage,
);

/** 建站 (spec section 2, docs/site.md): every screen of the section is built. */
export const routes = defineSection('/build-site', [
  [
    'basic',
    '基础设置',
    {
      load: screen(
        () => import('./basic/basic-page'),
        (m) => m.SiteBasicPage,
      ),
    },
  ],
  [
    'seo',
    'SEO设置',
    {
      load: screen(
        () => import('./seo/seo-page'),
        (m) => m.SiteSeoPage,
      ),
    },
  ],
  ['goods/create', '添加站点商品', { load: goodsForm }],
  ['goods/update/:goods_id', '编辑站点商品', { load: goodsForm, permission: 'site.manage' }],
  [
    'goods/list',
    '站点商品',
    {
      load: screen(
        () => import('./goods/goods-list-page'),
        (m) => m.SiteGoodsListPage,
      ),
    },
  ],
  [
    'visual',
    '可视化装修',
    {
      load: screen(
        () => import('./visual/visual-page'),
        (m) => m.SiteVisualPage,
      ),
    },
  ],
  [
    'category',
    '站点分类',
    {
      load: screen(
        () => import('./category/category-page'),
        (m) => m.SiteCategoryPage,
      ),
    },
  ],
]);
