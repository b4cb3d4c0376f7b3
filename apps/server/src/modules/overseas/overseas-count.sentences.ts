/** The operation log's sentences of 库存调整 and 盘点单 (spread into `modules/system/opera-log.sentences.ts`). */
interface Entry {
  actor: string;
  summary: { before?: unknown; after?: unknown };
}

const after = (e: Entry): Record<string, unknown> =>
  e.summary.after && typeof e.summary.after === 'object' ? (e.summary.after as Record<string, unknown>) : {};
const s = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const signed = (v: unknown) => (typeof v === 'number' && v > 0 ? `+${v}` : s(v));

export const COUNT_SENTENCES = {
  'overseas.inventory.adjust': (e: Entry) =>
    `${e.actor} 调整了客户 ${s(after(e).tenant_id)} 的 SKU ${s(after(e).sku)} 库存 ${signed(after(e).quantity)} 件(${s(after(e).reason)}),调整后在库 ${s(after(e).on_hand)} 件`,
  'overseas.count.create': (e: Entry) =>
    `${e.actor} 创建了盘点单 ${s(after(e).number)}(客户 ${s(after(e).tenant_id)},${s(after(e).lines)} 个SKU)`,
  'overseas.count.save': (e: Entry) =>
    `${e.actor} 录入了盘点单 ${s(after(e).number)} 的实盘数量(${s(after(e).lines)} 个SKU)`,
  'overseas.count.post': (e: Entry) =>
    `${e.actor} 过账了盘点单 ${s(after(e).number)}(${s(after(e).movements)} 个SKU有差异)`,
  'overseas.count.cancel': (e: Entry) => `${e.actor} 取消了盘点单 ${s(after(e).number)}`,
};
