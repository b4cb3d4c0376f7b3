import type { Generated } from 'kysely';
import type { Json, Timestamp } from '../db/types.js';
import type { SimSnapshot } from './simulator/sim-server.js';
import type { ProductTypeDefinition, ProductTypeList } from './sp-api.types.js';

/** A token bucket of one (selling partner, operation) (migration 20261125_142452_spapi). */
export interface SpapiRateBucketsTable {
  seller_id: string;
  operation: string;
  tokens: number;
  rate: number;
  burst: number;
  updated_at: Timestamp;
}

/** A cached Product Type Definition with its downloaded JSON Schema. */
export interface SpapiProductTypesTable {
  product_type: string;
  marketplace_id: string;
  locale: string;
  requirements: string;
  /** `LATEST` or the requested `productTypeVersion`. */
  version: string;
  definition: Json<ProductTypeDefinition>;
  schema: Json<Record<string, unknown>>;
  fetched_at: Timestamp;
}

/** A cached searchDefinitionsProductTypes answer. */
export interface SpapiProductTypeSearchesTable {
  marketplace_id: string;
  locale: string;
  query: string;
  result: Json<ProductTypeList>;
  fetched_at: Timestamp;
}

/** The sandbox Amazon's saved state (migration 20261127_125000_sandbox_state). */
export interface SandboxStateTable {
  id: Generated<number>;
  state: Json<SimSnapshot>;
  saved_at: Generated<Date>;
}

declare module '../db/types.js' {
  /** The SP-API client's tables (no tenant data). */
  interface DB {
    spapi_rate_buckets: SpapiRateBucketsTable;
    spapi_product_types: SpapiProductTypesTable;
    spapi_product_type_searches: SpapiProductTypeSearchesTable;
    sandbox_state: SandboxStateTable;
  }
}
