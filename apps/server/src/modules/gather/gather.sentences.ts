/** The operation log's sentences of the collection plugin (spread into `modules/system/opera-log.sentences.ts`). */
interface Entry {
  actor: string;
  summary: { before?: unknown; after?: unknown };
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const s = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

export const GATHER_SENTENCES = {
  'gather.token.create': (e: Entry) => `${e.actor} 生成了采集令牌(尾号${s(obj(e.summary.after).hint)})`,
  'gather.token.rotate': (e: Entry) =>
    `${e.actor} 重新生成了采集令牌(尾号${s(obj(e.summary.after).hint)}),旧令牌已失效`,
  'gather.token.revoke': (e: Entry) => `${e.actor} 撤销了采集令牌`,
  'gather.collect': (e: Entry) => {
    const a = obj(e.summary.after);
    return `${e.actor} 用采集插件从${s(a.site)}采集了商品「${s(a.title)}」(SKU ${s(a.sku)},${s(a.pictures)}张图片)`;
  },
};
