import type { TemplateAttribute } from '@console/shared/schemas/goods-library';
import { badRequest, notFound } from '../../lib/app-error.js';
import {
  findMarketplace,
  findProductType,
  loadProductTypeSchema,
  type Marketplace,
  PRODUCT_TYPES,
  type ProductTypeEntry,
  type SchemaNode,
  TEMPLATE_MARKETPLACES,
} from '../../marketplace/product-type.catalog.js';
import { flattenAttributes } from './template-attrs.js';

const presentMarketplace = (m: Marketplace) => ({ code: m.code, id: m.id, name: m.name });

function marketplaceOrThrow(code: string | undefined): Marketplace {
  const m = findMarketplace(code);
  if (!m) throw badRequest(`不支持的站点: ${code}`);
  return m;
}

function presentType(p: ProductTypeEntry) {
  return {
    productType: p.name,
    displayName: p.displayName,
    path: p.path,
    marketplaces: p.marketplaces,
    marketplaceIds: p.marketplaces.map((code) => findMarketplace(code)?.id ?? code),
    offline: p.offline,
  };
}

/** Product types available per marketplace (all marketplaces when none is given). */
export function listCategoryTemplates(marketplace: string | undefined) {
  const m = marketplace ? marketplaceOrThrow(marketplace) : undefined;
  const list = PRODUCT_TYPES.filter((p) => !m || p.marketplaces.includes(m.code)).map(presentType);
  return { marketplaces: TEMPLATE_MARKETPLACES.map(presentMarketplace), list };
}

/** Product types whose name, Chinese name or browse path contains the keyword (case-insensitive). */
export function searchProductTypes(keyword: string | undefined, marketplace: string | undefined) {
  const m = marketplace ? marketplaceOrThrow(marketplace) : undefined;
  const k = (keyword ?? '').trim().toLowerCase();
  const list = PRODUCT_TYPES.filter(
    (p) =>
      (!m || p.marketplaces.includes(m.code)) &&
      (!k ||
        p.name.toLowerCase().includes(k) ||
        p.name.toLowerCase().replace(/_/g, ' ').includes(k) ||
        p.displayName.includes(k) ||
        p.path.toLowerCase().includes(k)),
  );
  return { productTypes: list.map(presentType) };
}

/** The attribute template of a product type in a marketplace: its JSON Schema and a form-ready list. */
export function getTemplateAttributes(
  productType: string,
  marketplace: string | undefined,
): {
  productType: string;
  displayName: string;
  offline: boolean;
  marketplace: ReturnType<typeof presentMarketplace>;
  locale: string;
  schema: SchemaNode;
  attributes: TemplateAttribute[];
} {
  const m = marketplaceOrThrow(marketplace);
  const entry = findProductType(productType);
  if (!entry) throw notFound('产品类型不存在');
  const schema = loadProductTypeSchema(entry.name, m);
  if (!schema) throw notFound(`产品类型 ${entry.name} 在站点 ${m.name} 不可用`);
  return {
    productType: entry.name,
    displayName: entry.displayName,
    offline: entry.offline,
    marketplace: presentMarketplace(m),
    locale: 'zh_CN',
    schema,
    attributes: flattenAttributes(schema),
  };
}
