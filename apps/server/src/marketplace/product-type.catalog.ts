import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type MarketplaceCode,
  marketplace,
  marketplaceLanguageLabel,
  marketplaceTitle,
  PRODUCT_TYPE_MARKETPLACES,
} from '@console/shared/constants/marketplaces';

/** A JSON Schema object as Amazon's product type definitions write them. */
export type SchemaNode = { [key: string]: unknown };

/** An Amazon marketplace the templates exist for, keyed by the console's country code. */
export interface Marketplace {
  code: string;
  id: string;
  /** Amazon's marketplace name (`Amazon.co.uk`). */
  name: string;
  languageTag: string;
  /** Chinese label of the language tag (`英语 (英国)`). */
  languageName: string;
  currency: string;
}

/** A template marketplace as the shared marketplace table describes it. */
function templateMarketplace(code: MarketplaceCode): Marketplace {
  const m = marketplace(code);
  return {
    code: m.code,
    id: m.marketplaceId,
    name: marketplaceTitle(m),
    languageTag: m.languageTag,
    languageName: marketplaceLanguageLabel(m),
    currency: m.currency,
  };
}

/** Marketplaces of the shipped templates (codes of the shared table; `en` is the UK), Amazon.com first. */
export const TEMPLATE_MARKETPLACES: readonly Marketplace[] = PRODUCT_TYPE_MARKETPLACES.map(templateMarketplace);

/** A product type of the shipped data set and the marketplaces it is offered in. */
export interface ProductTypeEntry {
  name: string;
  displayName: string;
  /** Browse path shown in the category picker. */
  path: string;
  marketplaces: readonly string[];
  /**
   * True for a template shipped with the console (generated offline in Amazon's format), shown
   * as 离线模板 until a bound shop supplies Amazon's own definition. All shipped types are.
   */
  offline: boolean;
}

const DATA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'product-types');

/** The spec of the generated offline templates (`product-types/offline-types.json`). */
const offlineSpec = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'offline-types.json'), 'utf8')) as {
  types: { name: string; displayName: string; path: string; marketplaces: string[] }[];
};

/** The first shipped types, written by hand around the real HAIRBAND definition. */
const FIRST_TYPES: readonly Omit<ProductTypeEntry, 'offline'>[] = [
  {
    name: 'HAIRBAND',
    displayName: '发带',
    path: '美妆个护 > 头发护理 > 发饰 > 发带',
    marketplaces: ['us', 'en', 'de'],
  },
  { name: 'SHIRT', displayName: '衬衫', path: '服装 > 上衣 > 衬衫', marketplaces: ['us', 'en', 'de', 'fr', 'ja'] },
  { name: 'DRINKING_CUP', displayName: '水杯', path: '家居厨房 > 餐具 > 水杯', marketplaces: ['us', 'en', 'de', 'ja'] },
  {
    name: 'TOY_FIGURE',
    displayName: '玩具人偶',
    path: '玩具 > 人偶与模型 > 玩具人偶',
    marketplaces: ['us', 'en', 'de', 'fr'],
  },
];

/** The shipped product types (files in ./product-types/, see `docs/api-goods-library.md`). */
export const PRODUCT_TYPES: readonly ProductTypeEntry[] = [...FIRST_TYPES, ...offlineSpec.types].map(
  ({ name, displayName, path, marketplaces }) => ({ name, displayName, path, marketplaces, offline: true }),
);
/** The files are written for Amazon.com; other marketplaces are derived from them. */
const BASE = TEMPLATE_MARKETPLACES[0]!;

/** A marketplace by country code or marketplace id (default: Amazon.com). */
export function findMarketplace(codeOrId: string | undefined): Marketplace | undefined {
  if (!codeOrId) return BASE;
  const key = codeOrId.trim();
  return TEMPLATE_MARKETPLACES.find((m) => m.code === key.toLowerCase() || m.id === key);
}

/** A shipped product type by name (case-insensitive). */
export function findProductType(name: string): ProductTypeEntry | undefined {
  const key = name.trim().toUpperCase();
  return PRODUCT_TYPES.find((p) => p.name === key);
}

const cache = new Map<string, SchemaNode>();

/**
 * The product type's schema for one marketplace, as Amazon serves it per marketplace: the
 * marketplace id, language tag and currency enums name that marketplace. Undefined when the
 * type is not offered there. Cached; callers must not mutate the result.
 */
export function loadProductTypeSchema(productType: string, marketplace: Marketplace): SchemaNode | undefined {
  const entry = findProductType(productType);
  if (!entry) return undefined;
  if (!entry.marketplaces.includes(marketplace.code)) return undefined;
  const key = `${entry.name}:${marketplace.code}`;
  let schema = cache.get(key);
  if (!schema) {
    const text = fs.readFileSync(path.join(DATA_DIR, `${entry.name}.json`), 'utf8');
    schema = localize(JSON.parse(text) as SchemaNode, marketplace);
    cache.set(key, schema);
  }
  return schema;
}

/** Rewrites the base marketplace's id, language tag and currency to `m` wherever they are enumerated. */
function localize(schema: SchemaNode, m: Marketplace): SchemaNode {
  if (m.code === BASE.code) return schema;
  const swap: Record<string, [string, string]> = {
    [BASE.id]: [m.id, m.name],
    [BASE.languageTag]: [m.languageTag, m.languageName],
    [BASE.currency]: [m.currency, m.currency],
  };
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const obj = node as SchemaNode;
    const out: SchemaNode = {};
    for (const [k, v] of Object.entries(obj)) out[k] = walk(v);
    if (Array.isArray(obj.enum) && obj.enum.length === 1 && typeof obj.enum[0] === 'string' && swap[obj.enum[0]]) {
      const [value, label] = swap[obj.enum[0]]!;
      out.enum = [value];
      if (Array.isArray(obj.enumNames)) out.enumNames = [label];
    }
    if (typeof obj.default === 'string' && swap[obj.default]) out.default = swap[obj.default]![0];
    return out;
  };
  return walk(schema) as SchemaNode;
}
