import type { ErrorObject, ValidateFunction } from 'ajv';
import type Ajv2019 from 'ajv/dist/2019.js';
import { badRequest } from '../../lib/app-error.js';
import { compilableSchema, createAmazonAjv } from '../../marketplace/amazon-schema.js';
import {
  findMarketplace,
  loadProductTypeSchema,
  type Marketplace,
  type SchemaNode,
} from '../../marketplace/product-type.catalog.js';
import { extraAttrMessage } from './extra-attrs.messages.js';
import type { TemplateSchema } from './template-source.js';

/** One problem with a product's extra attributes: the attribute, the field path and a Chinese message. */
export interface ExtraAttrIssue {
  attr: string;
  field: string;
  message: string;
}

/** The outcome of validateExtraAttrs. */
export interface ExtraAttrsResult {
  /** True when no attribute given is invalid (missing required attributes are reported apart). */
  ok: boolean;
  errors: ExtraAttrIssue[];
  /** Attributes the schema requires (also conditionally) that were not given, with their labels. */
  missing: { name: string; label: string }[];
  /** The attributes with `marketplace_id` / `language_tag` filled in from the marketplace. */
  attrs: Record<string, unknown>;
}

let ajv: Ajv2019 | undefined;
const validators = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: SchemaNode): ValidateFunction {
  let fn = validators.get(key);
  if (!fn) {
    ajv ??= createAmazonAjv();
    fn = ajv.compile(compilableSchema(schema));
    validators.set(key, fn);
  }
  return fn;
}

/** Fills the marketplace id and language tag into every item whose schema has them. */
function normalize(attrs: Record<string, unknown>, schema: SchemaNode, m: Marketplace): Record<string, unknown> {
  const props = (schema.properties ?? {}) as Record<string, SchemaNode>;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attrs)) {
    const itemProps = ((props[name]?.items as SchemaNode | undefined)?.properties ?? {}) as Record<string, unknown>;
    out[name] = Array.isArray(value)
      ? value.map((item) => {
          if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
          const filled: Record<string, unknown> = { ...(item as Record<string, unknown>) };
          if ('marketplace_id' in itemProps && filled.marketplace_id === undefined) filled.marketplace_id = m.id;
          if ('language_tag' in itemProps && filled.language_tag === undefined) filled.language_tag = m.languageTag;
          return filled;
        })
      : value;
  }
  return out;
}

/**
 * Validates a product's extra attributes (Amazon listing attribute format,
 * `{ color: [{ value: '红色' }], ... }`) against the product type's schema for a marketplace
 * (`template-source.ts` says which: the shop's Amazon definition or the shipped template).
 * Given attributes are checked completely (types, enums, lengths, UTF-8 bytes, conditional
 * rules); required attributes that are absent are listed in `missing`, because the product's
 * own fields (title, bullet points, brand ...) supply several of them when it is uploaded.
 */
export function checkExtraAttrs(template: TemplateSchema, m: Marketplace, extraAttrs: unknown): ExtraAttrsResult {
  const { schema } = template;
  if (!extraAttrs || typeof extraAttrs !== 'object' || Array.isArray(extraAttrs)) {
    throw badRequest('扩展属性格式不正确');
  }
  const attrs = normalize(extraAttrs as Record<string, unknown>, schema, m);
  const validate = validatorFor(template.key, schema);
  validate(attrs);
  const { errors, missing } = explain(validate.errors ?? [], schema);
  return { ok: errors.length === 0, errors, missing, attrs };
}

/**
 * `checkExtraAttrs` against the shipped (offline) template of a product type; 400 when the
 * type is not shipped for the marketplace. For tools and tests that have no tenant.
 */
export function validateExtraAttrs(productType: string, marketplace: string, extraAttrs: unknown): ExtraAttrsResult {
  const m = findMarketplace(marketplace);
  if (!m) throw badRequest(`不支持的站点: ${marketplace}`);
  const schema = loadProductTypeSchema(productType, m);
  if (!schema) throw badRequest(`产品类型 ${productType} 在站点 ${m.name} 不可用`);
  const name = productType.toUpperCase();
  return checkExtraAttrs(
    { productType: name, displayName: name, schema, offline: true, key: `${name}:${m.code}:offline` },
    m,
    extraAttrs,
  );
}

function explain(raw: ErrorObject[], schema: SchemaNode) {
  const props = (schema.properties ?? {}) as Record<string, SchemaNode>;
  const labelOf = (name: string) => (typeof props[name]?.title === 'string' ? (props[name].title as string) : name);
  const missing = new Map<string, string>();
  const errors = new Map<string, ExtraAttrIssue>();
  const paths = raw.map((e) => e.instancePath);
  for (const e of raw) {
    if (e.instancePath === '' && e.keyword === 'required') {
      const name = String(e.params.missingProperty);
      missing.set(name, labelOf(name));
      continue;
    }
    // Combinators only summarise the errors of their branches; keep them when they are alone.
    const combinator = ['if', 'anyOf', 'oneOf', 'allOf', 'then', 'else'].includes(e.keyword);
    if (combinator && paths.some((p) => p.startsWith(e.instancePath) && p !== e.instancePath)) continue;
    if (
      combinator &&
      raw.some(
        (o) => o !== e && o.instancePath === e.instancePath && !['if', 'anyOf', 'oneOf', 'allOf'].includes(o.keyword),
      )
    ) {
      continue;
    }
    const parts = e.instancePath.split('/').filter(Boolean);
    const attr = parts[0] ?? String(e.params.additionalProperty ?? '');
    const field = parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
    const message = extraAttrMessage(e, attr ? labelOf(attr) : '');
    errors.set(`${field}|${message}`, { attr, field: field || attr, message });
  }
  return { errors: [...errors.values()], missing: [...missing].map(([name, label]) => ({ name, label })) };
}
