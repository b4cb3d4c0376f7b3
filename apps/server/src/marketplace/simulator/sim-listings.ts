import { createHash, randomBytes } from 'node:crypto';
import type {
  ListingAttributes,
  ListingIssue,
  ListingsItem,
  ListingsRequirements,
  PatchOperation,
} from '../sp-api.types.js';
import { amazonError, type SimReq, type SimRes, type SpApiSimulator } from './sim-server.js';
import { listingKey, type SimListing } from './sim-state.js';
import { SIM_ISSUE, validateListing } from './sim-validate.js';

const key = listingKey;

/** A stable ASIN for a listing of the simulator (`B0` + 8 characters). */
export function simAsin(seller: string, marketplaceId: string, sku: string): string {
  const h = createHash('sha256')
    .update(key(seller, marketplaceId, sku))
    .digest('hex')
    .toUpperCase();
  return `B0${h.slice(0, 8)}`;
}

function marketplaceIds(req: SimReq): string[] | SimRes {
  const ids = (req.query.get('marketplaceIds') ?? '').split(',').filter(Boolean);
  if (ids.length === 0) return amazonError(400, 'InvalidInput', "Missing required 'marketplaceIds' parameter.");
  return ids;
}

function ownSeller(req: SimReq): SimRes | undefined {
  if (req.params[0] !== req.sellerId) {
    return amazonError(
      403,
      'Unauthorized',
      'Access to requested resource is denied.',
      'The sellerId does not match the authorized selling partner.',
    );
  }
  return undefined;
}

/** The write's submission answer. */
function submissionRes(
  sku: string,
  status: 'ACCEPTED' | 'INVALID' | 'VALID',
  issues: ListingIssue[],
  identifiers?: { marketplaceId: string; asin: string }[],
): SimRes {
  return {
    status: 200,
    body: {
      sku,
      status,
      submissionId: randomBytes(16).toString('hex'),
      issues,
      ...(identifiers ? { identifiers } : {}),
    },
  };
}

/** The ASIN an offer-only listing names (`merchant_suggested_asin`), which it then joins. */
function suggestedAsin(attrs: ListingAttributes): string | undefined {
  const v = (attrs.merchant_suggested_asin?.[0] as { value?: unknown } | undefined)?.value;
  return typeof v === 'string' && v.length === 10 ? v : undefined;
}

/** Stores an accepted listing (keeping its creation date and ASIN). */
export function storeListing(
  sim: SpApiSimulator,
  p: {
    sellerId: string;
    marketplaceId: string;
    sku: string;
    productType: string;
    attributes: ListingAttributes;
    requirements?: ListingsRequirements;
  },
): SimListing {
  const k = key(p.sellerId, p.marketplaceId, p.sku);
  const now = new Date().toISOString();
  const old = sim.listings.get(k);
  const l: SimListing = {
    ...p,
    asin: old?.asin ?? suggestedAsin(p.attributes) ?? simAsin(p.sellerId, p.marketplaceId, p.sku),
    createdDate: old?.createdDate ?? now,
    lastUpdatedDate: now,
    issues: [],
  };
  sim.listings.set(k, l);
  return l;
}

/** Validation context of one seller and marketplace; `extra` are SKUs accepted earlier in the same feed. */
export function contextFor(sim: SpApiSimulator, sellerId: string, marketplaceId: string, extra?: Set<string>) {
  return {
    hasSku: (sku: string) => extra?.has(sku) === true || sim.listings.has(key(sellerId, marketplaceId, sku)),
    imageOk: (url: string) => sim.imageOk(url),
    extraIssues: (sku: string) => sim.extraIssues.get(sku) ?? [],
  };
}

/** Applies JSON-patch operations (`/attributes/<name>`) of Listings Items to attributes. */
export function applyPatches(attrs: ListingAttributes, patches: PatchOperation[]): ListingAttributes | string {
  const out: ListingAttributes = { ...attrs };
  for (const p of patches) {
    const m = /^\/attributes\/([a-z0-9_]+)$/.exec(p.path ?? '');
    if (!m) return `Unsupported patch path '${p.path}'.`;
    const name = m[1]!;
    if (p.op === 'delete') {
      if (!p.value) delete out[name];
      else {
        const drop = new Set(p.value.map((v) => JSON.stringify(v)));
        out[name] = (out[name] ?? []).filter((v) => !drop.has(JSON.stringify(v)));
        if (out[name]!.length === 0) delete out[name];
      }
    } else if (p.op === 'add' || p.op === 'replace' || p.op === 'merge') {
      if (!Array.isArray(p.value)) return `Patch '${p.op} ${p.path}' needs a value array.`;
      out[name] =
        p.op === 'merge' && out[name]
          ? out[name]!.map((v, i) =>
              v && typeof v === 'object' && p.value?.[i] && typeof p.value[i] === 'object'
                ? { ...(v as object), ...(p.value[i] as object) }
                : v,
            )
          : p.value;
    } else return `Unsupported patch op '${String(p.op)}'.`;
  }
  return out;
}

async function write(
  sim: SpApiSimulator,
  req: SimReq,
  build: (
    existing: SimListing | undefined,
    marketplaceId: string,
  ) => { productType: string; attributes: ListingAttributes; requirements?: ListingsRequirements } | ListingIssue,
): Promise<SimRes> {
  const denied = ownSeller(req);
  if (denied) return denied;
  const ids = marketplaceIds(req);
  if (!Array.isArray(ids)) return ids;
  const sku = req.params[1]!;
  const preview = req.query.get('mode') === 'VALIDATION_PREVIEW';
  const mode = req.query.get('mode');
  if (mode && !preview) return amazonError(400, 'InvalidInput', `Invalid 'mode' value '${mode}'.`);
  const issues: ListingIssue[] = [];
  const accepted: {
    marketplaceId: string;
    productType: string;
    attributes: ListingAttributes;
    requirements?: ListingsRequirements;
  }[] = [];
  for (const marketplaceId of ids) {
    if (!preview) sim.countSubmission(req.sellerId, marketplaceId, sku);
    const built = build(sim.listings.get(key(req.sellerId, marketplaceId, sku)), marketplaceId);
    if ('code' in built) {
      issues.push({ ...built, marketplaceIds: [marketplaceId] });
      continue;
    }
    const found = await validateListing({ sku, marketplaceId, ...built }, contextFor(sim, req.sellerId, marketplaceId));
    issues.push(...found.map((i) => ({ ...i, marketplaceIds: [marketplaceId] })));
    if (found.length === 0) accepted.push({ marketplaceId, ...built });
  }
  const ok = issues.every((i) => i.severity !== 'ERROR');
  if (preview) return submissionRes(sku, ok ? 'VALID' : 'INVALID', issues);
  if (!ok) return submissionRes(sku, 'INVALID', issues);
  const identifiers = accepted.map((a) => ({
    marketplaceId: a.marketplaceId,
    asin: storeListing(sim, { sellerId: req.sellerId, sku, ...a }).asin,
  }));
  const wantIds = (req.query.get('includedData') ?? '').split(',').includes('identifiers');
  return submissionRes(sku, 'ACCEPTED', issues, wantIds ? identifiers : undefined);
}

function badBody(req: SimReq, fields: string[]): SimRes | undefined {
  const b = req.json as Record<string, unknown> | null;
  for (const f of fields) {
    if (!b || b[f] === undefined || b[f] === null)
      return amazonError(400, 'InvalidInput', `Missing required '${f}' in the request body.`);
  }
  return undefined;
}

/** putListingsItem. */
export function handlePut(sim: SpApiSimulator, req: SimReq): Promise<SimRes> | SimRes {
  const bad = badBody(req, ['productType', 'attributes']);
  if (bad) return bad;
  const b = req.json as { productType: string; attributes: ListingAttributes; requirements?: ListingsRequirements };
  if (typeof b.attributes !== 'object' || Array.isArray(b.attributes)) {
    return amazonError(400, 'InvalidInput', "'attributes' must be an object.");
  }
  return write(sim, req, () => ({
    productType: b.productType,
    attributes: b.attributes,
    requirements: b.requirements,
  }));
}

/** patchListingsItem. */
export function handlePatch(sim: SpApiSimulator, req: SimReq): Promise<SimRes> | SimRes {
  const bad = badBody(req, ['productType', 'patches']);
  if (bad) return bad;
  const b = req.json as { productType: string; patches: PatchOperation[] };
  if (!Array.isArray(b.patches) || b.patches.length === 0)
    return amazonError(400, 'InvalidInput', "'patches' must be a non-empty array.");
  return write(sim, req, (existing) => {
    if (!existing) {
      return {
        code: SIM_ISSUE.notFound,
        message: 'The listing does not exist; create it with a full submission first.',
        severity: 'ERROR',
        categories: ['INVALID_ATTRIBUTE'],
      };
    }
    const attributes = applyPatches(existing.attributes, b.patches);
    if (typeof attributes === 'string')
      return {
        code: SIM_ISSUE.invalidValue,
        message: attributes,
        severity: 'ERROR',
        categories: ['INVALID_ATTRIBUTE'],
      };
    // An offer-only listing stays offer-only: its patches are checked as such.
    return { productType: b.productType, attributes, requirements: existing.requirements };
  });
}

function firstValue(attrs: ListingAttributes, name: string, field = 'value'): unknown {
  const v = attrs[name]?.[0];
  return v && typeof v === 'object' ? (v as Record<string, unknown>)[field] : undefined;
}

/** A stored listing in the shape of the Listings Items `Item`, with the data sets asked for. */
export function itemOf(sim: SpApiSimulator, ls: SimListing[], included: string[]): ListingsItem {
  const has = (d: string) => included.includes(d);
  const item: ListingsItem = { sku: ls[0]!.sku };
  if (has('summaries')) {
    item.summaries = ls.map((l) => {
      const offer = l.attributes.purchasable_offer;
      const parent = firstValue(l.attributes, 'parentage_level') === 'parent';
      const image = firstValue(l.attributes, 'main_product_image_locator', 'media_location');
      return {
        marketplaceId: l.marketplaceId,
        asin: l.asin,
        productType: l.productType,
        conditionType: String(firstValue(l.attributes, 'condition_type') ?? 'new_new'),
        status: offer && !parent ? ['BUYABLE', 'DISCOVERABLE'] : ['DISCOVERABLE'],
        itemName: String(firstValue(l.attributes, 'item_name') ?? ''),
        createdDate: l.createdDate,
        lastUpdatedDate: l.lastUpdatedDate,
        ...(typeof image === 'string' ? { mainImage: { link: image, height: 1000, width: 1000 } } : {}),
      };
    });
  }
  if (has('attributes')) item.attributes = ls[0]!.attributes;
  if (has('issues')) item.issues = ls.flatMap((l) => l.issues);
  if (has('productTypes'))
    item.productTypes = ls.map((l) => ({ marketplaceId: l.marketplaceId, productType: l.productType }));
  if (has('fulfillmentAvailability')) {
    const fa = ls[0]!.attributes.fulfillment_availability?.[0] as
      | { fulfillment_channel_code?: string; quantity?: number }
      | undefined;
    item.fulfillmentAvailability = fa
      ? [{ fulfillmentChannelCode: fa.fulfillment_channel_code ?? 'DEFAULT', quantity: fa.quantity }]
      : [];
  }
  if (has('offers')) {
    item.offers = ls.flatMap((l) => {
      const o = l.attributes.purchasable_offer?.[0] as
        | { currency?: string; our_price?: { schedule?: { value_with_tax?: number }[] }[] }
        | undefined;
      const amount = o?.our_price?.[0]?.schedule?.[0]?.value_with_tax;
      return amount === undefined
        ? []
        : [
            {
              marketplaceId: l.marketplaceId,
              offerType: 'B2C' as const,
              price: { currencyCode: o?.currency ?? '', amount: String(amount) },
            },
          ];
    });
  }
  if (has('relationships')) {
    item.relationships = ls.map((l) => {
      const parentSku = firstValue(l.attributes, 'child_parent_sku_relationship', 'parent_sku');
      const theme = firstValue(l.attributes, 'variation_theme', 'name');
      const children = [...sim.listings.values()]
        .filter(
          (c) =>
            c.sellerId === l.sellerId &&
            c.marketplaceId === l.marketplaceId &&
            firstValue(c.attributes, 'child_parent_sku_relationship', 'parent_sku') === l.sku,
        )
        .map((c) => c.sku);
      const variationTheme =
        typeof theme === 'string' ? { theme, attributes: theme.split('/').map((t) => t.toLowerCase()) } : undefined;
      return {
        marketplaceId: l.marketplaceId,
        relationships:
          typeof parentSku === 'string'
            ? [{ type: 'VARIATION' as const, parentSkus: [parentSku], ...(variationTheme ? { variationTheme } : {}) }]
            : children.length
              ? [{ type: 'VARIATION' as const, childSkus: children, ...(variationTheme ? { variationTheme } : {}) }]
              : [],
      };
    });
  }
  return item;
}

function includedData(req: SimReq): string[] {
  return (req.query.get('includedData') ?? 'summaries').split(',').filter(Boolean);
}

/** getListingsItem. */
export function handleGet(sim: SpApiSimulator, req: SimReq): SimRes {
  const denied = ownSeller(req);
  if (denied) return denied;
  const ids = marketplaceIds(req);
  if (!Array.isArray(ids)) return ids;
  const sku = req.params[1]!;
  const ls = ids.map((id) => sim.listings.get(key(req.sellerId, id, sku))).filter((l): l is SimListing => !!l);
  if (ls.length === 0) return amazonError(404, 'NOT_FOUND', `SKU '${sku}' not found in marketplace ${ids.join(',')}`);
  return { status: 200, body: itemOf(sim, ls, includedData(req)) };
}

/** deleteListingsItem. */
export function handleDelete(sim: SpApiSimulator, req: SimReq): SimRes {
  const denied = ownSeller(req);
  if (denied) return denied;
  const ids = marketplaceIds(req);
  if (!Array.isArray(ids)) return ids;
  const sku = req.params[1]!;
  for (const id of ids) {
    sim.countSubmission(req.sellerId, id, sku);
    sim.listings.delete(key(req.sellerId, id, sku));
  }
  return submissionRes(sku, 'ACCEPTED', []);
}

/** searchListingsItems: by identifiers (SKU or ASIN) or variation parent, paged by an opaque token. */
export function handleSearch(sim: SpApiSimulator, req: SimReq): SimRes {
  const denied = ownSeller(req);
  if (denied) return denied;
  const ids = marketplaceIds(req);
  if (!Array.isArray(ids)) return ids;
  const identifiers = (req.query.get('identifiers') ?? '').split(',').filter(Boolean);
  const idType = req.query.get('identifiersType');
  if (identifiers.length && !idType)
    return amazonError(400, 'InvalidInput', "'identifiersType' is required with 'identifiers'.");
  const parent = req.query.get('variationParentSku');
  const pageSize = Number(req.query.get('pageSize') ?? 10);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 20)
    return amazonError(400, 'InvalidInput', "'pageSize' must be 1 to 20.");
  const offset = Number(Buffer.from(req.query.get('pageToken') ?? 'MA', 'base64url').toString() || 0);
  // SKU identifiers are looked up by key (a read-back of 20 SKUs must not scan every listing).
  const candidates =
    identifiers.length && idType === 'SKU'
      ? identifiers.map((sku) => sim.listings.get(key(req.sellerId!, ids[0]!, sku))).filter((l) => l !== undefined)
      : [...sim.listings.values()];
  const all = candidates
    .filter((l) => l.sellerId === req.sellerId && l.marketplaceId === ids[0])
    .filter((l) => !identifiers.length || identifiers.includes(idType === 'ASIN' ? l.asin : l.sku))
    .filter((l) => !parent || firstValue(l.attributes, 'child_parent_sku_relationship', 'parent_sku') === parent)
    .sort((a, b) => a.sku.localeCompare(b.sku));
  const page = all.slice(offset, offset + pageSize);
  const next =
    offset + pageSize < all.length ? Buffer.from(String(offset + pageSize)).toString('base64url') : undefined;
  return {
    status: 200,
    body: {
      numberOfResults: all.length,
      ...(next ? { pagination: { nextToken: next } } : {}),
      items: page.map((l) => itemOf(sim, [l], includedData(req))),
    },
  };
}
