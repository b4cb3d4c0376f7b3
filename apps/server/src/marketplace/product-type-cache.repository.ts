import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import './marketplace.tables.js';
import type { ProductTypeDefinition, ProductTypeList } from './sp-api.types.js';

/** The key of a cached definition. */
export interface DefinitionKey {
  productType: string;
  marketplaceId: string;
  locale: string;
  requirements: string;
  version: string;
}

/** A cached definition and its schema, with when it was fetched. */
export interface CachedDefinition {
  definition: ProductTypeDefinition;
  schema: Record<string, unknown>;
  fetchedAt: Date;
}

/** Reads a cached definition. */
export async function findDefinition(db: Database, k: DefinitionKey): Promise<CachedDefinition | undefined> {
  const row = await db
    .selectFrom('spapi_product_types')
    .select(['definition', 'schema', 'fetched_at'])
    .where('product_type', '=', k.productType)
    .where('marketplace_id', '=', k.marketplaceId)
    .where('locale', '=', k.locale)
    .where('requirements', '=', k.requirements)
    .where('version', '=', k.version)
    .executeTakeFirst();
  return row ? { definition: row.definition, schema: row.schema, fetchedAt: row.fetched_at } : undefined;
}

/** Stores (or replaces) a definition. */
export async function saveDefinition(
  db: Database,
  k: DefinitionKey,
  definition: ProductTypeDefinition,
  schema: Record<string, unknown>,
): Promise<void> {
  await db
    .insertInto('spapi_product_types')
    .values({
      product_type: k.productType,
      marketplace_id: k.marketplaceId,
      locale: k.locale,
      requirements: k.requirements,
      version: k.version,
      definition: JSON.stringify(definition),
      schema: JSON.stringify(schema),
      fetched_at: sql<Date>`now()`,
    })
    .onConflict((oc) =>
      oc.columns(['product_type', 'marketplace_id', 'locale', 'requirements', 'version']).doUpdateSet({
        definition: (eb) => eb.ref('excluded.definition'),
        schema: (eb) => eb.ref('excluded.schema'),
        fetched_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

/** Reads a cached product type search. */
export async function findSearch(
  db: Database,
  marketplaceId: string,
  locale: string,
  query: string,
): Promise<{ result: ProductTypeList; fetchedAt: Date } | undefined> {
  const row = await db
    .selectFrom('spapi_product_type_searches')
    .select(['result', 'fetched_at'])
    .where('marketplace_id', '=', marketplaceId)
    .where('locale', '=', locale)
    .where('query', '=', query)
    .executeTakeFirst();
  return row ? { result: row.result, fetchedAt: row.fetched_at } : undefined;
}

/** Stores a product type search. */
export async function saveSearch(
  db: Database,
  marketplaceId: string,
  locale: string,
  query: string,
  result: ProductTypeList,
): Promise<void> {
  await db
    .insertInto('spapi_product_type_searches')
    .values({
      marketplace_id: marketplaceId,
      locale,
      query,
      result: JSON.stringify(result),
      fetched_at: sql<Date>`now()`,
    })
    .onConflict((oc) =>
      oc.columns(['marketplace_id', 'locale', 'query']).doUpdateSet({
        result: (eb) => eb.ref('excluded.result'),
        fetched_at: sql<Date>`now()`,
      }),
    )
    .execute();
}
