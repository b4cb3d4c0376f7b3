/** The operation log's sentence of 同步FBA库存 (spread into `modules/system/opera-log.sentences.ts`). */
interface Entry {
  actor: string;
  summary: { before?: unknown; after?: unknown };
}

const after = (e: Entry): Record<string, unknown> =>
  e.summary.after && typeof e.summary.after === 'object' ? (e.summary.after as Record<string, unknown>) : {};
const n = (v: unknown) => (typeof v === 'number' ? String(v) : '?');

export const FBA_STOCK_SENTENCES = {
  'fba.stock.sync': (e: Entry) => `${e.actor} 开始同步FBA库存(${n(after(e).shops)} 个店铺,${n(after(e).pairs)} 个站点)`,
};
