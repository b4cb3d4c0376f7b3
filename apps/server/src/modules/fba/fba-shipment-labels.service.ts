import type { FnskuLabelLayout } from '@console/shared/schemas/fba-labels';
import type { AppDeps } from '../../context.js';
import { type CartonLabel, MAX_CARTON_LABELS, renderCartonLabels } from '../../labels/carton-labels.js';
import { MAX_FNSKU_LABELS, renderFnskuLabels } from '../../labels/fnsku-labels.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { findShipment, itemsOf } from './fba-shipment.repository.js';
import { NOT_FOUND } from './fba-shipment.service.js';
import type { LabelBox } from './fba-shipment.steps.js';

/**
 * The labels of a shipment as one PDF (docs/fba.md, docs/labels.md): its items' FNSKU labels
 * (one per unit sent, on the layout chosen), or its boxes' carton labels (Amazon's box ids,
 * once transportation is confirmed).
 */
export async function shipmentLabels(
  deps: AppDeps,
  tenantId: number,
  id: number,
  kind: 'fnsku' | 'carton',
  layout: FnskuLabelLayout,
): Promise<{ pdf: Buffer; filename: string }> {
  const row = await findShipment(deps.db, tenantId, id);
  if (!row) throw notFound(NOT_FOUND);
  if (kind === 'fnsku') {
    const items = await itemsOf(deps.db, [id]);
    if (items.some((i) => !i.fnsku)) throw badRequest('亚马逊入库计划创建后才有FNSKU,请先开始计划');
    const count = items.reduce((s, i) => s + i.quantity, 0);
    if (count > MAX_FNSKU_LABELS) throw badRequest(`一次最多打印${MAX_FNSKU_LABELS}张标签`);
    const pdf = await renderFnskuLabels(
      items.map((i) => ({ fnsku: i.fnsku, title: i.title || i.msku, quantity: i.quantity })),
      layout,
    );
    return { pdf, filename: `fnsku-${row.number}-${layout}.pdf` };
  }
  const boxes = (row.steps.labels?.state === 'done' ? row.steps.labels.data : []) as LabelBox[];
  if (boxes.length === 0) throw badRequest('运输方案确认后才有箱号,请等待计划完成');
  if (boxes.length > MAX_CARTON_LABELS) throw badRequest(`一次最多打印${MAX_CARTON_LABELS}张箱标`);
  const a = row.source_address;
  const from = {
    name: a.name ?? '',
    lines: [a.addressLine1 ?? '', a.addressLine2 ?? ''].filter(Boolean),
    city_line: [a.city, a.stateOrProvinceCode, a.postalCode].filter(Boolean).join(' '),
    country: a.countryCode ?? '',
  };
  const labels: CartonLabel[] = boxes.map((b) => {
    const same = boxes.filter((x) => x.shipment_id === b.shipment_id);
    return {
      box_id: b.box_id,
      shipment_id: b.confirmation_id || b.shipment_id,
      shipment_name: row.name || row.number,
      box_no: same.indexOf(b) + 1,
      box_count: same.length,
      ship_from: from,
      ship_to: b.ship_to,
      contents: b.contents,
      ...(b.weight_g ? { weight_g: b.weight_g } : {}),
    };
  });
  return { pdf: await renderCartonLabels(labels), filename: `carton-${row.number}.pdf` };
}
