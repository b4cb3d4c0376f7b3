import type { Database } from '../db/database.js';
import { findDefinition, findSearch, saveDefinition, saveSearch } from './product-type-cache.repository.js';
import type { SpApiClient } from './sp-api.client.js';
import type { ListingsRequirements, ProductTypeDefinition, ProductTypeList } from './sp-api.types.js';

/** How long a `LATEST` definition or a search is trusted before it is fetched again. */
export const PRODUCT_TYPE_CACHE_HOURS = 24;

const fresh = (fetchedAt: Date, hours: number) => Date.now() - fetchedAt.getTime() < hours * 3_600_000;

/** A product type definition with its JSON Schema, from the cache or Amazon. */
export interface ProductTypeSchema {
  definition: ProductTypeDefinition;
  schema: Record<string, unknown>;
  /** Whether it came from the cache. */
  cached: boolean;
}

/**
 * Product type definitions cached in PostgreSQL by product type, marketplace, locale,
 * requirements and version: a pinned version is kept for good (Amazon never changes a
 * version), `LATEST` for `PRODUCT_TYPE_CACHE_HOURS`. Definitions are the same for every
 * seller, so one shop's fetch serves all tenants.
 */
export async function getProductTypeSchema(
  db: Database,
  client: SpApiClient,
  p: {
    productType: string;
    marketplaceId: string;
    locale?: string;
    requirements?: ListingsRequirements;
    version?: string;
  },
): Promise<ProductTypeSchema> {
  const key = {
    productType: p.productType.toUpperCase(),
    marketplaceId: p.marketplaceId,
    locale: p.locale ?? 'DEFAULT',
    requirements: p.requirements ?? 'LISTING',
    version: p.version ?? 'LATEST',
  };
  const hit = await findDefinition(db, key);
  if (hit && (key.version !== 'LATEST' || fresh(hit.fetchedAt, PRODUCT_TYPE_CACHE_HOURS))) {
    return { definition: hit.definition, schema: hit.schema, cached: true };
  }
  const definition = await client.productTypes.get(key.productType, {
    marketplaceIds: [key.marketplaceId],
    sellerId: client.shop.sellingPartnerId,
    requirements: key.requirements as ListingsRequirements,
    locale: key.locale,
    ...(key.version === 'LATEST' ? {} : { productTypeVersion: key.version }),
  });
  const schema = await client.productTypes.downloadSchema(definition.schema);
  await saveDefinition(db, key, definition, schema);
  if (key.version === 'LATEST') {
    await saveDefinition(db, { ...key, version: definition.productTypeVersion.version }, definition, schema);
  }
  return { definition, schema, cached: false };
}

/** Amazon's product types of a marketplace (optionally by keywords), cached like definitions. */
export async function searchProductTypes(
  db: Database,
  client: SpApiClient,
  p: { marketplaceId: string; keywords?: string[]; locale?: string },
): Promise<ProductTypeList> {
  const locale = p.locale ?? 'DEFAULT';
  const query = (p.keywords ?? [])
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean)
    .sort()
    .join(',');
  const hit = await findSearch(db, p.marketplaceId, locale, query);
  if (hit && fresh(hit.fetchedAt, PRODUCT_TYPE_CACHE_HOURS)) return hit.result;
  const result = await client.productTypes.search({
    marketplaceIds: [p.marketplaceId],
    keywords: query ? query.split(',') : undefined,
    locale: p.locale,
  });
  await saveSearch(db, p.marketplaceId, locale, query, result);
  return result;
}
