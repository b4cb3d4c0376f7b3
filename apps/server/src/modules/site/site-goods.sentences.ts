/** The operation log's sentences of the site products (spread into `modules/system/opera-log.sentences.ts`). */
interface Entry {
  actor: string;
  summary: { before?: unknown; after?: unknown };
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const s = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
/** 「a」、「b」 and, when more were changed than named, 等N个. */
const named = (a: Record<string, unknown>) => {
  const titles = Array.isArray(a.titles) ? a.titles.map(s) : [];
  const count = Number(a.count) || titles.length;
  const list = titles.map((t) => `「${t}」`).join('、');
  return count > titles.length ? `${list}等${count}个站点商品` : `站点商品${list}`;
};

export const SITE_GOODS_SENTENCES = {
  'site.goods.create': (e: Entry) => `${e.actor} 添加了站点商品「${s(obj(e.summary.after).title)}」`,
  'site.goods.update': (e: Entry) => `${e.actor} 修改了站点商品「${s(obj(e.summary.after).title)}」`,
  'site.goods.publish': (e: Entry) => `${e.actor} 发布了${named(obj(e.summary.after))}`,
  'site.goods.unpublish': (e: Entry) => `${e.actor} 下线了${named(obj(e.summary.after))}`,
  'site.goods.delete': (e: Entry) => `${e.actor} 删除了${named(obj(e.summary.after))}`,
  'site.goods.import': (e: Entry) => {
    const a = obj(e.summary.after);
    const skipped = Number(a.skipped) > 0 ? `,跳过${s(a.skipped)}个已在站点中的商品` : '';
    return `${e.actor} 从商品库导入了${named(a)}${skipped}`;
  },
  'site.goods.sync': (e: Entry) => {
    const a = obj(e.summary.after);
    return `${e.actor} 从商品库同步了${s(a.count)}个站点商品的文字、图片和变体${a.prices === true ? '及价格' : ''}`;
  },
};
