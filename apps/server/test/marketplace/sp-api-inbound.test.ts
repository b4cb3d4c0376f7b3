import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simFcOf, simInbound } from '../../src/marketplace/simulator/sim-inbound.js';
import { type SpApiSimulator, startSpApiSimulator } from '../../src/marketplace/simulator/sim-server.js';
import type { SpApiClient } from '../../src/marketplace/sp-api.client.js';
import type { SpApiError } from '../../src/marketplace/sp-api.errors.js';
import { InboundOperationFailed } from '../../src/marketplace/sp-api.inbound.js';
import type { InboundBox, PlacementOption } from '../../src/marketplace/sp-api.inbound.types.js';
import {
  box,
  INBOUND_MODEL,
  INBOUND_V0_MODEL,
  inboundClient,
  item,
  listSku,
  modelErrors,
  SOURCE,
  scanCode128,
  skusByFc,
  US,
} from './inbound-support.js';

const SCALE = 100;
let sim: SpApiSimulator;
let client: SpApiClient;
let seller: string;

beforeAll(async () => {
  sim = await startSpApiSimulator({ timeScale: SCALE });
  ({ client, seller } = await inboundClient(sim, SCALE));
});
afterAll(() => sim?.close());

const valid = (definition: string, value: unknown, model = INBOUND_MODEL) =>
  expect(modelErrors(model, definition, value)).toBe('');

/** Creates a plan of the items and confirms its (only) packing option; returns ids and groups. */
async function planToPacking(items: { msku: string; quantity: number }[]) {
  const created = await client.inbound.createInboundPlan({
    destinationMarketplaces: [US],
    items: items.map((i) => item(i.msku, i.quantity)),
    sourceAddress: SOURCE,
    name: 'Test plan',
  });
  valid('CreateInboundPlanResponse', created);
  const id = created.inboundPlanId;
  await client.inbound.run(Promise.resolve(created.operationId));
  await client.inbound.run(client.inbound.generatePackingOptions(id));
  const packing = await client.inbound.listPackingOptions(id);
  valid('ListPackingOptionsResponse', packing);
  const option = packing.packingOptions[0]!;
  await client.inbound.run(client.inbound.confirmPackingOption(id, option.packingOptionId));
  const groups = await Promise.all(
    option.packingGroups.map(async (g) => {
      const r = await client.inbound.listPackingGroupItems(id, g);
      valid('ListPackingGroupItemsResponse', r);
      return { packingGroupId: g, items: r.items };
    }),
  );
  return { id, groups };
}

describe('Fulfillment Inbound 2024-03-20 against the simulator', () => {
  it('plans a shipment split across two fulfilment centres through to labels, shipping and receipts', async () => {
    const [a, b] = skusByFc('SPLIT', 2, false);
    // A SKU named SHORT is counted 5% short; it must land with b's centre for the expected split.
    const shortSku = Array.from({ length: 50 }, (_, n) => `${b}-SHORT-${n}`).find(
      (s) => simFcOf(US, s) === simFcOf(US, b!),
    )!;
    for (const s of [a!, b!, shortSku]) listSku(sim, seller, s);
    const { id, groups } = await planToPacking([
      { msku: a!, quantity: 40 },
      { msku: b!, quantity: 10 },
      { msku: shortSku, quantity: 20 },
    ]);
    const plan = await client.inbound.getInboundPlan(id);
    valid('InboundPlan', plan);
    expect(plan.status).toBe('ACTIVE');
    const items = await client.inbound.all(
      (page) => client.inbound.listInboundPlanItems(id, { ...page, pageSize: 2 }),
      'items',
    );
    expect(items.map((i) => (i as { msku: string }).msku).sort()).toEqual([a, b, shortSku].sort());
    expect((items[0] as { fnsku: string }).fnsku).toMatch(/^X00[0-9A-Z]{7}$/);
    // Packing groups follow the centres: a alone, b with the short SKU.
    expect(groups.map((g) => g.items.map((i) => i.msku).sort())).toEqual(
      expect.arrayContaining([[a], [b, shortSku].sort()]),
    );
    await client.inbound.run(
      client.inbound.setPackingInformation(id, {
        packageGroupings: groups.map((g) => ({
          packingGroupId: g.packingGroupId,
          boxes: g.items.map((i) => box([{ msku: i.msku, quantity: i.quantity / 2 }], 2)),
        })),
      }),
    );
    await client.inbound.run(client.inbound.generatePlacementOptions(id));
    const placements = await client.inbound.listPlacementOptions(id);
    valid('ListPlacementOptionsResponse', placements);
    const split = placements.placementOptions.find((o) => o.shipmentIds.length === 2) as PlacementOption;
    const single = placements.placementOptions.find((o) => o.shipmentIds.length === 1) as PlacementOption;
    expect(split.fees).toEqual([]);
    // Everything to one centre costs a placement fee per unit (70 units x 0.30 USD).
    expect(single.fees[0]).toMatchObject({
      type: 'FEE',
      target: 'Placement Services',
      value: { amount: 21, code: 'USD' },
    });
    await client.inbound.run(client.inbound.confirmPlacementOption(id, split.placementOptionId));
    const shipments = await Promise.all(split.shipmentIds.map((s) => client.inbound.getShipment(id, s)));
    for (const s of shipments) valid('Shipment', s);
    expect(shipments.map((s) => s.status)).toEqual(['WORKING', 'WORKING']);
    expect(new Set(shipments.map((s) => s.destination.warehouseId))).toEqual(
      new Set([simFcOf(US, a!), simFcOf(US, b!)]),
    );

    await client.inbound.run(
      client.inbound.generateTransportationOptions(id, {
        placementOptionId: split.placementOptionId,
        shipmentTransportationConfigurations: split.shipmentIds.map((shipmentId) => ({
          shipmentId,
          readyToShipWindow: { start: new Date(Date.now() + 86_400_000).toISOString() },
          contactInformation: { name: 'Li Lei', phoneNumber: '+8613800000000' },
        })),
      }),
    );
    const transport = await client.inbound.listTransportationOptions(id, {
      placementOptionId: split.placementOptionId,
    });
    valid('ListTransportationOptionsResponse', transport);
    const partnered = transport.transportationOptions.filter((o) => o.shippingSolution === 'AMAZON_PARTNERED_CARRIER');
    expect(partnered).toHaveLength(2);
    // a's shipment: 2 boxes of 5 kg: 2 x 5.00 + 10 kg x 0.80 = 18.00 USD.
    const aShipment = shipments.find((s) => s.destination.warehouseId === simFcOf(US, a!))!;
    expect(partnered.find((o) => o.shipmentId === aShipment.shipmentId)!.quote!.cost).toEqual({
      amount: 18,
      code: 'USD',
    });
    await client.inbound.run(
      client.inbound.confirmTransportationOptions(
        id,
        partnered.map((o) => ({ shipmentId: o.shipmentId, transportationOptionId: o.transportationOptionId })),
      ),
    );
    const ready = await client.inbound.getShipment(id, aShipment.shipmentId);
    expect(ready.status).toBe('READY_TO_SHIP');
    expect(ready.shipmentConfirmationId).toMatch(/^FBA[0-9A-Z]{9}$/);

    const boxes = await client.inbound.all<InboundBox>(
      (page) => client.inbound.listInboundPlanBoxes(id, { ...page, pageSize: 2 }),
      'boxes',
    );
    valid('ListInboundPlanBoxesResponse', { boxes });
    expect(boxes).toHaveLength(6);
    const aBoxes = boxes.filter((x) => x.destinationRegion?.warehouseId === simFcOf(US, a!));
    expect(aBoxes.map((x) => x.boxId)).toEqual([
      `${ready.shipmentConfirmationId}U000001`,
      `${ready.shipmentConfirmationId}U000002`,
    ]);

    const labels = await client.inbound.getLabels(ready.shipmentConfirmationId!, {
      PageType: 'PackageLabel_Thermal',
      LabelType: 'UNIQUE',
    });
    valid('LabelDownloadURL', labels, INBOUND_V0_MODEL);
    const pdf = Buffer.from(await (await fetch(labels.DownloadURL)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 }).promise;
    expect(doc.numPages).toBe(2);
    const text = (await (await doc.getPage(2)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain(`${ready.shipmentConfirmationId}U000002`);
    expect(text).toContain(simFcOf(US, a!));
    expect(text).toContain('Box 2 of 2');
    // The box id's barcode scans.
    expect(await scanCode128(doc, 1)).toBe(`${ready.shipmentConfirmationId}U000001`);
    const a4 = await client.inbound.getLabels(ready.shipmentConfirmationId!, {
      PageType: 'PackageLabel_A4_4',
      LabelType: 'UNIQUE',
    });
    const a4Doc = await getDocument({
      data: new Uint8Array(await (await fetch(a4.DownloadURL)).arrayBuffer()),
      verbosity: 0,
    }).promise;
    expect(a4Doc.numPages).toBe(1);

    // Shipping: tracking ids for a's boxes; b's shipment is picked up by the partnered carrier.
    const inb = simInbound(sim);
    inb.timing = { inTransit: 1, delivered: 2, checkedIn: 3, receiving: 4, closed: 1e9, fcProcessing: 1e9 };
    await client.inbound.run(
      client.inbound.updateShipmentTrackingDetails(id, aShipment.shipmentId, {
        trackingDetails: {
          spdTrackingDetail: {
            spdTrackingItems: aBoxes.map((x, n) => ({ boxId: x.boxId!, trackingId: `1Z999AA1012345678${n}` })),
          },
        },
      }),
    );
    const shipped = await client.inbound.getShipment(id, aShipment.shipmentId);
    expect(['SHIPPED', 'IN_TRANSIT', 'DELIVERED', 'CHECKED_IN', 'RECEIVING']).toContain(shipped.status);
    expect(shipped.trackingDetails?.spdTrackingDetail?.spdTrackingItems).toHaveLength(2);
    const bShipment = shipments.find((s) => s.shipmentId !== aShipment.shipmentId)!;
    const bConf = (await client.inbound.getShipment(id, bShipment.shipmentId)).shipmentConfirmationId!;
    inb.markShipped(bShipment.shipmentId);
    expect((await client.inbound.getInboundPlan(id)).status).toBe('SHIPPED');

    // Receiving: half counted first, then all but what Amazon found short.
    await waitFor(async () => (await client.inbound.getShipment(id, bShipment.shipmentId)).status === 'RECEIVING');
    const half = await client.inbound.getShipmentItemsByShipmentId(bConf, US);
    expect(half.map((i) => [i.SellerSKU, i.QuantityShipped, i.QuantityReceived]).sort()).toEqual(
      [
        [b, 10, 5],
        [shortSku, 20, 9],
      ].sort(),
    );
    inb.timing = { ...inb.timing, closed: 5 };
    await waitFor(async () => (await client.inbound.getShipment(id, bShipment.shipmentId)).status === 'CLOSED');
    const final = await client.inbound.getShipmentItemsByShipmentId(bConf, US);
    expect(final.find((i) => i.SellerSKU === shortSku)).toMatchObject({ QuantityShipped: 20, QuantityReceived: 19 });
    expect(final.find((i) => i.SellerSKU === b)).toMatchObject({ QuantityShipped: 10, QuantityReceived: 10 });
  });

  it('offers a plan of one centre as one shipment with no placement fee, or to the other centre for a fee', async () => {
    const skus = skusByFc('ONE', 2, true);
    for (const s of skus) listSku(sim, seller, s);
    const { id, groups } = await planToPacking(skus.map((msku) => ({ msku, quantity: 6 })));
    expect(groups).toHaveLength(1);
    await client.inbound.run(
      client.inbound.setPackingInformation(id, {
        packageGroupings: [
          { packingGroupId: groups[0]!.packingGroupId, boxes: [box(skus.map((msku) => ({ msku, quantity: 6 })))] },
        ],
      }),
    );
    await client.inbound.run(client.inbound.generatePlacementOptions(id));
    const { placementOptions } = await client.inbound.listPlacementOptions(id);
    // Amazon's centre at no fee, or the other centre for a placement fee (12 units x 0.30 USD).
    expect(placementOptions).toHaveLength(2);
    expect(placementOptions[0]).toMatchObject({ fees: [], status: 'OFFERED' });
    expect(placementOptions[0]!.shipmentIds).toHaveLength(1);
    expect(placementOptions[1]!.fees).toEqual([
      expect.objectContaining({ type: 'FEE', value: { amount: 3.6, code: 'USD' } }),
    ]);
    const [here, there] = await Promise.all(
      placementOptions.map((o) => client.inbound.getShipment(id, o.shipmentIds[0]!)),
    );
    expect(here!.destination.warehouseId).not.toBe(there!.destination.warehouseId);
  });

  it('fails plan creation for a dangerous-goods item and a SKU Amazon does not know, and the plan is ERRORED', async () => {
    listSku(sim, seller, 'DG-LITHIUM', { hazmat: true });
    listSku(sim, seller, 'SAFE-1');
    const created = await client.inbound.createInboundPlan({
      destinationMarketplaces: [US],
      items: [item('DG-LITHIUM', 5), item('SAFE-1', 5), item('NO-SUCH-SKU', 1)],
      sourceAddress: SOURCE,
    });
    const status = await client.inbound.waitForOperation(created.operationId);
    valid('InboundOperationStatus', status);
    expect(status.operationStatus).toBe('FAILED');
    expect(status.operationProblems.map((p) => [p.code, p.severity])).toEqual([
      ['HazmatItemRestricted', 'ERROR'],
      ['MskuNotFound', 'ERROR'],
    ]);
    expect((await client.inbound.getInboundPlan(created.inboundPlanId)).status).toBe('ERRORED');
    const refused = await client.inbound.generatePackingOptions(created.inboundPlanId).catch((e: SpApiError) => e);
    expect(refused).toMatchObject({ kind: 'rejected', status: 400 });
    // The naming rule: an MSKU containing HAZMAT is restricted even with a clean listing.
    listSku(sim, seller, 'CASE-HAZMAT-2');
    const byName = await client.inbound
      .run(
        client.inbound
          .createInboundPlan({
            destinationMarketplaces: [US],
            items: [item('CASE-HAZMAT-2', 1)],
            sourceAddress: SOURCE,
          })
          .then((r) => r.operationId),
      )
      .catch((e: InboundOperationFailed) => e);
    expect(byName).toBeInstanceOf(InboundOperationFailed);
    expect((byName as InboundOperationFailed).message).toMatch(
      /^亚马逊处理createInboundPlan失败: HazmatItemRestricted/,
    );
  });

  it('fails packing information without dimensions or weight, keeps nothing, then takes a corrected one', async () => {
    const [sku] = skusByFc('BOXES', 1, true);
    listSku(sim, seller, sku!);
    const { id, groups } = await planToPacking([{ msku: sku!, quantity: 12 }]);
    const g = groups[0]!.packingGroupId;
    const { dimensions: _d, ...noDims } = box([{ msku: sku!, quantity: 6 }]);
    const bad = await client.inbound.waitForOperation(
      await client.inbound.setPackingInformation(id, {
        packageGroupings: [
          {
            packingGroupId: g,
            boxes: [noDims as never, { ...box([{ msku: sku!, quantity: 6 }]), weight: { value: 0, unit: 'KG' } }],
          },
        ],
      }),
    );
    expect(bad.operationStatus).toBe('FAILED');
    expect(bad.operationProblems.map((p) => p.code)).toEqual(['BoxDimensionsMissing', 'BoxWeightMissing']);
    expect(bad.operationProblems[0]!.message).toContain('box 1 of packing group');
    expect((await client.inbound.listInboundPlanBoxes(id)).boxes).toEqual([]);
    const over = await client.inbound.waitForOperation(
      await client.inbound.setPackingInformation(id, {
        packageGroupings: [
          {
            packingGroupId: g,
            boxes: [{ ...box([{ msku: sku!, quantity: 5 }], 2), weight: { value: 30, unit: 'KG' } }],
          },
        ],
      }),
    );
    expect(over.operationProblems.map((p) => p.code)).toEqual(['BoxWeightOverLimit', 'QuantityMismatch']);
    await client.inbound.run(
      client.inbound.setPackingInformation(id, {
        packageGroupings: [{ packingGroupId: g, boxes: [box([{ msku: sku!, quantity: 6 }], 2)] }],
      }),
    );
    expect((await client.inbound.listInboundPlanBoxes(id)).boxes).toHaveLength(2);
  });

  it("lists the seller's plans by status, newest first, paged", async () => {
    const all = await client.inbound.all(
      (page) => client.inbound.listInboundPlans({ ...page, pageSize: 2, sortBy: 'CREATION_TIME', sortOrder: 'DESC' }),
      'inboundPlans',
    );
    valid('ListInboundPlansResponse', { inboundPlans: all });
    const created = all.map((p) => Date.parse((p as { createdAt: string }).createdAt));
    expect(created).toEqual([...created].sort((x, y) => y - x));
    expect(all.length).toBeGreaterThanOrEqual(5);
    const shipped = await client.inbound.listInboundPlans({ status: 'SHIPPED', pageSize: 30 });
    expect(shipped.inboundPlans.map((p) => p.status)).toEqual(['SHIPPED']);
  });

  it('refuses a malformed plan at once (400), as the model requires', async () => {
    const e = await client.inbound
      .createInboundPlan({ destinationMarketplaces: [US], items: [item('X', 0)], sourceAddress: SOURCE })
      .catch((x: SpApiError) => x);
    expect(e).toMatchObject({ kind: 'rejected', status: 400 });
    expect((e as SpApiError).errors[0]).toMatchObject({ code: 'BadRequest' });
    valid('ErrorList', { errors: (e as SpApiError).errors });
  });
});

/** Waits (bounded) until the condition holds. */
async function waitFor(cond: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}
