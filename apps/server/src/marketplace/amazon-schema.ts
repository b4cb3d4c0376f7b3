import { utf8Bytes } from '@console/shared/constants/goods';
import type { AnySchemaObject } from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';

/**
 * JSON Schema validation of Amazon product type definitions (draft 2019-09 with Amazon's
 * vocabulary, described in the Product Type Definitions use-case guide and used by
 * `vendor/amazon-ptd/HAIRBAND.zh_CN.json`). One factory for the library's attribute check,
 * the upload pipeline and the simulator, so all three judge a listing the same way.
 */

/** Values of a selector combination, e.g. one marketplace and language. */
function selectorKey(item: unknown, selectors: string[]): string {
  if (!item || typeof item !== 'object') return '';
  const obj = item as Record<string, unknown>;
  return JSON.stringify(selectors.map((s) => obj[s] ?? null));
}

/**
 * Amazon's minUniqueItems/maxUniqueItems: within each combination of selector values (for
 * example one marketplace and language) count the distinct items.
 */
export function uniqueCounts(data: unknown[], parent: AnySchemaObject | undefined): number[] {
  const selectors = Array.isArray(parent?.selectors) ? (parent.selectors as string[]) : [];
  const groups = new Map<string, Set<string>>();
  for (const item of data) {
    const key = selectorKey(item, selectors);
    const set = groups.get(key) ?? new Set<string>();
    set.add(JSON.stringify(item));
    groups.set(key, set);
  }
  return [...groups.values()].map((s) => s.size);
}

/**
 * A validator for Amazon's product type schemas: ajv's 2019-09 dialect with formats, the
 * informational keywords (`selectors`, `enumNames`, `editable`, `hidden`, `$lifecycle`,
 * `enumDeprecated`) accepted, and the validating ones (`maxUtf8ByteLength`,
 * `minUtf8ByteLength`, `maxUniqueItems`, `minUniqueItems`) enforced.
 */
export function createAmazonAjv(): Ajv2019 {
  // strict off: Amazon's schemas put string keywords on numbers (`maxLength` on a price) and the like.
  // multipleOfPrecision: prices are `multipleOf: 0.01`, and 19.99 / 0.01 is not an exact integer in floating point.
  const ajv = new Ajv2019({
    allErrors: true,
    verbose: true,
    strict: false,
    validateSchema: false,
    logger: false,
    multipleOfPrecision: 9,
  });
  addFormats(ajv);
  ajv.addVocabulary(['selectors', 'enumNames', 'editable', 'hidden', '$lifecycle', 'enumDeprecated']);
  ajv.addKeyword({
    keyword: 'maxUtf8ByteLength',
    type: 'string',
    schemaType: 'number',
    validate: (max: number, data: string) => utf8Bytes(data) <= max,
  });
  ajv.addKeyword({
    keyword: 'minUtf8ByteLength',
    type: 'string',
    schemaType: 'number',
    validate: (min: number, data: string) => utf8Bytes(data) >= min,
  });
  ajv.addKeyword({
    keyword: 'maxUniqueItems',
    type: 'array',
    schemaType: 'number',
    validate: (max: number, data: unknown[], parent?: AnySchemaObject) =>
      uniqueCounts(data, parent).every((n) => n <= max),
  });
  ajv.addKeyword({
    keyword: 'minUniqueItems',
    type: 'array',
    schemaType: 'number',
    validate: (min: number, data: unknown[], parent?: AnySchemaObject) =>
      uniqueCounts(data, parent).every((n) => n >= min),
  });
  return ajv;
}

/** A schema ready for `ajv.compile`: the meta-schema URI is not resolvable and the `$id` is shared by every marketplace's copy. */
export function compilableSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _meta, $id: _id, ...rest } = schema;
  return rest;
}
