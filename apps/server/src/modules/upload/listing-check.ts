import type { ErrorObject, ValidateFunction } from 'ajv';
import type Ajv2019 from 'ajv/dist/2019.js';
import { compilableSchema, createAmazonAjv } from '../../marketplace/amazon-schema.js';
import type { SchemaNode } from '../../marketplace/product-type.catalog.js';
import { extraAttrMessage } from '../goods-library/extra-attrs.messages.js';
import { CHECK_CODES, checkIssue, type MappedItem } from './listing-mapper.js';
import type { StoredIssue } from './upload.tables.js';

/** Amazon's SKU limit (Listings Items API: "sku ... up to 40 characters"). */
export const MAX_SELLER_SKU = 40;

/** Amazon's code for a SKU over the limit (the simulator's `SIM_ISSUE.skuTooLong`). */
export const SKU_TOO_LONG = '8016';

/** Every code the pre-send check produces (the mapper's and the schema check's); docs/upload.md "Issue codes". */
export const LISTING_CHECK_CODES: readonly string[] = [...new Set([...Object.values(CHECK_CODES), SKU_TOO_LONG])];

/** The attributes that identify a product (EAN/UPC, an ASIN, or the exemption): one field, 产品ID / EAN. */
const IDENTIFIER_ATTRS = [
  'externally_assigned_product_identifier',
  'merchant_suggested_asin',
  'supplier_declared_has_product_identifier_exemption',
];

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

/** Keywords that only summarise the errors of their branches. */
const COMBINATORS = ['if', 'anyOf', 'oneOf', 'allOf', 'then', 'else'];

/**
 * The attributes a schema rule names: those it requires or constrains, also inside its
 * branches (`allOf`, `anyOf`, `not`, `if`/`then`/`else`), and only real attributes.
 */
function namesInRule(node: unknown, props: Record<string, unknown>, out = new Set<string>(), depth = 0): Set<string> {
  if (!node || typeof node !== 'object' || depth > 6) return out;
  if (Array.isArray(node)) {
    for (const n of node) namesInRule(n, props, out, depth + 1);
    return out;
  }
  const n = node as SchemaNode;
  for (const name of Array.isArray(n.required) ? n.required : []) if (props[String(name)]) out.add(String(name));
  for (const name of Object.keys((n.properties ?? {}) as object)) if (props[name]) out.add(name);
  for (const k of ['allOf', 'anyOf', 'oneOf', 'not', 'then', 'else']) namesInRule(n[k], props, out, depth + 1);
  return out;
}

/**
 * The attributes a root-level rule error is about (it has no instance path to name one): the
 * branch of an `if` that failed (`then`/`else`), or the rule itself (`not`, `anyOf`, ...).
 */
function ruleAttributes(e: ErrorObject, props: Record<string, unknown>): string[] {
  const parent = (e.parentSchema ?? {}) as SchemaNode;
  const rule = e.keyword === 'if' ? parent[String(e.params.failingKeyword ?? 'then')] : e.schema;
  return [...namesInRule(rule, props)];
}

/**
 * ajv errors as Amazon-style issues: a missing required attribute is 90220, anything else 90244.
 * A combinator (`if`, `anyOf` ...) only summarises the errors of its branches: it is reported
 * only when no other error says what failed. An error at the listing's root (a conditional
 * rule such as "without an EAN and without an exemption, an ASIN is required") names the
 * attributes of its rule, so it always has a field to fix.
 */
function issuesOf(errors: ErrorObject[], schema: SchemaNode): StoredIssue[] {
  const props = (schema.properties ?? {}) as Record<string, SchemaNode>;
  const labelOf = (name: string) => (typeof props[name]?.title === 'string' ? (props[name].title as string) : name);
  const seen = new Set<string>();
  const out: StoredIssue[] = [];
  const paths = errors.map((e) => e.instancePath);
  for (const e of errors) {
    const combinator = COMBINATORS.includes(e.keyword);
    if (combinator && paths.some((p) => p.startsWith(e.instancePath) && p !== e.instancePath)) continue;
    // The branch's own error at the same place (an if/then's "required") already says what failed.
    if (
      combinator &&
      errors.some((o) => o !== e && o.instancePath === e.instancePath && !COMBINATORS.includes(o.keyword))
    )
      continue;
    if (e.instancePath === '' && e.keyword === 'required') {
      const name = String(e.params.missingProperty);
      if (seen.has(`req:${name}`)) continue;
      seen.add(`req:${name}`);
      out.push(checkIssue(CHECK_CODES.required, `'${name}' is required but not supplied.`, [name]));
      continue;
    }
    const attr = e.instancePath.split('/').filter(Boolean)[0] ?? String(e.params.additionalProperty ?? '');
    if (!attr) {
      const names = ruleAttributes(e, props);
      const key = `rule:${e.schemaPath}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const list = names.map((n) => `「${labelOf(n)}」`).join('、');
      out.push({
        ...checkIssue(
          CHECK_CODES.invalid,
          `The listing does not meet a rule of the product type (${e.keyword} at ${e.schemaPath})${names.length ? ` concerning ${names.map((n) => `'${n}'`).join(', ')}` : ''}.`,
          names,
        ),
        messageZh: list
          ? `不符合产品类型的条件规则,请检查${list}`
          : '不符合产品类型的条件规则,请对照产品属性检查必填项和取值',
      });
      continue;
    }
    const zh = extraAttrMessage(e, labelOf(attr));
    if (seen.has(`${attr}|${zh}`)) continue;
    seen.add(`${attr}|${zh}`);
    out.push({
      ...checkIssue(CHECK_CODES.invalid, `The value of '${attr}' is invalid (${e.keyword}).`, [attr]),
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
    issues.push(checkIssue(SKU_TOO_LONG, `The SKU is longer than ${MAX_SELLER_SKU} characters.`, ['sku']));
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
  // A listing's own mapping issue and the schema's "required" for the same attribute say one
  // thing; a missing identifier (C006) also covers the schema asking for an ASIN instead.
  const mapped = new Set(item.issues.flatMap((i) => i.attributeNames ?? []));
  if (IDENTIFIER_ATTRS.some((a) => mapped.has(a))) for (const a of IDENTIFIER_ATTRS) mapped.add(a);
  return issues.filter(
    (i) => i.source !== 'check' || i.code !== CHECK_CODES.required || !mapped.has(i.attributeNames?.[0] ?? ''),
  );
}
