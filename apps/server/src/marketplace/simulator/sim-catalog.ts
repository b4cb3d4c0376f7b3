import { createHash } from 'node:crypto';
import { MARKETPLACES, marketplaceDomain, marketplaceTitle } from '@console/shared/constants/marketplaces';
import { findMarketplace, PRODUCT_TYPES } from '../product-type.catalog.js';
import type { CatalogItem, ProductTypeDefinition } from '../sp-api.types.js';
import { amazonError, type SimReq, type SimRes, type SpApiSimulator } from './sim-server.js';
import { SIM_AMAZON_ONLY_TYPES, simSchema } from './sim-validate.js';

/** The version the simulator gives every shipped definition. */
export const SIM_PTD_VERSION = 'U0000000000000000000000000000000000000000-SIM';

function ids(req: SimReq): string[] | SimRes {
  const list = (req.query.get('marketplaceIds') ?? '').split(',').filter(Boolean);
  if (list.length === 0) return amazonError(400, 'InvalidInput', "Missing required 'marketplaceIds' parameter.");
  return list;
}

/**
 * searchDefinitionsProductTypes over the product types the simulated Amazon has: the library's
 * shipped ones and the Amazon-only ones (`SIM_AMAZON_ONLY_TYPES`); keywords match the name
 * (also with spaces for underscores) or the display name.
 */
export function handlePtdSearch(_sim: SpApiSimulator, req: SimReq): SimRes {
  const list = ids(req);
  if (!Array.isArray(list)) return list;
  const words = (req.query.get('keywords') ?? '').toLowerCase().split(',').filter(Boolean);
  const codes = list.map((id) => findMarketplace(id)).filter((m) => m !== undefined && list.includes(m.id));
  const productTypes = [...PRODUCT_TYPES, ...SIM_AMAZON_ONLY_TYPES]
    .filter((p) => codes.some((m) => p.marketplaces.includes(m!.code)))
    .filter(
      (p) =>
        !words.length ||
        words.some((w) => {
          const name = p.name.toLowerCase();
          return name.includes(w) || name.replace(/_/g, ' ').includes(w) || p.displayName.includes(w);
        }),
    )
    .map((p) => ({
      name: p.name,
      displayName: p.displayName,
      marketplaceIds: codes.filter((m) => p.marketplaces.includes(m!.code)).map((m) => m!.id),
    }));
  return { status: 200, body: { productTypes, productTypeVersion: SIM_PTD_VERSION } };
}

/** getDefinitionsProductType: the definition with a pre-signed link to the schema. */
export function handlePtdGet(sim: SpApiSimulator, req: SimReq): SimRes {
  const list = ids(req);
  if (!Array.isArray(list)) return list;
  const productType = req.params[0]!.toUpperCase();
  const marketplaceId = list[0]!;
  const schema = simSchema(productType, marketplaceId);
  if (!schema) {
    return amazonError(
      404,
      'NOT_FOUND',
      `Product type '${productType}' is not available in marketplace '${marketplaceId}'.`,
    );
  }
  const version = req.query.get('productTypeVersion');
  if (version && version !== 'LATEST' && version !== SIM_PTD_VERSION) {
    return amazonError(404, 'NOT_FOUND', `Version '${version}' of product type '${productType}' was not found.`);
  }
  const entry = [...PRODUCT_TYPES, ...SIM_AMAZON_ONLY_TYPES].find((p) => p.name === productType)!;
  const props = Object.keys((schema.properties ?? {}) as object);
  const requirements = (req.query.get('requirements') ?? 'LISTING') as ProductTypeDefinition['requirements'];
  const body: ProductTypeDefinition = {
    schema: {
      link: { resource: `${sim.url}/_sim/schemas/${productType}/${marketplaceId}?X-Amz-Signature=sim`, verb: 'GET' },
      checksum: createHash('md5').update(JSON.stringify(schema)).digest('base64'),
    },
    requirements,
    requirementsEnforced: (req.query.get('requirementsEnforced') ??
      'ENFORCED') as ProductTypeDefinition['requirementsEnforced'],
    propertyGroups: { all: { title: '全部属性', description: '', propertyNames: props } },
    locale: req.query.get('locale') ?? 'DEFAULT',
    marketplaceIds: [marketplaceId],
    productType,
    displayName: entry.displayName,
    productTypeVersion: { version: SIM_PTD_VERSION, latest: true, releaseCandidate: false },
  };
  return { status: 200, body };
}

/** The schema document behind a definition's link (no token: a pre-signed URL). */
export function handleSchema(_sim: SpApiSimulator, req: SimReq): SimRes {
  const schema = simSchema(req.params[0]!.toUpperCase(), req.params[1]!);
  if (!schema) return { status: 404, text: '<Error><Code>NoSuchKey</Code></Error>' };
  return { status: 200, body: schema };
}

function catalogItem(
  sim: SpApiSimulator,
  asin: string,
  marketplaceIds: string[],
  included: string[],
): CatalogItem | undefined {
  const ls = [...sim.listings.values()].filter((l) => l.asin === asin && marketplaceIds.includes(l.marketplaceId));
  if (ls.length === 0) return sim.market.catalogItem(asin, marketplaceIds, included);
  const val = (attrs: Record<string, unknown[]>, name: string) => {
    const v = attrs[name]?.[0] as { value?: unknown } | undefined;
    return typeof v?.value === 'string' ? v.value : undefined;
  };
  const item: CatalogItem = { asin };
  if (included.includes('summaries')) {
    item.summaries = ls.map((l) => ({
      marketplaceId: l.marketplaceId,
      itemName: val(l.attributes, 'item_name'),
      brand: val(l.attributes, 'brand'),
      manufacturer: val(l.attributes, 'manufacturer'),
      color: val(l.attributes, 'color'),
      size: val(l.attributes, 'size'),
    }));
  }
  if (included.includes('productTypes'))
    item.productTypes = ls.map((l) => ({ marketplaceId: l.marketplaceId, productType: l.productType }));
  if (included.includes('identifiers')) {
    item.identifiers = ls.map((l) => {
      const ean = (l.attributes.externally_assigned_product_identifier?.[0] ?? {}) as { type?: string; value?: string };
      return {
        marketplaceId: l.marketplaceId,
        identifiers: ean.value
          ? [{ identifierType: String(ean.type ?? 'ean').toUpperCase(), identifier: ean.value }]
          : [],
      };
    });
  }
  if (included.includes('attributes')) item.attributes = ls[0]!.attributes;
  return item;
}

/** searchCatalogItems: by ASIN, EAN or the seller's SKU, over the simulator's listings. */
export function handleCatalogSearch(sim: SpApiSimulator, req: SimReq): SimRes {
  const list = ids(req);
  if (!Array.isArray(list)) return list;
  const identifiers = (req.query.get('identifiers') ?? '').split(',').filter(Boolean);
  const type = req.query.get('identifiersType');
  const keywords = (req.query.get('keywords') ?? '').toLowerCase().split(',').filter(Boolean);
  if (!identifiers.length && !keywords.length && !req.query.get('classificationIds'))
    return amazonError(400, 'InvalidInput', "Either 'identifiers' or 'keywords' is required.");
  if (identifiers.length && !type)
    return amazonError(400, 'InvalidInput', "'identifiersType' is required with 'identifiers'.");
  if (identifiers.length > 20) return amazonError(400, 'InvalidInput', "At most 20 'identifiers'.");
  const included = (req.query.get('includedData') ?? 'summaries').split(',');
  const asins = new Set<string>();
  for (const l of sim.listings.values()) {
    if (!list.includes(l.marketplaceId)) continue;
    const ean = (l.attributes.externally_assigned_product_identifier?.[0] ?? {}) as { value?: string };
    const name = String((l.attributes.item_name?.[0] as { value?: unknown } | undefined)?.value ?? '').toLowerCase();
    const hit =
      (type === 'ASIN' && identifiers.includes(l.asin)) ||
      ((type === 'EAN' || type === 'GTIN') && !!ean.value && identifiers.includes(ean.value)) ||
      (type === 'SKU' && l.sellerId === req.query.get('sellerId') && identifiers.includes(l.sku)) ||
      (keywords.length > 0 && keywords.every((w) => name.includes(w)));
    if (hit) asins.add(l.asin);
  }
  const classes = (req.query.get('classificationIds') ?? '').split(',').filter(Boolean);
  for (const p of sim.market.explicitProducts()) {
    if (!list.includes(p.marketplaceId)) continue;
    const name = p.title.toLowerCase();
    if (
      (type === 'ASIN' && identifiers.includes(p.asin)) ||
      (keywords.length > 0 && keywords.every((w) => name.includes(w) || p.brand.toLowerCase() === w)) ||
      (!keywords.length && !identifiers.length && classes.includes(p.classificationId ?? ''))
    )
      asins.add(p.asin);
  }
  const items = [...asins].map((a) => catalogItem(sim, a, list, included)!);
  return { status: 200, body: { numberOfResults: items.length, items } };
}

/** getCatalogItem. */
export function handleCatalogGet(sim: SpApiSimulator, req: SimReq): SimRes {
  const list = ids(req);
  if (!Array.isArray(list)) return list;
  const item = catalogItem(sim, req.params[0]!, list, (req.query.get('includedData') ?? 'summaries').split(','));
  if (!item)
    return amazonError(
      404,
      'NOT_FOUND',
      `Requested item '${req.params[0]}' not found in marketplace(s) ${list.join(',')}.`,
    );
  return { status: 200, body: item };
}

/** getMarketplaceParticipations: a sandbox seller participates in every marketplace of the region asked. */
export function handleParticipations(sim: SpApiSimulator, req: SimReq): SimRes {
  const seller = sim.sellers.get(req.sellerId);
  const storeName = seller?.storeName ?? `Sandbox ${req.sellerId.slice(-4)}`;
  const payload = MARKETPLACES.filter((m) => !req.region || m.region === req.region).map((m) => ({
    marketplace: {
      id: m.marketplaceId,
      name: marketplaceTitle(m),
      countryCode: m.iso,
      defaultCurrencyCode: m.currency,
      defaultLanguageCode: m.languageTag,
      domainName: marketplaceDomain(m).replace(/^www\./, ''),
    },
    participation: { isParticipating: true, hasSuspendedListings: false },
    storeName,
  }));
  return { status: 200, body: { payload } };
}
