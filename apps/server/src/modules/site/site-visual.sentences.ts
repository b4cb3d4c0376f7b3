/** The operation log's sentences of the visual editor (spread into `modules/system/opera-log.sentences.ts`). */
interface Entry {
  actor: string;
  summary: { before?: unknown; after?: unknown };
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const s = (v: unknown) => (typeof v === 'string' ? v : '');
const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);

export const SITE_VISUAL_SENTENCES = {
  'site.visual.save': (e: Entry) => {
    const a = obj(e.summary.after);
    return `${e.actor} 保存了${s(a.page)}的装修草稿(${count(a.blocks)}个模块)`;
  },
  'site.visual.publish': (e: Entry) => {
    const a = obj(e.summary.after);
    return `${e.actor} 发布了${s(a.page)}(${count(a.blocks)}个模块)`;
  },
  'site.visual.create': (e: Entry) => `${e.actor} 新建了${s(obj(e.summary.after).page)}`,
  'site.visual.delete': (e: Entry) => `${e.actor} 删除了${s(obj(e.summary.before).page)}`,
};
