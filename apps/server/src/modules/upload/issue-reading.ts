import { listingLanguage } from '@console/shared/constants/listing-language';
import { countryName } from '@console/shared/constants/marketplaces';
import type { EditorField, UploadIssue } from '@console/shared/schemas/upload';
import type { SchemaNode } from '../../marketplace/product-type.catalog.js';
import { CHECK_CODES } from './listing-mapper.js';
import type { StoredIssue } from './upload.tables.js';

/** Chinese names of attributes the product's own fields fill (used when no schema title is at hand). */
const NAMES: Record<string, string> = {
  item_name: '标题',
  bullet_point: '五点描述',
  product_description: '产品描述',
  generic_keyword: '搜索词',
  purchasable_offer: '价格',
  fulfillment_availability: '库存',
  main_product_image_locator: '主图',
  externally_assigned_product_identifier: 'EAN',
  supplier_declared_has_product_identifier_exemption: 'EAN豁免',
  brand: '品牌',
  manufacturer: '制造商',
  parentage_level: '父子关系',
  child_parent_sku_relationship: '父体SKU',
  variation_theme: '变体主题',
};

/** The editor field an Amazon attribute is edited in, for a marketplace. */
export function editorFieldOf(attr: string | undefined, marketplace: string, label: string): EditorField | null {
  if (!attr) return null;
  const lang = listingLanguage(marketplace);
  const langLabel = lang ? `${lang.label}页签` : '文案';
  const text = (kind: EditorField['kind'], name: string): EditorField => ({
    kind,
    ...(lang ? { lang: lang.key } : {}),
    label: `${langLabel} / ${name}`,
  });
  switch (attr) {
    case 'item_name':
      return text('title', '标题');
    case 'bullet_point':
      return text('bullet_points', '五点描述');
    case 'product_description':
      return text('product_description', '产品描述');
    case 'generic_keyword':
      return text('search_terms', '搜索词');
    case 'purchasable_offer':
      return { kind: 'price', country: marketplace, label: `价格 / ${countryName(marketplace)}` };
    case 'fulfillment_availability':
      return { kind: 'quantity', label: '基本信息 / 库存' };
    case 'externally_assigned_product_identifier':
    case 'supplier_declared_has_product_identifier_exemption':
    case 'merchant_suggested_asin':
      return { kind: 'ean', label: 'EAN / 产品ID' };
    case 'brand':
    case 'manufacturer':
      return { kind: 'base', attr, label: `基本信息 / ${NAMES[attr]}` };
    case 'parentage_level':
    case 'child_parent_sku_relationship':
    case 'variation_theme':
      return { kind: 'variation', attr, label: `变体 / ${NAMES[attr]}` };
    case 'sku':
      return { kind: 'sku', label: '基本信息 / SKU' };
    default:
      if (attr === 'main_product_image_locator' || /^other_product_image_locator_\d+$/.test(attr))
        return { kind: 'images', label: '图片' };
      return { kind: 'attribute', attr, label: `产品属性 / ${label}` };
  }
}

/** The Chinese title of an attribute: the schema's title, else a known name, else the name itself. */
function titleOf(attr: string | undefined, schema: SchemaNode | undefined): string {
  if (!attr) return '';
  const prop = ((schema?.properties ?? {}) as Record<string, SchemaNode>)[attr];
  if (typeof prop?.title === 'string' && prop.title) return prop.title;
  return NAMES[attr] ?? attr;
}

/** The Chinese sentence of an issue, by its code (Amazon's and the simulator's, docs/marketplace.md). */
function chinese(issue: StoredIssue, title: string): string {
  if (issue.messageZh) return issue.messageZh;
  const t = title ? `「${title}」` : '';
  switch (issue.code) {
    case '90220':
      return `缺少必填属性${t}`;
    case '99022':
      return `${t}的值数量不足`;
    case '99023':
      return `${t}的值数量过多`;
    case '90244':
      return `${t}的值不符合亚马逊的要求`;
    case '90003':
      return '该产品类型在此站点不存在,请在编辑器中更换产品类型';
    case '18027':
      return `图片无法访问或不是图片${t}`;
    case '8560':
      return '父体SKU在亚马逊上不存在,请先上传父体';
    case '90111':
      return '变体主题不适用于该产品类型,或子体缺少变体属性';
    case '8016':
      return 'SKU超过40个字符';
    case '90404':
      return '亚马逊上还没有这个商品,请先上传商品基本信息';
    case CHECK_CODES.noProductType:
      return '商品没有选择产品类型(模板),请在编辑器的产品属性中选择';
    case CHECK_CODES.productTypeUnavailable:
      return '该产品类型在此站点不可用,请更换产品类型或站点';
    case CHECK_CODES.noTitle:
      return '缺少该站点语言的标题';
    case CHECK_CODES.noPrice:
      return '缺少该站点国家的价格';
    case CHECK_CODES.noImage:
      return '缺少主图';
    case CHECK_CODES.noEan:
      return '缺少EAN(变体的EAN,或无变体商品基本信息中的产品ID),且账号未开启EAN豁免';
    case CHECK_CODES.notListed:
      return '该SKU还没有在亚马逊上架,请先上传商品基本信息';
    case CHECK_CODES.noVariations:
      return '商品没有变体,无需上传变体关系';
    case CHECK_CODES.noText:
      return `缺少该站点语言的${t || '文本'}(亚马逊不强制,但买家看不到)`;
    case CHECK_CODES.imageTooSmall:
      return `图片太小${t}:亚马逊要求最长边至少500像素`;
    case CHECK_CODES.imageNoZoom:
      return '主图最长边不足1000像素,买家无法放大查看';
    case CHECK_CODES.sensitiveWord:
      return `${t}含敏感词,请修改后再上传`;
    default:
      return `亚马逊返回问题(代码${issue.code || '无'})${t ? `,涉及${t}` : ''}`;
  }
}

/** An item's stored issue as the error feed shows it: Chinese, the original, and the editor field. */
export function readIssue(issue: StoredIssue, marketplace: string, schema?: SchemaNode): UploadIssue {
  const attr = issue.attributeNames?.[0];
  const title = titleOf(attr, schema);
  return {
    code: issue.code ?? '',
    severity: issue.severity,
    message: issue.message,
    message_zh: chinese(issue, title),
    attribute_names: issue.attributeNames ?? [],
    field: editorFieldOf(attr, marketplace, title),
    source: issue.source ?? 'amazon',
  };
}
