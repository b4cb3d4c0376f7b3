import type { ErrorObject, ValidateFunction } from 'ajv';
import type Ajv2019 from 'ajv/dist/2019.js';
import { compilableSchema, createAmazonAjv } from '../../marketplace/amazon-schema.js';
import type { SchemaNode } from '../../marketplace/product-type.catalog.js';
import { extraAttrMessage } from '../goods-library/extra-attrs.messages.js';
import { CHECK_CODES, checkIssue, type MappedItem } from './listing-mapper.js';
import type { StoredIssue } from './upload.tables.js';

/** Amazon's SKU limit (Listings Items API: "sku ... up to 40 characters"). */
export const MAX_SELLER_SKU = 40;

let ajv: Ajv2019 | undefined;
const validators = new Map<string, ValidateFunction>();

/** A compiled validator per schema key (product type, marketplace, version) and attribute subset. */
function validatorFor(key: string, build: () => Record<string, unknown>): ValidateFunction {
  let fn = validators.get(key);
  if (!fn) {
    ajv ??= createAmazonAjv();
    fn = ajv.compile(compilableSchema(build()));
    validators.set(key, fn);
  }
  return fn;
}

/** A schema checking only the given attributes (a PATCH does not resend the others). */
function subsetSchema(schema: SchemaNode, names: string[]): Record<string, unknown> {
  const props = (schema.properties ?? {}) as Record<string, unknown>;
  return {
    $schema: schema.$schema,
    $defs: schema.$defs,
    type: 'object',
    properties: Object.fromEntries(names.filter((n) => props[n]).map((n) => [n, props[n]])),
  };
}

/** ajv errors as Amazon-style issues: a missing required attribute is 90220, anything else 90244. */
function issuesOf(errors: ErrorObject[], schema: SchemaNode): StoredIssue[] {
  const props = (schema.properties ?? {}) as Record<string, SchemaNode>;
  const labelOf = (name: string) => (typeof props[name]?.title === 'string' ? (props[name].title as string) : name);
  const seen = new Set<string>();
  const out: StoredIssue[] = [];
  const paths = errors.map((e) => e.instancePath);
  for (const e of errors) {
    const combinator = ['if', 'anyOf', 'oneOf', 'allOf', 'then', 'else'].includes(e.keyword);
    if (combinator && paths.some((p) => p.startsWith(e.instancePath) && p !== e.instancePath)) continue;
    if (e.instancePath === '' && e.keyword === 'required') {
      const name = String(e.params.missingProperty);
      if (seen.has(`req:${name}`)) continue;
      seen.add(`req:${name}`);
      out.push(checkIssue(CHECK_CODES.required, `'${name}' is required but not supplied.`, [name]));
      continue;
    }
    const attr = e.instancePath.split('/').filter(Boolean)[0] ?? String(e.params.additionalProperty ?? '');
    const zh = extraAttrMessage(e, attr ? labelOf(attr) : '');
    if (seen.has(`${attr}|${zh}`)) continue;
    seen.add(`${attr}|${zh}`);
    out.push({
      ...checkIssue(CHECK_CODES.invalid, `The value of '${attr}' is invalid (${e.keyword}).`, attr ? [attr] : []),
      messageZh: zh,
    });
  }
  return out;
}

/**
 * Checks a mapped item before anything is sent, as Amazon would: the whole listing against
 * the product type's schema of the marketplace (a PATCH: the attributes it replaces), and the
 * SKU's length. `schemaKey` names the schema (product type, marketplace, version) for the
 * validator cache. Returns the issues; an item with any is not sent.
 */
export function checkItem(item: MappedItem, schema: SchemaNode | undefined, schemaKey: string): StoredIssue[] {
  const issues = [...item.issues];
  if (item.sellerSku.length > MAX_SELLER_SKU)
    issues.push(checkIssue('8016', `The SKU is longer than ${MAX_SELLER_SKU} characters.`, ['sku']));
  if (!schema || !('operation' in item.payload)) return issues;
  const payload = item.payload;
  if (payload.operation === 'UPDATE') {
    const validate = validatorFor(schemaKey, () => schema);
    validate(payload.attributes);
    issues.push(...issuesOf(validate.errors ?? [], schema));
  } else {
    const names = payload.patches.map((p) => p.path.replace(/^\/attributes\//, '')).sort();
    const validate = validatorFor(`${schemaKey}|${names.join(',')}`, () => subsetSchema(schema, names));
    validate(Object.fromEntries(payload.patches.map((p) => [p.path.replace(/^\/attributes\//, ''), p.value])));
    issues.push(...issuesOf(validate.errors ?? [], schema));
  }
  // A listing's own mapping issue and the schema's "required" for the same attribute say one thing.
  const mapped = new Set(item.issues.flatMap((i) => i.attributeNames ?? []));
  return issues.filter(
    (i) => i.source !== 'check' || i.code !== CHECK_CODES.required || !mapped.has(i.attributeNames?.[0] ?? ''),
  );
}
