/** The operation log's sentences of the own site (spread into `modules/system/opera-log.sentences.ts`). */
interface Entry {
  actor: string;
  summary: { before?: unknown; after?: unknown };
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const s = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

export const SITE_SENTENCES = {
  'site.basic.save': (e: Entry) => {
    const a = obj(e.summary.after);
    if (!e.summary.before) {
      return `${e.actor} 创建了站点「${s(a.name)}」${a.published === true ? '并发布' : '(未发布)'}`;
    }
    const state = a.published === true ? ',并发布了站点' : a.published === false ? ',并下线了站点' : '';
    return `${e.actor} 保存了站点「${s(a.name)}」的基础设置${state}`;
  },
};
