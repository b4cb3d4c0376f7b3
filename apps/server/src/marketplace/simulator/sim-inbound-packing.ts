import type { BoxInput, OperationProblem, SetPackingInformationRequest } from '../sp-api.inbound.types.js';
import { type SimBox, simId, simInbound } from './sim-inbound.js';
import { activePlan, badRequest, isRes, problem } from './sim-inbound-views.js';
import type { SimReq, SimRes, SpApiSimulator } from './sim-server.js';

/**
 * setPackingInformation of the simulated Amazon. The request's structure is checked at once
 * (400); the boxes are judged by the asynchronous operation, which FAILs with problems (and
 * keeps nothing) when a box has no or zero dimensions or weight, is over Amazon's standard
 * limits (23 kg / 50 lb, 63.5 cm / 25 in a side), holds an MSKU of another packing group, or
 * when the boxes' contents do not add up to the plan's quantities.
 */

const SOURCES = new Set(['BOX_CONTENT_PROVIDED', 'MANUAL_PROCESS', 'BARCODE_2D']);
/** Amazon's standard box limits. */
export const BOX_LIMITS = { kg: 23, lb: 50, cm: 63.5, in: 25 } as const;

const positive = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** The problems of one `BoxInput` (`where` names it in the messages). */
function boxProblems(b: Partial<BoxInput>, where: string, groupMskus: string[]): OperationProblem[] {
  const out: OperationProblem[] = [];
  const d = b.dimensions;
  if (
    !d ||
    !positive(d.length) ||
    !positive(d.width) ||
    !positive(d.height) ||
    !['CM', 'IN'].includes(String(d.unitOfMeasurement))
  )
    out.push(
      problem(
        'BoxDimensionsMissing',
        `Box dimensions (length, width, height and unit) are required for ${where}.`,
        where,
      ),
    );
  else {
    const max = d.unitOfMeasurement === 'CM' ? BOX_LIMITS.cm : BOX_LIMITS.in;
    if (Math.max(d.length, d.width, d.height) > max)
      out.push(problem('BoxDimensionsOverLimit', `A side of ${where} exceeds ${max} ${d.unitOfMeasurement}.`, where));
  }
  const w = b.weight;
  if (!w || !positive(w.value) || !['KG', 'LB'].includes(String(w.unit)))
    out.push(problem('BoxWeightMissing', `Box weight (value and unit) is required for ${where}.`, where));
  else {
    const max = w.unit === 'KG' ? BOX_LIMITS.kg : BOX_LIMITS.lb;
    if (w.value > max) out.push(problem('BoxWeightOverLimit', `${where} weighs more than ${max} ${w.unit}.`, where));
  }
  for (const i of b.items ?? []) {
    if (!groupMskus.includes(i.msku))
      out.push(
        problem('BoxItemNotInPackingGroup', `${where} holds ${i.msku}, which is not in its packing group.`, where),
      );
  }
  return out;
}

/** setPackingInformation: validates, then stores the boxes when the operation succeeds. */
export function handleSetPackingInformation(sim: SpApiSimulator, req: SimReq): SimRes {
  const inb = simInbound(sim);
  const p = activePlan(inb, req);
  if (isRes(p)) return p;
  const option = p.packingOptions.find((o) => o.status === 'ACCEPTED');
  if (!option) return badRequest('A packing option must be confirmed before packing information is set.');
  if (p.placementOptions.some((o) => o.status === 'ACCEPTED'))
    return badRequest('Packing information cannot change after a placement option is confirmed.');
  const groupings = (req.json as Partial<SetPackingInformationRequest> | null)?.packageGroupings;
  if (!Array.isArray(groupings) || groupings.length === 0)
    return badRequest('packageGroupings must list at least one grouping.');
  const problems: OperationProblem[] = [];
  const boxes: SimBox[] = [];
  const given = new Set<string>();
  for (const [gi, g] of groupings.entries()) {
    const group = option.groups.find((x) => x.packingGroupId === g?.packingGroupId);
    if (!group)
      return badRequest(
        `packageGroupings[${gi}].packingGroupId is not a packing group of the confirmed packing option.`,
      );
    if (given.has(group.packingGroupId)) return badRequest(`Packing group ${group.packingGroupId} is given twice.`);
    given.add(group.packingGroupId);
    if (!Array.isArray(g.boxes) || g.boxes.length < 1 || g.boxes.length > 5000)
      return badRequest(`packageGroupings[${gi}].boxes must list 1 to 5000 boxes.`);
    const counted = new Map<string, number>();
    let contents = true;
    for (const [bi, b] of g.boxes.entries()) {
      const where = `box ${bi + 1} of packing group ${group.packingGroupId}`;
      if (!b || typeof b !== 'object') return badRequest(`${where} must be an object.`);
      if (!Number.isInteger(b.quantity) || b.quantity < 1 || b.quantity > 10_000)
        return badRequest(`${where}: quantity must be 1 to 10000.`);
      if (!SOURCES.has(String(b.contentInformationSource)))
        return badRequest(`${where}: invalid contentInformationSource.`);
      if (b.items !== undefined && !Array.isArray(b.items)) return badRequest(`${where}: items must be a list.`);
      for (const i of b.items ?? []) {
        if (!i || typeof i.msku !== 'string' || !Number.isInteger(i.quantity) || i.quantity < 1)
          return badRequest(`${where}: every item needs an msku and a positive integer quantity.`);
      }
      problems.push(...boxProblems(b, where, group.mskus));
      if (b.contentInformationSource !== 'BOX_CONTENT_PROVIDED') contents = false;
      else if (!b.items?.length)
        problems.push(problem('BoxContentsMissing', `${where} declares BOX_CONTENT_PROVIDED without items.`, where));
      for (const i of b.items ?? []) counted.set(i.msku, (counted.get(i.msku) ?? 0) + i.quantity * b.quantity);
      for (let n = 0; n < b.quantity; n++) {
        boxes.push({
          packageId: simId('pk'),
          packingGroupId: group.packingGroupId,
          contentInformationSource: b.contentInformationSource,
          dimensions: b.dimensions,
          weight: b.weight,
          items: (b.items ?? []).map((i) => ({ msku: i.msku, quantity: i.quantity })),
        });
      }
    }
    if (contents) {
      for (const msku of group.mskus) {
        const want = p.items.find((i) => i.msku === msku)!.quantity;
        const got = counted.get(msku) ?? 0;
        if (got !== want)
          problems.push(
            problem(
              'QuantityMismatch',
              `The boxes hold ${got} units of ${msku}; the plan has ${want}.`,
              `msku: ${msku}`,
            ),
          );
      }
    }
  }
  for (const g of option.groups) {
    if (!given.has(g.packingGroupId))
      problems.push(
        problem('PackingGroupMissing', `No boxes were given for packing group ${g.packingGroupId}.`, g.packingGroupId),
      );
  }
  const op = inb.start(req.sellerId, 'setPackingInformation', problems, () => {
    p.boxes = boxes;
    p.updatedAt = Date.now();
  });
  return { status: 202, body: { operationId: op.operationId } };
}
