/** The operation log's sentences of the site's categories and SEO settings (spread into `modules/system/opera-log.sentences.ts`). */
interface Entry {
  actor: string;
  summary: { before?: unknown; after?: unknown };
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const s = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

export const SITE_CATEGORY_SENTENCES = {
  'site.category.create': (e: Entry) => `${e.actor} 添加了站点分类「${s(obj(e.summary.after).name)}」`,
  'site.category.update': (e: Entry) => {
    const b = obj(e.summary.before);
    const a = obj(e.summary.after);
    const renamed = s(b.name) !== s(a.name) ? `(原名「${s(b.name)}」)` : '';
    return `${e.actor} 修改了站点分类「${s(a.name)}」${renamed}`;
  },
  'site.category.move': (e: Entry) => {
    const a = obj(e.summary.after);
    const where = a.parent ? `「${s(a.parent)}」下` : '顶级';
    return `${e.actor} 把站点分类「${s(a.name)}」移动到${where}第 ${Number(a.position ?? 0) + 1} 位`;
  },
  'site.category.publish': (e: Entry) =>
    `${e.actor} ${obj(e.summary.after).published ? '在站点上显示' : '在站点上隐藏'}了站点分类「${s(obj(e.summary.after).name)}」`,
  'site.category.delete': (e: Entry) => `${e.actor} 删除了站点分类「${s(obj(e.summary.before).name)}」`,
  'site.category.import': (e: Entry) => {
    const a = obj(e.summary.after);
    return `${e.actor} 从商品库导入了 ${s(a.created)} 个站点分类(已有 ${s(a.existing)} 个未重复导入)`;
  },
  'site.seo.save': (e: Entry) => {
    const a = obj(e.summary.after);
    const robots =
      a.index === false ? ',并禁止搜索引擎收录' : a.index === true && e.summary.before ? ',并允许搜索引擎收录' : '';
    return `${e.actor} 保存了站点「${s(a.name)}」的SEO设置${robots}`;
  },
};
