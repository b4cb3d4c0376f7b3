import type { AppDeps } from '../../context.js';
import { AppError, notFound } from '../../lib/app-error.js';
import {
  findProductType,
  loadProductTypeSchema,
  type Marketplace,
  PRODUCT_TYPES,
  type SchemaNode,
} from '../../marketplace/product-type.catalog.js';
import { getProductTypeSchema, searchProductTypes } from '../../marketplace/product-type-definitions.service.js';
import { SpApiError } from '../../marketplace/sp-api.errors.js';
import { findAuthorizedShopIn } from '../shop/shop.repository.js';
import { openShop } from '../shop/shop-client.js';

/**
 * Where the library's templates come from (issue 14 §2): once the tenant has an authorized shop
 * selling in a marketplace, that shop's Amazon answers (the whole product type list and Amazon's
 * own definitions, cached in PostgreSQL for a day); otherwise, and whenever Amazon cannot be
 * reached, the shipped offline set. The editor, the product save and the upload check all ask
 * here, so a product is validated against the template the editor showed.
 */

/** Definitions are read in Chinese (titles and descriptions of the editor's fields). */
const TEMPLATE_LOCALE = 'zh_CN';

/** A product type as the template calls list it. */
export interface TemplateType {
  name: string;
  displayName: string;
  path: string;
  marketplaces: readonly string[];
  /** True when it comes from the shipped set, not from a shop's Amazon. */
  offline: boolean;
}

/** A product type's schema in one marketplace and where it came from. */
export interface TemplateSchema {
  productType: string;
  displayName: string;
  schema: SchemaNode;
  offline: boolean;
  /** Identity of this schema (type, marketplace, version) for compiled-validator caches. */
  key: string;
}

/** Where fallbacks are logged (a request's logger); silent when not given. */
export interface TemplateLog {
  warn(obj: object, msg: string): void;
}

/** The tenant's authorized shop selling in the marketplace and its Amazon client, if it can be opened. */
async function amazonShop(deps: AppDeps, tenantId: number, m: Marketplace, log?: TemplateLog) {
  const shop = await findAuthorizedShopIn(deps.db, tenantId, m.code);
  if (!shop) return undefined;
  try {
    return { name: shop.name, client: (await openShop(deps, tenantId, shop.id)).client };
  } catch (err) {
    // An authorization that went bad since: the shipped set answers.
    log?.warn({ err, shopId: shop.id }, 'template source: shop could not be opened, using offline templates');
    return { name: shop.name, client: undefined };
  }
}

async function amazonClient(deps: AppDeps, tenantId: number, m: Marketplace, log?: TemplateLog) {
  return (await amazonShop(deps, tenantId, m, log))?.client;
}

const notAtAmazon = (err: unknown) =>
  err instanceof SpApiError && (err.kind === 'not_found' || err.kind === 'rejected');

function offlineType(name: string): TemplateType | undefined {
  return PRODUCT_TYPES.find((p) => p.name === name);
}

/** The product types of a marketplace and where the list came from. */
export interface TemplateTypeList {
  types: TemplateType[];
  /**
   * `amazon`: Amazon's whole list (or its keyword search) through the tenant's shop, then the
   * shipped types Amazon did not list; `offline`: only the shipped set, a small part of Amazon's.
   */
  source: 'amazon' | 'offline';
  /** The tenant's authorized shop selling in the marketplace (also when Amazon could not be reached). */
  shop: string | null;
}

/**
 * The product types of a marketplace: Amazon's list through the tenant's shop (shipped types
 * Amazon also lists keep their Chinese name and path and are no longer offline), then the
 * shipped types Amazon did not list. Only the shipped set without a shop or when Amazon fails.
 * With `keywords`, Amazon searches its list (its own matching, not only names); the shipped
 * types are not filtered here (callers match them).
 */
export async function templateTypes(
  deps: AppDeps,
  tenantId: number,
  m: Marketplace,
  keywords?: string[],
  log?: TemplateLog,
): Promise<TemplateTypeList> {
  const shipped = PRODUCT_TYPES.filter((p) => p.marketplaces.includes(m.code));
  const shop = await amazonShop(deps, tenantId, m, log);
  const offline = { types: [...shipped], source: 'offline' as const, shop: shop?.name ?? null };
  if (!shop?.client) return offline;
  let listed: { name: string; displayName: string }[];
  try {
    listed = (
      await searchProductTypes(deps.db, shop.client, { marketplaceId: m.id, keywords, locale: TEMPLATE_LOCALE })
    ).productTypes;
  } catch (err) {
    log?.warn({ err, marketplace: m.code }, 'template source: product type search failed, using offline templates');
    return offline;
  }
  const online = listed.map((t): TemplateType => {
    const own = offlineType(t.name);
    return {
      name: t.name,
      displayName: own?.displayName ?? t.displayName,
      path: own?.path ?? t.displayName,
      marketplaces: [m.code],
      offline: false,
    };
  });
  const seen = new Set(online.map((t) => t.name));
  return { types: [...online, ...shipped.filter((p) => !seen.has(p.name))], source: 'amazon', shop: shop.name };
}

/**
 * Attribute titles the console replaces. Amazon's zh_CN title of `item_type_keyword` is
 * 产品类型, the same words as the product type (分类模板) picked above it; the editor names it
 * 商品类型关键词 so the two are told apart (issue 28 §4).
 */
export const CONSOLE_ATTRIBUTE_TITLES: Readonly<Record<string, string>> = { item_type_keyword: '商品类型关键词' };

/** The schema with the console's attribute titles (a copy where one changes; the cached schema stays as it is). */
export function withConsoleTitles(schema: SchemaNode): SchemaNode {
  const props = schema.properties as Record<string, SchemaNode> | undefined;
  if (!props || !Object.keys(CONSOLE_ATTRIBUTE_TITLES).some((name) => props[name])) return schema;
  const next = { ...props };
  for (const [name, title] of Object.entries(CONSOLE_ATTRIBUTE_TITLES)) {
    if (next[name]) next[name] = { ...next[name], title };
  }
  return { ...schema, properties: next };
}

function offlineSchema(productType: string, m: Marketplace): TemplateSchema | undefined {
  const entry = findProductType(productType);
  const schema = entry && loadProductTypeSchema(entry.name, m);
  if (!entry || !schema) return undefined;
  return {
    productType: entry.name,
    displayName: entry.displayName,
    schema: withConsoleTitles(schema),
    offline: true,
    key: `${entry.name}:${m.code}:offline`,
  };
}

/**
 * A product type's schema in a marketplace: Amazon's definition through the tenant's shop when
 * there is one, else (or when Amazon does not answer) the shipped template. 404 when neither has
 * it; 503 when only Amazon has it and cannot be reached now.
 */
export async function templateSchema(
  deps: AppDeps,
  tenantId: number,
  productType: string,
  m: Marketplace,
  log?: TemplateLog,
): Promise<TemplateSchema> {
  const name = productType.trim().toUpperCase();
  const offline = offlineSchema(name, m);
  const client = await amazonClient(deps, tenantId, m, log);
  if (client) {
    try {
      const r = await getProductTypeSchema(deps.db, client, {
        productType: name,
        marketplaceId: m.id,
        locale: TEMPLATE_LOCALE,
      });
      return {
        productType: name,
        displayName: offlineType(name)?.displayName ?? r.definition.displayName ?? name,
        schema: withConsoleTitles(r.schema as SchemaNode),
        offline: false,
        key: `${name}:${m.code}:${r.definition.productTypeVersion.version}`,
      };
    } catch (err) {
      if (!notAtAmazon(err)) {
        log?.warn({ err, productType: name }, 'template source: definition fetch failed');
        if (offline) return offline;
        throw new AppError(503, `暂时无法从亚马逊读取产品类型 ${name} 的模板,请稍后重试`);
      }
    }
  }
  if (offline) return offline;
  if (!findProductType(name) && !client) throw notFound('产品类型不存在');
  throw notFound(`产品类型 ${name} 在站点 ${m.name} 不可用`);
}
