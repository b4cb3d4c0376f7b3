/** The operation log's sentence of 刷新 (spread into `modules/system/opera-log.sentences.ts`). */
interface Entry {
  actor: string;
  summary: { before?: unknown; after?: unknown };
}

const after = (e: Entry): Record<string, unknown> =>
  e.summary.after && typeof e.summary.after === 'object' ? (e.summary.after as Record<string, unknown>) : {};

export const REPORTS_SENTENCES = {
  'reports.refresh': (e: Entry) => {
    const a = after(e);
    const types = Array.isArray(a.types) ? a.types.join('、') : '卖家报告';
    return `${e.actor} 刷新${types}(${typeof a.shops === 'number' ? a.shops : '?'} 个店铺)`;
  },
};
