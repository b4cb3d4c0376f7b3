import { minor, toDecimalString } from '@console/shared/money';

/** The operation log's sentences of 头程发货 (spread into `modules/system/opera-log.sentences.ts`). */
interface Entry {
  actor: string;
  summary: { before?: unknown; after?: unknown };
}

const after = (e: Entry): Record<string, unknown> =>
  e.summary.after && typeof e.summary.after === 'object' ? (e.summary.after as Record<string, unknown>) : {};
const s = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

export const FBA_SHIPMENT_SENTENCES = {
  'fba.shipment.create': (e: Entry) =>
    `${e.actor} 创建了头程发货单 ${s(after(e).number)}(${s(after(e).skus)} 个SKU,${s(after(e).units)} 件)`,
  'fba.shipment.update': (e: Entry) =>
    `${e.actor} 修改了头程发货单 ${s(after(e).number)}(${s(after(e).skus)} 个SKU,${s(after(e).units)} 件)`,
  'fba.shipment.start': (e: Entry) => `${e.actor} 开始了头程发货单 ${s(after(e).number)} 的亚马逊入库计划`,
  'fba.shipment.ship': (e: Entry) => {
    const a = after(e);
    const cost =
      typeof a.cost_minor === 'number' && a.cost_minor > 0
        ? `,头程费用 ${toDecimalString(minor(a.cost_minor), 'CNY')} 元`
        : '';
    return `${e.actor} 发出了头程发货单 ${s(a.number)}(${s(a.carrier)} ${s(a.tracking_no)},${s(a.units)} 件${cost})`;
  },
  'fba.shipment.placement': (e: Entry) => {
    const a = after(e);
    const fee = s(a.fee) ? `,分仓费用 ${s(a.fee)}` : ',无分仓费用';
    return `${e.actor} 为头程发货单 ${s(a.number)} 选择了分仓方案(${s(a.shipments)} 个货件:${s(a.fcs)}${fee})`;
  },
  'fba.shipment.transport': (e: Entry) =>
    `${e.actor} 为头程发货单 ${s(after(e).number)} 选择了运输方案(${s(after(e).choices)})`,
  'fba.shipment.sync': (e: Entry) =>
    `${e.actor} 同步了头程发货单 ${s(after(e).number)} 的亚马逊接收(新收 ${s(after(e).received)} 件)`,
};
