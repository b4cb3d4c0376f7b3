import type { ErrorObject, ValidateFunction } from 'ajv';
import type Ajv2019 from 'ajv/dist/2019.js';
import { compilableSchema, createAmazonAjv } from '../amazon-schema.js';
import { findMarketplace, loadProductTypeSchema, type SchemaNode } from '../product-type.catalog.js';
import type { ListingAttributes, ListingIssue, ListingsRequirements } from '../sp-api.types.js';

/**
 * Issue codes the simulator uses. Amazon publishes no complete list; 90220 and 99022 appear
 * in the vendored processing-report example, the others follow Amazon's numbering style and
 * are listed in `docs/marketplace.md`.
 */
export const SIM_ISSUE = {
  required: '90220',
  tooFewValues: '99022',
  tooManyValues: '99023',
  invalidValue: '90244',
  productTypeUnknown: '90003',
  image: '18027',
  parentMissing: '8560',
  variationTheme: '90111',
  skuTooLong: '8016',
  notFound: '90404',
} as const;

/** Amazon's SKU limit. */
export const MAX_SKU_LENGTH = 40;

/** What the store answers during validation. */
export interface ValidationContext {
  /** Whether the seller has a listing with this SKU in the marketplace (a parent named by a child). */
  hasSku(sku: string): boolean;
  /** Whether an image URL answers with an image. */
  imageOk(url: string): Promise<boolean>;
  /** Issues set for the SKU beyond these checks (`SpApiSimulator.extraIssues`, a test knob). */
  extraIssues?(sku: string): ListingIssue[];
}

/** One listing to judge. */
export interface ListingInput {
  sku: string;
  marketplaceId: string;
  productType: string;
  requirements?: ListingsRequirements;
  attributes: ListingAttributes;
}

function issue(code: string, message: string, attributeNames: string[], category: string): ListingIssue {
  return {
    code,
    message,
    severity: 'ERROR',
    ...(attributeNames.length ? { attributeNames } : {}),
    categories: [category],
  };
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

/**
 * Product types the simulated Amazon has beyond the console's shipped set (real Amazon lists
 * thousands), so the template calls' "whole list once a shop is bound" can be seen offline.
 * Each reuses a shipped definition under its own name.
 */
export const SIM_AMAZON_ONLY_TYPES: readonly {
  name: string;
  displayName: string;
  basedOn: string;
  marketplaces: readonly string[];
}[] = [
  { name: 'HAIR_CLIP', displayName: '发夹', basedOn: 'HAIRBAND', marketplaces: ['us', 'en', 'de'] },
  { name: 'HAIR_TIE', displayName: '发圈', basedOn: 'HAIRBAND', marketplaces: ['us', 'en', 'de'] },
];

const renamed = new Map<string, SchemaNode>();

/** The product type's schema in a marketplace (shipped definitions and the Amazon-only ones), or undefined. */
export function simSchema(productType: string, marketplaceId: string): SchemaNode | undefined {
  const m = findMarketplace(marketplaceId);
  if (!m || m.id !== marketplaceId) return undefined;
  const only = SIM_AMAZON_ONLY_TYPES.find((t) => t.name === productType.toUpperCase());
  if (!only) return loadProductTypeSchema(productType, m);
  if (!only.marketplaces.includes(m.code)) return undefined;
  const key = `${only.name}:${m.code}`;
  let schema = renamed.get(key);
  if (!schema) {
    const base = loadProductTypeSchema(only.basedOn, m);
    if (!base) return undefined;
    schema = JSON.parse(JSON.stringify(base).replaceAll(only.basedOn, only.name)) as SchemaNode;
    renamed.set(key, schema);
  }
  return schema;
}

/**
 * Offer attributes every real definition carries; the shipped (trimmed) definitions leave
 * them out of most product types, so an offer-only submission (follow-selling) may send them.
 */
const OFFER_ATTRIBUTES = new Set([
  'purchasable_offer',
  'fulfillment_availability',
  'condition_type',
  'merchant_suggested_asin',
  'list_price',
  'merchant_shipping_group',
]);

/** ajv errors -> Amazon issues (one per attribute and problem). */
function schemaIssues(raw: ErrorObject[], requirements: ListingsRequirements | undefined): ListingIssue[] {
  const out = new Map<string, ListingIssue>();
  const paths = raw.map((e) => e.instancePath);
  for (const e of raw) {
    if (e.instancePath === '' && e.keyword === 'required') {
      if (requirements === 'LISTING_OFFER_ONLY') continue;
      const name = String(e.params.missingProperty);
      out.set(
        `req:${name}`,
        issue(SIM_ISSUE.required, `'[${name}]' is required but not supplied.`, [name], 'MISSING_ATTRIBUTE'),
      );
      continue;
    }
    if (
      requirements === 'LISTING_OFFER_ONLY' &&
      e.keyword === 'additionalProperties' &&
      e.instancePath === '' &&
      OFFER_ATTRIBUTES.has(String(e.params.additionalProperty))
    )
      continue;
    const combinator = ['if', 'anyOf', 'oneOf', 'allOf', 'then', 'else', 'not'].includes(e.keyword);
    if (combinator && paths.some((p) => p.startsWith(e.instancePath) && p !== e.instancePath)) continue;
    if (
      combinator &&
      raw.some(
        (o) =>
          o !== e && o.instancePath === e.instancePath && !['if', 'anyOf', 'oneOf', 'allOf', 'not'].includes(o.keyword),
      )
    )
      continue;
    const parts = e.instancePath.split('/').filter(Boolean);
    const attr = parts[0] ?? String(e.params.additionalProperty ?? '');
    if (!attr) continue;
    const field = parts.filter((p) => !/^\d+$/.test(p)).join('.');
    let code: string = SIM_ISSUE.invalidValue;
    let message: string;
    if (e.keyword === 'minItems' || e.keyword === 'minUniqueItems') {
      code = SIM_ISSUE.tooFewValues;
      message = `The field '${field}' for the attribute '${attr}' does not have enough values. The required minimum is '${e.params.limit ?? 1}' value(s).`;
    } else if (e.keyword === 'maxItems' || e.keyword === 'maxUniqueItems') {
      code = SIM_ISSUE.tooManyValues;
      message = `The field '${field}' for the attribute '${attr}' has too many values.`;
    } else if (e.keyword === 'required') {
      code = SIM_ISSUE.required;
      message = `'[${field ? `${field}.` : ''}${String(e.params.missingProperty)}]' is required but not supplied.`;
    } else if (e.keyword === 'additionalProperties') {
      message = `The attribute '${field ? `${field}.` : ''}${String(e.params.additionalProperty)}' is not allowed for this product type.`;
    } else {
      message = `The value provided for '${field || attr}' is invalid: ${e.message ?? e.keyword}.`;
    }
    out.set(`${code}:${attr}:${message}`, issue(code, message, [attr], 'INVALID_ATTRIBUTE'));
  }
  return [...out.values()];
}

/** Every `media_location` of the image attributes. */
function imageUrls(attrs: ListingAttributes): { attr: string; url: string }[] {
  const out: { attr: string; url: string }[] = [];
  for (const [name, values] of Object.entries(attrs)) {
    if (!/_image_locator(_\d+)?$/.test(name) || !Array.isArray(values)) continue;
    for (const v of values) {
      const url = (v as { media_location?: unknown } | null)?.media_location;
      if (typeof url === 'string') out.push({ attr: name, url });
    }
  }
  return out;
}

function firstValue(attrs: ListingAttributes, name: string, field: string): unknown {
  const v = attrs[name]?.[0];
  return v && typeof v === 'object' ? (v as Record<string, unknown>)[field] : undefined;
}

/** The enum of a schema node, also when written as `anyOf: [{type: string}, {enum: [...]}]`. */
function enumOf(node: SchemaNode | undefined): string[] | undefined {
  if (!node) return undefined;
  if (Array.isArray(node.enum)) return node.enum.map(String);
  if (Array.isArray(node.anyOf)) {
    for (const b of node.anyOf as SchemaNode[]) if (Array.isArray(b.enum)) return b.enum.map(String);
  }
  return undefined;
}

/** Checks Amazon makes beyond the schema: SKU length, parent of a child, variation theme, images. */
async function beyondSchema(input: ListingInput, schema: SchemaNode, ctx: ValidationContext): Promise<ListingIssue[]> {
  const out: ListingIssue[] = [];
  const attrs = input.attributes;
  const props = (schema.properties ?? {}) as Record<string, SchemaNode>;
  const level = firstValue(attrs, 'parentage_level', 'value');
  if (level === 'child') {
    const parent = firstValue(attrs, 'child_parent_sku_relationship', 'parent_sku');
    if (typeof parent !== 'string' || !parent) {
      out.push(
        issue(
          SIM_ISSUE.parentMissing,
          `A child SKU must name its parent SKU in 'child_parent_sku_relationship'.`,
          ['child_parent_sku_relationship'],
          'INVALID_ATTRIBUTE',
        ),
      );
    } else if (!ctx.hasSku(parent)) {
      out.push(
        issue(
          SIM_ISSUE.parentMissing,
          `The parent SKU '${parent}' does not exist in this marketplace. Submit the parent before its children.`,
          ['child_parent_sku_relationship'],
          'INVALID_ATTRIBUTE',
        ),
      );
    }
  }
  const theme = firstValue(attrs, 'variation_theme', 'name');
  if (theme !== undefined) {
    const themeNode = (
      (props.variation_theme?.items as SchemaNode | undefined)?.properties as Record<string, SchemaNode> | undefined
    )?.name;
    const allowed = enumOf(themeNode);
    if (!props.variation_theme || (allowed && !allowed.includes(String(theme)))) {
      out.push(
        issue(
          SIM_ISSUE.variationTheme,
          `The variation theme '${String(theme)}' is not valid for product type '${input.productType}'.`,
          ['variation_theme'],
          'INVALID_ATTRIBUTE',
        ),
      );
    } else if (level === 'child') {
      for (const part of String(theme).split('/')) {
        const attr = part.toLowerCase().replace(/_name$/, '');
        if (props[attr] && !attrs[attr]) {
          out.push(
            issue(
              SIM_ISSUE.variationTheme,
              `The variation theme '${String(theme)}' requires a value for '${attr}' on every child.`,
              [attr],
              'MISSING_ATTRIBUTE',
            ),
          );
        }
      }
    }
  }
  const checks = await Promise.all(imageUrls(attrs).map(async (i) => ({ ...i, ok: await ctx.imageOk(i.url) })));
  for (const c of checks) {
    if (!c.ok) {
      out.push(
        issue(
          SIM_ISSUE.image,
          `The image at '${c.url}' could not be downloaded or is not an image.`,
          [c.attr],
          'INVALID_IMAGE',
        ),
      );
    }
  }
  return out;
}

/**
 * Judges a listing as Amazon would: the product type must exist in the marketplace, the
 * attributes must pass its schema (with Amazon's keywords), and the checks beyond the schema
 * must hold. Returns the issues (errors only; none means accepted).
 */
export async function validateListing(input: ListingInput, ctx: ValidationContext): Promise<ListingIssue[]> {
  if (input.sku.length > MAX_SKU_LENGTH) {
    return [
      issue(
        SIM_ISSUE.skuTooLong,
        `The SKU '${input.sku}' is longer than ${MAX_SKU_LENGTH} characters.`,
        [],
        'INVALID_ATTRIBUTE',
      ),
    ];
  }
  const schema = simSchema(input.productType, input.marketplaceId);
  if (!schema) {
    return [
      issue(
        SIM_ISSUE.productTypeUnknown,
        `The product type '${input.productType}' is not valid for marketplace '${input.marketplaceId}'.`,
        [],
        'INVALID_ATTRIBUTE',
      ),
    ];
  }
  const validate = validatorFor(`${input.productType.toUpperCase()}:${input.marketplaceId}`, schema);
  validate(input.attributes);
  const issues = schemaIssues(validate.errors ?? [], input.requirements);
  return [...issues, ...(await beyondSchema(input, schema, ctx)), ...(ctx.extraIssues?.(input.sku) ?? [])];
}
