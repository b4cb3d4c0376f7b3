import fs from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import zxing from '@zxing/library';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { MemoryRateLimitScheduler } from '../../src/marketplace/rate-limit.scheduler.js';
import { simFcOf } from '../../src/marketplace/simulator/sim-inbound.js';
import { storeListing } from '../../src/marketplace/simulator/sim-listings.js';
import type { SpApiSimulator } from '../../src/marketplace/simulator/sim-server.js';
import { SpApiClient } from '../../src/marketplace/sp-api.client.js';
import { createSpApiDeps } from '../../src/marketplace/sp-api.deps.js';
import type { AddressInput } from '../../src/marketplace/sp-api.inbound.types.js';
import { bindSandboxShop, simSetting } from './sp-api-support.js';

// A CommonJS package: its default export is the module.
const { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } = zxing;

/**
 * Helpers of the FBA first-leg tests: a sandbox client on the in-memory scheduler (the same
 * buckets as PostgreSQL's, no database needed), listings to plan with, SKUs that land in the
 * same or different fulfilment centres, and the vendored models' schemas to check answers with.
 */

/** The vendored SP-API models (beside the repository, `../shared/vendor`). */
export const MODELS = path.resolve(import.meta.dirname, '../../../../../shared/vendor/amazon-sp-api/models');

/** A vendored model's JSON. */
export function readModel(rel: string): {
  paths: Record<string, Record<string, { operationId?: string; description?: string }>>;
  definitions: Record<string, unknown>;
} {
  const file = path.join(MODELS, rel);
  if (!fs.existsSync(file)) throw new Error(`vendored model missing: ${file}`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

export const INBOUND_MODEL = 'fulfillment-inbound-api-model/fulfillmentInbound_2024-03-20.json';
export const INBOUND_V0_MODEL = 'fulfillment-inbound-api-model/fulfillmentInboundV0.json';
export const FBA_INVENTORY_MODEL = 'fba-inventory-api-model/fbaInventory.json';

const validators = new Map<string, ValidateFunction>();

/**
 * Validates a value against a definition of a vendored Swagger 2.0 model (its `definitions`
 * are JSON Schema draft 4 with Swagger's extra keywords, which ajv ignores when not strict).
 * Returns ajv's errors as text, empty when valid.
 */
export function modelErrors(model: string, definition: string, value: unknown): string {
  const key = `${model}#${definition}`;
  let fn = validators.get(key);
  if (!fn) {
    const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    fn = ajv.compile({ definitions: readModel(model).definitions, $ref: `#/definitions/${definition}` });
    validators.set(key, fn);
  }
  return fn(value) ? '' : JSON.stringify(fn.errors?.slice(0, 5));
}

/** A sandbox client whose rate limits are kept by `MemoryRateLimitScheduler` at the given scale. */
export async function inboundClient(sim: SpApiSimulator, scale: number) {
  const scheduler = new MemoryRateLimitScheduler(scale);
  const deps = createSpApiDeps(simSetting(sim, { timeScale: scale }), null, { scheduler });
  const bound = await bindSandboxShop(sim, deps);
  return { client: new SpApiClient(bound.shop, deps), seller: bound.shop.sellingPartnerId, scheduler, deps, bound };
}

export const US = 'ATVPDKIKX0DER';

/** A listing of the seller (optionally declared dangerous goods). */
export function listSku(sim: SpApiSimulator, seller: string, sku: string, opts: { hazmat?: boolean } = {}): void {
  storeListing(sim, {
    sellerId: seller,
    marketplaceId: US,
    sku,
    productType: 'PRODUCT',
    attributes: {
      item_name: [{ value: `Item ${sku}` }],
      supplier_declared_dg_hz_regulation: [{ value: opts.hazmat ? 'ghs' : 'not_applicable' }],
    },
  });
}

/** `n` SKUs named from `prefix` that all go to one fulfilment centre, or to `n` different ones. */
export function skusByFc(prefix: string, n: number, same: boolean): string[] {
  const out: string[] = [];
  const fcs = new Set<string>();
  for (let i = 0; out.length < n && i < 1000; i++) {
    const sku = `${prefix}-${i}`;
    const fc = simFcOf(US, sku);
    if (same ? out.length === 0 || fcs.has(fc) : !fcs.has(fc)) {
      out.push(sku);
      fcs.add(fc);
    }
  }
  return out;
}

export const SOURCE: AddressInput = {
  name: 'Shenzhen Warehouse',
  addressLine1: 'No. 8 Keji Road',
  city: 'Shenzhen',
  stateOrProvinceCode: 'GD',
  postalCode: '518000',
  countryCode: 'CN',
  phoneNumber: '+8675512345678',
};

/** An `ItemInput` of the plan. */
export const item = (msku: string, quantity: number) => ({
  msku,
  quantity,
  labelOwner: 'SELLER' as const,
  prepOwner: 'NONE' as const,
});

/** A good box of `items` (20 x 30 x 40 cm, 5 kg). */
export const box = (items: { msku: string; quantity: number }[], quantity = 1) => ({
  contentInformationSource: 'BOX_CONTENT_PROVIDED' as const,
  dimensions: { length: 40, width: 30, height: 20, unitOfMeasurement: 'CM' as const },
  weight: { value: 5, unit: 'KG' as const },
  quantity,
  items: items.map((i) => item(i.msku, i.quantity)),
});

/**
 * A plan of SKUs of one centre taken through packing, placement and the partnered carrier:
 * its one shipment is READY_TO_SHIP. Returns the plan and shipment ids and the confirmation id.
 */
export async function readyShipment(client: SpApiClient, items: { msku: string; quantity: number }[]) {
  const ib = client.inbound;
  const created = await ib.createInboundPlan({
    destinationMarketplaces: [US],
    items: items.map((i) => item(i.msku, i.quantity)),
    sourceAddress: SOURCE,
  });
  const id = created.inboundPlanId;
  await ib.run(Promise.resolve(created.operationId));
  await ib.run(ib.generatePackingOptions(id));
  const option = (await ib.listPackingOptions(id)).packingOptions[0]!;
  if (option.packingGroups.length !== 1) throw new Error('readyShipment takes SKUs of one centre');
  await ib.run(ib.confirmPackingOption(id, option.packingOptionId));
  await ib.run(
    ib.setPackingInformation(id, {
      packageGroupings: [{ packingGroupId: option.packingGroups[0]!, boxes: [box(items)] }],
    }),
  );
  await ib.run(ib.generatePlacementOptions(id));
  const placement = (await ib.listPlacementOptions(id)).placementOptions[0]!;
  await ib.run(ib.confirmPlacementOption(id, placement.placementOptionId));
  const shipmentId = placement.shipmentIds[0]!;
  await ib.run(
    ib.generateTransportationOptions(id, {
      placementOptionId: placement.placementOptionId,
      shipmentTransportationConfigurations: [{ shipmentId, readyToShipWindow: { start: new Date().toISOString() } }],
    }),
  );
  const options = (await ib.listTransportationOptions(id, { shipmentId })).transportationOptions;
  const own = options.find((o) => o.shippingSolution === 'USE_YOUR_OWN_CARRIER')!;
  await ib.run(
    ib.confirmTransportationOptions(id, [{ shipmentId, transportationOptionId: own.transportationOptionId }]),
  );
  const shipment = await ib.getShipment(id, shipmentId);
  return { inboundPlanId: id, shipmentId, confirmationId: shipment.shipmentConfirmationId! };
}

/**
 * The Code 128 text of a PDF page as a scanner reads it: pdf.js renders the page (3 pixels a
 * point, on @napi-rs/canvas) and ZXing decodes the barcode; null when none is found.
 */
export async function scanCode128(doc: PDFDocumentProxy, pageNo: number): Promise<string | null> {
  const page = await doc.getPage(pageNo);
  const vp = page.getViewport({ scale: 3 });
  const canvas = createCanvas(Math.ceil(vp.width), Math.ceil(vp.height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: ctx as never, canvas: canvas as never, viewport: vp }).promise;
  const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  const grey = new Uint8ClampedArray(canvas.width * canvas.height);
  for (let i = 0; i < grey.length; i++) grey[i] = (rgba[i * 4]! + rgba[i * 4 + 1]! + rgba[i * 4 + 2]!) / 3;
  const reader = new MultiFormatReader();
  reader.setHints(
    new Map<zxing.DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
      [DecodeHintType.TRY_HARDER, true],
    ]),
  );
  try {
    const source = new RGBLuminanceSource(grey, canvas.width, canvas.height);
    return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
  } catch {
    return null;
  }
}
