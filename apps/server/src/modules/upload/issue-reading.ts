import { listingLanguage } from '@console/shared/constants/listing-language';
import { countryName } from '@console/shared/constants/marketplaces';
import type { EditorField, UploadIssue } from '@console/shared/schemas/upload';
import { findMarketplace, loadProductTypeSchema, type SchemaNode } from '../../marketplace/product-type.catalog.js';
import { CHECK_CODES } from './listing-mapper.js';
import type { ItemPayload, StoredIssue } from './upload.tables.js';

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

/** A listing's role (single product, parent, variation): says where its EAN is edited. */
export type IssueRole = 'single' | 'parent' | 'child';

/** The extra attributes pane's name in the editor (its tab). */
const ATTR_PANE = '扩展属性';

/** The EAN field: a single product's 产品ID in 基础信息, a variation's EAN in the variation table. */
function eanField(role: IssueRole | undefined): EditorField {
  const label =
    role === 'child' ? '变体 / EAN' : role === 'single' ? '基础信息 / 产品ID(EAN)' : '基础信息 产品ID / 变体 EAN';
  return { kind: 'ean', label };
}

/** The editor field an Amazon attribute is edited in, for a marketplace (null: no attribute). */
export function editorFieldOf(
  attr: string | undefined,
  marketplace: string,
  label: string,
  role?: IssueRole,
): EditorField | null {
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
      return { kind: 'quantity', label: '基础信息 / 库存' };
    case 'externally_assigned_product_identifier':
    case 'supplier_declared_has_product_identifier_exemption':
    case 'merchant_suggested_asin':
      return eanField(role);
    case 'brand':
    case 'manufacturer':
      return { kind: 'base', attr, label: `基础信息 / ${NAMES[attr]}` };
    case 'parentage_level':
    case 'child_parent_sku_relationship':
    case 'variation_theme':
      return { kind: 'variation', attr, label: `变体 / ${NAMES[attr]}` };
    case 'sku':
      return { kind: 'sku', label: '基础信息 / SKU' };
    default:
      if (attr === 'main_product_image_locator' || /^other_product_image_locator_\d+$/.test(attr))
        return { kind: 'images', label: '图片' };
      return { kind: 'attribute', attr, label: `${ATTR_PANE} / ${label || attr}` };
  }
}

/** The product type (template) picker of the 扩展属性 pane. */
const PRODUCT_TYPE_FIELD: EditorField = { kind: 'product_type', label: `${ATTR_PANE} / 产品类型(模板)` };
/** The product must be uploaded (商品基本信息) first: the editor's 上传到亚马逊. */
const LISTING_FIELD: EditorField = { kind: 'listing', label: '上传到亚马逊 / 商品基本信息' };
/** The 扩展属性 pane as a whole: a schema issue (missing or invalid attribute) that names no attribute. */
const ATTRIBUTES_FIELD: EditorField = { kind: 'attribute', label: ATTR_PANE };
/** Where an issue of a code the console does not know opens: the 扩展属性 pane, beside Amazon's words. */
export const UNREAD_FIELD: EditorField = { kind: 'attribute', label: `${ATTR_PANE}(对照亚马逊原文修改)` };

/**
 * Where an issue is fixed: by its code where the code says it (no product type, a parent not
 * yet uploaded, a SKU too long ...), else by the attribute it names, else the 扩展属性 pane.
 * Never null: every issue the console shows opens somewhere.
 */
export function issueField(issue: StoredIssue, marketplace: string, title: string, role?: IssueRole): EditorField {
  const attr = issue.attributeNames?.[0];
  switch (issue.code) {
    case CHECK_CODES.noProductType:
    case CHECK_CODES.productTypeUnavailable:
    case '90003':
      return PRODUCT_TYPE_FIELD;
    case CHECK_CODES.notListed:
    case '90404':
    case '100001':
    case '100002':
      return LISTING_FIELD;
    case CHECK_CODES.noVariations:
      return { kind: 'variation', label: '变体 / 启用变体' };
    case CHECK_CODES.noEan:
      return eanField(role);
    case '8016':
      return { kind: 'sku', label: '基础信息 / SKU' };
    case '8560':
      return { kind: 'variation', attr: 'child_parent_sku_relationship', label: '变体 / 父体SKU' };
    case '90111':
      // The theme, or a variation attribute (color ...) a child lacks: both are set in 变体.
      return { kind: 'variation', attr: 'variation_theme', label: '变体 / 变体主题与变体属性' };
    case CHECK_CODES.noImage:
    case CHECK_CODES.imageTooSmall:
    case CHECK_CODES.imageNoZoom:
    case '18027':
      return editorFieldOf(attr, marketplace, title, role) ?? { kind: 'images', label: '图片' };
    case CHECK_CODES.noTitle:
    case CHECK_CODES.noText:
    case CHECK_CODES.sensitiveWord:
      // A text of the marketplace's language (the title when the issue names none).
      return editorFieldOf(attr, marketplace, title, role) ?? editorFieldOf('item_name', marketplace, title)!;
    case CHECK_CODES.noPrice:
      return editorFieldOf('purchasable_offer', marketplace, title)!;
    case CHECK_CODES.required:
    case CHECK_CODES.invalid:
    case '99022':
    case '99023':
      return editorFieldOf(attr, marketplace, title, role) ?? ATTRIBUTES_FIELD;
  }
  return editorFieldOf(attr, marketplace, title, role) ?? UNREAD_FIELD;
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
      return t ? `缺少必填属性${t}` : '缺少产品类型要求的必填属性,请对照亚马逊原文补全';
    case '99022':
      return `${t || '属性'}的值数量不足`;
    case '99023':
      return `${t || '属性'}的值数量过多`;
    case '90244':
      return t ? `${t}的值不符合亚马逊的要求` : '商品信息不符合产品类型的要求,请对照亚马逊原文修改';
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
      return '商品没有选择产品类型(模板),请在编辑器的扩展属性中选择';
    case CHECK_CODES.productTypeUnavailable:
      return '该产品类型在此站点不可用,请在扩展属性中更换产品类型,或不上传到这个站点';
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
    case '100001':
      return '亚马逊无法处理这次上传的文件,请重新提交';
    case '100002':
      return '亚马逊拒收了上传文件中的这条商品消息,请重新提交';
    default:
      return `亚马逊返回了控制台无法识别的问题(代码${issue.code || '无'})${t ? `,涉及${t}` : ''},请对照下方亚马逊原文修改`;
  }
}

/** An issue as the console shows it: always with the editor field that fixes it. */
export type ReadIssue = UploadIssue & { field: EditorField };

/**
 * An item's stored issue as the error feed (and the check before sending) shows it: Chinese,
 * the original, where it came from, and the editor field it is fixed in. `role` (the item's:
 * single product, parent, variation) says where an EAN is edited; `schema` gives attribute titles.
 */
export function readIssue(issue: StoredIssue, marketplace: string, schema?: SchemaNode, role?: IssueRole): ReadIssue {
  const attr = issue.attributeNames?.[0];
  const title = titleOf(attr, schema);
  return {
    code: issue.code ?? '',
    severity: issue.severity,
    message: issue.message,
    message_zh: chinese(issue, title),
    attribute_names: issue.attributeNames ?? [],
    field: issueField(issue, marketplace, title, role),
    source: issue.source ?? 'amazon',
  };
}

/**
 * The issues of one stored item, read: with its role (where its EAN is edited) and the
 * attribute titles of its product type's shipped template (when the console ships that type).
 */
export function readItemIssues(item: {
  issues: unknown;
  marketplace: string;
  role: string;
  payload: unknown;
}): ReadIssue[] {
  const payload = item.payload as Partial<ItemPayload> | null;
  const m = findMarketplace(item.marketplace);
  const schema = payload?.productType && m ? loadProductTypeSchema(payload.productType, m) : undefined;
  const role = ['single', 'parent', 'child'].includes(item.role) ? (item.role as IssueRole) : undefined;
  return ((item.issues ?? []) as StoredIssue[]).map((x) => readIssue(x, item.marketplace, schema, role));
}
