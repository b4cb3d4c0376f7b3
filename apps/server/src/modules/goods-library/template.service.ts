import type { TemplateAttribute } from '@console/shared/schemas/goods-library';
import type { AppDeps } from '../../context.js';
import { badRequest } from '../../lib/app-error.js';
import {
  findMarketplace,
  type Marketplace,
  PRODUCT_TYPES,
  type SchemaNode,
  TEMPLATE_MARKETPLACES,
} from '../../marketplace/product-type.catalog.js';
import { shopMarketplacesOf } from '../shop/shop.repository.js';
import { flattenAttributes } from './template-attrs.js';
import { type TemplateLog, type TemplateType, templateSchema, templateTypes } from './template-source.js';

const presentMarketplace = (m: Marketplace) => ({ code: m.code, id: m.id, name: m.name });

function marketplaceOrThrow(code: string | undefined): Marketplace {
  const m = findMarketplace(code);
  if (!m) throw badRequest(`不支持的站点: ${code}`);
  return m;
}

function presentType(p: TemplateType) {
  return {
    productType: p.name,
    displayName: p.displayName,
    path: p.path,
    marketplaces: p.marketplaces,
    marketplaceIds: p.marketplaces.map((code) => findMarketplace(code)?.id ?? code),
    offline: p.offline,
  };
}

/**
 * Product types available per marketplace: the tenant's shop's Amazon list when a shop sells
 * there, else the shipped set (all shipped types when no marketplace is given), with where the
 * list came from and the marketplaces of the tenant's shops (the picker's default).
 */
export async function listCategoryTemplates(
  deps: AppDeps,
  tenantId: number,
  marketplace: string | undefined,
  log?: TemplateLog,
) {
  const [r, shops] = await Promise.all([
    marketplace
      ? templateTypes(deps, tenantId, marketplaceOrThrow(marketplace), undefined, log)
      : { types: PRODUCT_TYPES, source: 'offline' as const, shop: null },
    shopMarketplacesOf(deps.db, tenantId),
  ]);
  const templateCodes = new Set(TEMPLATE_MARKETPLACES.map((m) => m.code));
  return {
    marketplaces: TEMPLATE_MARKETPLACES.map(presentMarketplace),
    list: r.types.map(presentType),
    source: r.source,
    shop: r.shop,
    shopMarketplaces: shops.filter((code) => templateCodes.has(code)),
  };
}

const matches = (p: TemplateType, k: string) =>
  !k ||
  p.name.toLowerCase().includes(k) ||
  p.name.toLowerCase().replace(/_/g, ' ').includes(k) ||
  p.displayName.toLowerCase().includes(k) ||
  p.path.toLowerCase().includes(k);

/**
 * Product types by keyword. With a marketplace where the tenant has an authorized shop, Amazon
 * searches its whole list (its matches are kept as it answers them); the shipped types are
 * matched by name, Chinese name or browse path (case-insensitive).
 */
export async function searchProductTypes(
  deps: AppDeps,
  tenantId: number,
  keyword: string | undefined,
  marketplace: string | undefined,
  log?: TemplateLog,
) {
  const k = (keyword ?? '').trim().toLowerCase();
  const r = marketplace
    ? await templateTypes(deps, tenantId, marketplaceOrThrow(marketplace), k ? [k] : undefined, log)
    : { types: PRODUCT_TYPES, source: 'offline' as const, shop: null };
  const list = r.types.filter((p) => !p.offline || matches(p, k));
  return { productTypes: list.map(presentType), source: r.source, shop: r.shop };
}

/** The attribute template of a product type in a marketplace: its JSON Schema and a form-ready list. */
export async function getTemplateAttributes(
  deps: AppDeps,
  tenantId: number,
  productType: string,
  marketplace: string | undefined,
  log?: TemplateLog,
): Promise<{
  productType: string;
  displayName: string;
  offline: boolean;
  marketplace: ReturnType<typeof presentMarketplace>;
  locale: string;
  schema: SchemaNode;
  attributes: TemplateAttribute[];
}> {
  const m = marketplaceOrThrow(marketplace);
  const t = await templateSchema(deps, tenantId, productType, m, log);
  return {
    productType: t.productType,
    displayName: t.displayName,
    offline: t.offline,
    marketplace: presentMarketplace(m),
    locale: 'zh_CN',
    schema: t.schema,
    attributes: flattenAttributes(t.schema),
  };
}
