import { defineSection, screen } from '../../app/route-section';

/** 建站 (spec section 2, docs/site.md): 基础设置 is built; the other screens are not yet (docs/not-built.md). */
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
  ['seo', 'SEO设置'],
  ['goods/create', '添加站点商品'],
  ['goods/update/:goods_id', '编辑站点商品'],
  ['goods/list', '站点商品'],
  ['visual', '可视化装修'],
  ['category', '站点分类'],
]);
