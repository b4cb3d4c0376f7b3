import { INBOUND_STATUS_LABELS, type InboundStatus } from '@console/shared/schemas/overseas-inbound';

/** The operation log's sentences of 入库单 (spread into `modules/system/opera-log.sentences.ts`). */
interface Entry {
  actor: string;
  summary: { before?: unknown; after?: unknown };
}

const after = (e: Entry): Record<string, unknown> =>
  e.summary.after && typeof e.summary.after === 'object' ? (e.summary.after as Record<string, unknown>) : {};
const s = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

export const INBOUND_SENTENCES = {
  'overseas.inbound.create': (e: Entry) =>
    `${e.actor} 创建了入库单 ${s(after(e).number)}(${s(after(e).boxes)} 箱,${s(after(e).units)} 件)`,
  'overseas.inbound.update': (e: Entry) =>
    `${e.actor} 修改了入库单 ${s(after(e).number)}(${s(after(e).boxes)} 箱,${s(after(e).units)} 件)`,
  'overseas.inbound.ship': (e: Entry) =>
    `${e.actor} 发出了入库单 ${s(after(e).number)}(跟踪号 ${s(after(e).tracking_no)})`,
  'overseas.inbound.arrive': (e: Entry) => `${e.actor} 确认入库单 ${s(after(e).number)} 已到仓`,
  'overseas.inbound.receive': (e: Entry) => {
    const a = after(e);
    const status = INBOUND_STATUS_LABELS[s(a.status) as InboundStatus] ?? '';
    return `${e.actor} 收货了入库单 ${s(a.number)} 的 ${s(a.boxes)} 箱(实收 ${s(a.units)} 件),状态「${status}」`;
  },
  'overseas.inbound.close': (e: Entry) =>
    `${e.actor} 关闭了入库单 ${s(after(e).number)}(有差异,${s(after(e).missing_boxes)} 箱未到)`,
  'overseas.inbound.acknowledge': (e: Entry) => `${e.actor} 确认了入库单 ${s(after(e).number)} 的收货差异`,
};
