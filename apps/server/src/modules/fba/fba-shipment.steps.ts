import type { FbaShipmentStep } from '@console/shared/schemas/fba-shipment';
import type { AppDeps } from '../../context.js';
import type { SpApiClient } from '../../marketplace/sp-api.client.js';
import type {
  BoxInput,
  InboundBox,
  InboundItem,
  ItemInput,
  TransportationOption,
} from '../../marketplace/sp-api.inbound.types.js';
import { type FbaItemDb, type FbaShipmentDb, setItemFnsku, type setShipment } from './fba-shipment.repository.js';
import type { FbaBox, FbaFcShipment, FbaStepState } from './fba-shipment.tables.js';
import {
  AwaitChoice,
  currencyOfMarketplace,
  quotesInCny,
  readPlacementOptions,
  recommendedPlacement,
  recommendedTransport,
  transportLabel,
  transportOptionOf,
} from './fba-shipment-options.js';

/** What the steps share: the shop's client, the shipment, its items and steps so far. */
export interface Workflow {
  deps: AppDeps;
  client: SpApiClient;
  row: FbaShipmentDb & { id: number };
  items: FbaItemDb[];
  steps: Record<string, FbaStepState>;
  planId: string;
  /** Saves fields of the shipment (with the steps) while a step runs. */
  remember: (more: Parameters<typeof setShipment>[2]) => Promise<void>;
}

const ITEM = { labelOwner: 'SELLER', prepOwner: 'NONE' } as const;
/** How long the follower waits for one operation before the step fails as still pending. */
const FOLLOW = { maxPolls: 120 };

/** Follows an operation of a step, remembering its id first (a restarted job follows the same one). */
async function follow(w: Workflow, step: FbaShipmentStep, operationId: string) {
  w.steps[step] = { ...w.steps[step]!, operation_id: operationId };
  await w.remember({});
  return w.client.inbound.run(Promise.resolve(operationId), FOLLOW);
}

/** 创建入库计划: the plan's id is kept at once; a restarted job follows the same creation. */
async function plan(w: Workflow) {
  const ib = w.client.inbound;
  const pending = w.steps.plan?.operation_id;
  if (w.planId && pending) await ib.run(Promise.resolve(pending), FOLLOW);
  else {
    const a = w.row.source_address;
    const r = await ib.createInboundPlan({
      destinationMarketplaces: [w.row.marketplace_id],
      name: w.row.name || w.row.number,
      items: w.items.map((i): ItemInput => ({ msku: i.msku, quantity: i.quantity, ...ITEM })),
      sourceAddress: {
        name: a.name ?? '',
        addressLine1: a.addressLine1 ?? '',
        ...(a.addressLine2 ? { addressLine2: a.addressLine2 } : {}),
        city: a.city ?? '',
        ...(a.stateOrProvinceCode ? { stateOrProvinceCode: a.stateOrProvinceCode } : {}),
        postalCode: a.postalCode ?? '',
        countryCode: a.countryCode ?? 'CN',
        phoneNumber: a.phoneNumber ?? '',
      },
    });
    w.planId = r.inboundPlanId;
    w.steps.plan = { ...w.steps.plan!, operation_id: r.operationId };
    await w.remember({ inbound_plan_id: r.inboundPlanId });
    await ib.run(Promise.resolve(r.operationId), FOLLOW);
  }
  const items = await ib.all<InboundItem>((page) => ib.listInboundPlanItems(w.planId, page), 'items');
  for (const i of items) await setItemFnsku(w.deps.db, w.row.id, i.msku, i.fnsku, '');
  return undefined;
}

/** 装箱方案: generate, confirm the first offered option; its packing groups' MSKUs are kept. */
async function packingOptions(w: Workflow) {
  const ib = w.client.inbound;
  await follow(w, 'packing_options', await ib.generatePackingOptions(w.planId));
  const options = await ib.all<{ packingOptionId: string; status: string; packingGroups: string[] }>(
    (page) => ib.listPackingOptions(w.planId, page),
    'packingOptions',
  );
  const option = options.find((o) => o.status === 'OFFERED') ?? options[0];
  if (!option) throw new Error('亚马逊没有给出装箱方案');
  await follow(w, 'packing_options', await ib.confirmPackingOption(w.planId, option.packingOptionId));
  const groups: { id: string; mskus: string[] }[] = [];
  for (const g of option.packingGroups) {
    const items = await ib.all<InboundItem>((page) => ib.listPackingGroupItems(w.planId, g, page), 'items');
    groups.push({ id: g, mskus: items.map((i) => i.msku) });
  }
  return groups;
}

/** Amazon's box: cm and kg from the tenant's mm and g (0 stays 0: Amazon names what is missing). */
function boxInput(b: FbaBox, mskuOf: Map<number, string>): BoxInput {
  return {
    contentInformationSource: 'BOX_CONTENT_PROVIDED',
    dimensions: { length: b.length_mm / 10, width: b.width_mm / 10, height: b.height_mm / 10, unitOfMeasurement: 'CM' },
    weight: { value: b.weight_g / 1000, unit: 'KG' },
    quantity: b.quantity,
    items: b.items.map((i) => ({ msku: mskuOf.get(i.stock_id) ?? '', quantity: i.quantity, ...ITEM })),
  };
}

/** 提交装箱信息: each box goes to the packing group of its first SKU (Amazon refuses a mixed box). */
async function packingInformation(w: Workflow) {
  const groups = (w.steps.packing_options?.data ?? []) as { id: string; mskus: string[] }[];
  const mskuOf = new Map(w.items.map((i) => [Number(i.stock_id), i.msku]));
  const byGroup = new Map<string, BoxInput[]>(groups.map((g) => [g.id, []]));
  for (const b of w.row.boxes) {
    const first = mskuOf.get(b.items[0]?.stock_id ?? 0);
    const g = groups.find((x) => first !== undefined && x.mskus.includes(first)) ?? groups[0];
    if (g) byGroup.get(g.id)!.push(boxInput(b, mskuOf));
  }
  const op = await w.client.inbound.setPackingInformation(w.planId, {
    packageGroupings: [...byGroup].map(([packingGroupId, boxes]) => ({ packingGroupId, boxes })),
  });
  await follow(w, 'packing_information', op);
  return undefined;
}

/**
 * 分仓方案: options generated and kept with their centres and fees (once); the seller's choice
 * (or, with 自动选择推荐方案, the cheapest) confirmed; its shipments recorded. Without a
 * choice the job stops in 待选择分仓 (`AwaitChoice`).
 */
async function placement(w: Workflow) {
  const ib = w.client.inbound;
  if (!w.row.placement_options.length) {
    await follow(w, 'placement', await ib.generatePlacementOptions(w.planId));
    const options = await readPlacementOptions(ib, w.planId, currencyOfMarketplace(w.row.marketplace));
    if (!options.length) throw new Error('亚马逊没有给出分仓方案');
    await w.remember({ placement_options: JSON.stringify(options) });
    w.row.placement_options = options;
  }
  let chosenId = w.row.placement_option_id;
  if (!chosenId) {
    if (!w.row.auto_choose) throw new AwaitChoice('placement_choice');
    chosenId = recommendedPlacement(w.row.placement_options)!.placement_option_id;
  }
  const option = w.row.placement_options.find((o) => o.placement_option_id === chosenId);
  if (!option) throw new Error('所选分仓方案不存在,请重新生成');
  await follow(w, 'placement', await ib.confirmPlacementOption(w.planId, chosenId));
  const fcs: FbaFcShipment[] = [];
  for (const s of option.shipments) {
    const got = await ib.getShipment(w.planId, s.shipment_id);
    fcs.push({
      shipment_id: s.shipment_id,
      confirmation_id: got.shipmentConfirmationId ?? '',
      fc: got.destination.warehouseId ?? s.fc,
      status: got.status ?? '',
      items: s.items,
      box_ids: [],
      transport: '',
    });
  }
  await w.remember({ placement_option_id: chosenId, fc_shipments: JSON.stringify(fcs) });
  w.row.placement_option_id = chosenId;
  w.row.fc_shipments = fcs;
  return undefined;
}

/** 运输方案: generated and kept for every shipment (once); the chosen ones confirmed (or 待选择承运). */
async function transport(w: Workflow) {
  const ib = w.client.inbound;
  const a = w.row.source_address;
  const placementOptionId = w.row.placement_option_id;
  const contact = { name: a.name ?? '', phoneNumber: a.phoneNumber ?? '' };
  if (!w.row.transport_options.length) {
    const start = new Date(Date.now() + 86_400_000).toISOString();
    await follow(
      w,
      'transport',
      await ib.generateTransportationOptions(w.planId, {
        placementOptionId,
        shipmentTransportationConfigurations: w.row.fc_shipments.map((s) => ({
          shipmentId: s.shipment_id,
          readyToShipWindow: { start },
          contactInformation: contact,
        })),
      }),
    );
    const listed = await ib.all<TransportationOption>(
      (page) => ib.listTransportationOptions(w.planId, { placementOptionId, ...page }),
      'transportationOptions',
    );
    const currency = currencyOfMarketplace(w.row.marketplace);
    w.row.transport_options = listed.map((o) => transportOptionOf(o, currency));
    await w.remember({ transport_options: JSON.stringify(w.row.transport_options) });
  }
  const options = w.row.transport_options;
  for (const s of w.row.fc_shipments)
    if (!options.some((x) => x.shipment_id === s.shipment_id))
      throw new Error(`亚马逊没有给出货件 ${s.shipment_id} 的运输方案`);
  if (!options.some((o) => o.chosen)) {
    if (!w.row.auto_choose) throw new AwaitChoice('transport_choice');
    for (const s of w.row.fc_shipments)
      recommendedTransport(options.filter((x) => x.shipment_id === s.shipment_id))!.chosen = true;
    await w.remember({ transport_options: JSON.stringify(options) });
  }
  const chosen = w.row.fc_shipments.map((s) => options.find((x) => x.shipment_id === s.shipment_id && x.chosen)!);
  await follow(
    w,
    'transport',
    await ib.confirmTransportationOptions(
      w.planId,
      chosen.map((o) => ({
        shipmentId: o.shipment_id,
        transportationOptionId: o.transportation_option_id,
        contactInformation: contact,
      })),
    ),
  );
  const fcs: FbaFcShipment[] = [];
  for (const s of w.row.fc_shipments) {
    const got = await ib.getShipment(w.planId, s.shipment_id);
    const o = chosen.find((x) => x.shipment_id === s.shipment_id)!;
    fcs.push({
      ...s,
      confirmation_id: got.shipmentConfirmationId ?? '',
      status: got.status ?? s.status,
      transport: transportLabel(o),
      solution: o.shipping_solution,
      carrier: o.carrier_name || o.carrier,
      ...(o.quote ? { quote: { amount_minor: o.quote.amount_minor, currency: o.quote.currency } } : {}),
    });
  }
  const cost = await quotesInCny(w.deps, w.row.tenant_id, chosen);
  await w.remember({ fc_shipments: JSON.stringify(fcs), transport_cost_minor: cost });
  w.row.fc_shipments = fcs;
  return undefined;
}

/** A box as the carton label prints it. */
export interface LabelBox {
  box_id: string;
  shipment_id: string;
  confirmation_id: string;
  fc: string;
  ship_to: { name: string; lines: string[]; city_line: string; country: string };
  contents: { sku: string; quantity: number }[];
  weight_g?: number;
}

/** 箱标: each shipment's box ids and contents read back (kept for the carton labels), and Amazon's label PDF asked for (it must exist). */
async function labels(w: Workflow) {
  const ib = w.client.inbound;
  const fcs: FbaFcShipment[] = [];
  const out: LabelBox[] = [];
  for (const s of w.row.fc_shipments) {
    const boxes = await ib.all<InboundBox>((page) => ib.listShipmentBoxes(w.planId, s.shipment_id, page), 'boxes');
    const got = await ib.getShipment(w.planId, s.shipment_id);
    const to = got.destination.address;
    if (s.confirmation_id)
      await ib.getLabels(s.confirmation_id, { PageType: 'PackageLabel_Thermal', LabelType: 'UNIQUE' });
    for (const b of boxes) {
      if (!b.boxId) continue;
      const kg = b.weight ? (b.weight.unit === 'KG' ? b.weight.value : b.weight.value * 0.45359237) : 0;
      out.push({
        box_id: b.boxId,
        shipment_id: s.shipment_id,
        confirmation_id: s.confirmation_id,
        fc: s.fc,
        ship_to: {
          name: `Amazon ${s.fc}`,
          lines: [to?.addressLine1 ?? '', to?.addressLine2 ?? ''].filter(Boolean),
          city_line: [to?.city, to?.stateOrProvinceCode, to?.postalCode].filter(Boolean).join(' '),
          country: to?.countryCode ?? '',
        },
        contents: (b.items ?? []).map((i) => ({ sku: i.msku, quantity: i.quantity })),
        ...(kg > 0 ? { weight_g: Math.round(kg * 1000) } : {}),
      });
    }
    fcs.push({ ...s, box_ids: boxes.map((b) => b.boxId ?? '').filter(Boolean) });
  }
  await w.remember({ fc_shipments: JSON.stringify(fcs) });
  w.row.fc_shipments = fcs;
  return out;
}

/** The steps in order. */
export const WORKFLOW: [FbaShipmentStep, (w: Workflow) => Promise<unknown>][] = [
  ['plan', plan],
  ['packing_options', packingOptions],
  ['packing_information', packingInformation],
  ['placement', placement],
  ['transport', transport],
  ['labels', labels],
];
