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
 * there, else the shipped set (all shipped types when no marketplace is given).
 */
export async function listCategoryTemplates(
  deps: AppDeps,
  tenantId: number,
  marketplace: string | undefined,
  log?: TemplateLog,
) {
  const list = marketplace
    ? await templateTypes(deps, tenantId, marketplaceOrThrow(marketplace), undefined, log)
    : PRODUCT_TYPES;
  return { marketplaces: TEMPLATE_MARKETPLACES.map(presentMarketplace), list: list.map(presentType) };
}

/** Product types whose name, Chinese name or browse path contains the keyword (case-insensitive). */
export async function searchProductTypes(
  deps: AppDeps,
  tenantId: number,
  keyword: string | undefined,
  marketplace: string | undefined,
  log?: TemplateLog,
) {
  const k = (keyword ?? '').trim().toLowerCase();
  const all = marketplace
    ? await templateTypes(deps, tenantId, marketplaceOrThrow(marketplace), undefined, log)
    : PRODUCT_TYPES;
  const list = all.filter(
    (p) =>
      !k ||
      p.name.toLowerCase().includes(k) ||
      p.name.toLowerCase().replace(/_/g, ' ').includes(k) ||
      p.displayName.includes(k) ||
      p.path.toLowerCase().includes(k),
  );
  return { productTypes: list.map(presentType) };
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
