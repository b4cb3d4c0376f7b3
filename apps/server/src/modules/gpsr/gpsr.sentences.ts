import { countryName } from '@console/shared/constants/marketplaces';

/** The operation log's sentences of the GPSR helper (spread into `modules/system/opera-log.sentences.ts`). */
interface Entry {
  actor: string;
  summary: { before?: unknown; after?: unknown };
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const s = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const names = (v: unknown) => (Array.isArray(v) ? v.map((n) => `「${s(n)}」`).join('、') : '');

export const GPSR_SENTENCES = {
  'gpsr.profile.create': (e: Entry) => `${e.actor} 新建了GPSR合规档案「${s(obj(e.summary.after).name)}」`,
  'gpsr.profile.update': (e: Entry) => `${e.actor} 修改了GPSR合规档案「${s(obj(e.summary.after).name)}」`,
  'gpsr.profile.delete': (e: Entry) => `${e.actor} 删除了GPSR合规档案${names(obj(e.summary.before).names)}`,
  'gpsr.apply': (e: Entry) => {
    const a = obj(e.summary.after);
    const sites = Array.isArray(a.marketplaces) ? a.marketplaces.map((m) => countryName(s(m))).join('、') : '';
    return `${e.actor} 把GPSR合规档案「${s(a.profile)}」应用到 ${s(a.goods)} 个商品(${sites})`;
  },
  'gpsr.remove': (e: Entry) => {
    const a = obj(e.summary.after);
    const sites = Array.isArray(a.marketplaces) ? a.marketplaces.map((m) => countryName(s(m))).join('、') : '';
    return `${e.actor} 移除了 ${s(a.goods)} 个商品的GPSR合规档案(${sites})`;
  },
  'gpsr.document': (e: Entry) => `${e.actor} 上传了GPSR文件「${s(obj(e.summary.after).name)}」`,
};
