import { listingLanguage } from '@console/shared/constants/listing-language';
import type { MarketplaceInfo } from '@console/shared/constants/marketplaces';
import { type Minor, moneyToNumber } from '@console/shared/money';
import type { UploadType } from '@console/shared/schemas/upload';
import type { SchemaNode } from '../../marketplace/product-type.catalog.js';
import type { ListingAttributes, PatchOperation } from '../../marketplace/sp-api.types.js';
import type { StoredDescs, StoredExtra, StoredImages, StoredParentage, StoredPrices } from '../goods/goods.tables.js';
import { type GpsrListingProfile, gpsrAttributes } from '../gpsr/gpsr-attributes.js';
import type { ItemPayload, StoredIssue } from './upload.tables.js';

/** A product as the mapper reads it. */
export interface MapGoods {
  id: number;
  sku: string;
  base_info: { brand_name?: string; vendor?: string; quantity?: number; deal_time?: number; product_id?: string };
  descs: StoredDescs;
  prices: StoredPrices;
  parentage: StoredParentage;
  images: StoredImages;
  extra_attrs: StoredExtra;
}

/** The account fields a listing carries (brand, manufacturer, EU compliance, the EAN exemption). */
export interface MapAccount {
  brand_name: string;
  vendor: string;
  dsa_responsible_party_address: string;
  gpsr_manufacturer_email_address: string;
  is_not_use_ean: number;
}

/** One listing to send: a single product, a parent, or one variation. */
export interface MappedItem {
  role: 'single' | 'parent' | 'child';
  /** '' for the product itself, the variation's SKU for a child. */
  variationKey: string;
  sellerSku: string;
  parentSku: string | null;
  productType: string | null;
  payload: ItemPayload | Record<string, never>;
  /** Problems found while mapping (nothing is sent when one is an error). */
  issues: StoredIssue[];
}

/** What mapping needs besides the product. */
export interface MapContext {
  goods: MapGoods;
  account: MapAccount;
  marketplace: MarketplaceInfo;
  /** The product type's schema in this marketplace (undefined: not offered there). */
  schema: SchemaNode | undefined;
  type: UploadType;
  /** Seller SKU by variation key ('' for the product). */
  sellerSkus: ReadonlyMap<string, string>;
  /** The URL a marketplace fetches an image of the product from (absolute, public). */
  imageUrl: (url: string) => string;
  /** The product's GPSR profile in this marketplace (docs/gpsr.md): replaces the account's EU fields. */
  gpsr?: GpsrListingProfile | undefined;
}

/** The payload of an item that cannot be built (it is never sent). */
const NO_PAYLOAD: Record<string, never> = {};

/** A check issue (Chinese `message` is produced later by the issue reader from the code). */
export function checkIssue(code: string, message: string, attributeNames: string[] = []): StoredIssue {
  return { code, message, severity: 'ERROR', attributeNames, categories: ['check'], source: 'check' };
}

/** Issue codes of the pre-send check that Amazon does not have (see docs/upload.md). */
export const CHECK_CODES = {
  noProductType: 'C001',
  productTypeUnavailable: 'C002',
  noTitle: 'C003',
  noPrice: 'C004',
  noImage: 'C005',
  noEan: 'C006',
  notListed: 'C007',
  noVariations: 'C008',
  // C020-C029: checks added with the check before sending (listing-precheck.ts, issue 28 §2).
  /** No bullet points / description in the marketplace language (a warning: Amazon does not require them). */
  noText: 'C020',
  /** An image under 500 px on its longest side (an error for the main image). */
  imageTooSmall: 'C021',
  /** The main image under 1000 px: listed, but buyers cannot zoom (a warning). */
  imageNoZoom: 'C022',
  /** A sensitive word of the tenant's list in a text that is sent. */
  sensitiveWord: 'C023',
  required: '90220',
  invalid: '90244',
} as const;

/** Quantity of a product without one: a stable number in the spec's default range 19-55. */
function stableQuantity(key: string): number {
  let h = 0;
  for (const ch of key) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return 19 + (h % 37);
}

/**
 * An image URL made absolute on `base` (a console path) and percent-encoded, as Amazon needs
 * it; the console's own files become their signed public links (files/public-link.ts).
 */
export function absoluteImageUrl(url: string, base: string): string {
  const abs = /^https?:\/\//i.test(url) ? url : `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  try {
    // Spaces and non-ASCII characters percent-encoded, as a URL must be.
    return new URL(abs).href;
  } catch {
    return abs;
  }
}

/** Fills `marketplace_id` / `language_tag` into every value whose schema has them, and drops attributes the schema lacks. */
export function fitToSchema(attrs: ListingAttributes, schema: SchemaNode, m: MarketplaceInfo): ListingAttributes {
  const props = (schema.properties ?? {}) as Record<string, SchemaNode>;
  const out: ListingAttributes = {};
  for (const [name, values] of Object.entries(attrs)) {
    const prop = props[name];
    if (!prop || !Array.isArray(values) || values.length === 0) continue;
    const itemProps = ((prop.items as SchemaNode | undefined)?.properties ?? {}) as Record<string, unknown>;
    out[name] = values.map((item) => {
      if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
      const filled: Record<string, unknown> = { ...(item as Record<string, unknown>) };
      if ('marketplace_id' in itemProps && filled.marketplace_id === undefined) filled.marketplace_id = m.marketplaceId;
      if ('language_tag' in itemProps && filled.language_tag === undefined) filled.language_tag = m.languageTag;
      return filled;
    });
  }
  return out;
}

const one = (value: unknown) => [{ value }];
/** Amazon's identifier type of a barcode by its length: 12 digits UPC, 14 GTIN, else EAN. */
const barcodeType = (code: string) => (code.length === 12 ? 'upc' : code.length === 14 ? 'gtin' : 'ean');
const texts = (values: string[]) => values.filter((v) => v.trim() !== '').map((value) => ({ value }));

/** The offer attributes: price of the marketplace's country, quantity and handling time. */
function offerAttrs(ctx: MapContext, quantity: number): ListingAttributes {
  const out: ListingAttributes = {};
  const price = ctx.goods.prices[ctx.marketplace.code];
  if (price) {
    out.purchasable_offer = [
      {
        currency: price.currency,
        our_price: [{ schedule: [{ value_with_tax: moneyToNumber(price.price as Minor, price.currency) }] }],
      },
    ];
  }
  const days = ctx.goods.base_info.deal_time;
  out.fulfillment_availability = [
    { fulfillment_channel_code: 'DEFAULT', quantity, ...(days ? { lead_time_to_ship_max_days: days } : {}) },
  ];
  return out;
}

/** Image attributes: the main image and up to 8 others. */
function imageAttrs(urls: string[], toUrl: (url: string) => string): ListingAttributes {
  const out: ListingAttributes = {};
  const abs = urls.filter(Boolean).map(toUrl);
  if (abs[0]) out.main_product_image_locator = [{ media_location: abs[0] }];
  abs.slice(1, 9).forEach((u, i) => {
    out[`other_product_image_locator_${i + 1}`] = [{ media_location: u }];
  });
  return out;
}

/** The variation attributes of a parent or child. */
function relationAttrs(ctx: MapContext, role: MappedItem['role'], parentSku: string | null): ListingAttributes {
  if (role === 'single') return {};
  const theme = ctx.goods.parentage.theme || ctx.goods.parentage.attrs.join('/').toUpperCase();
  const out: ListingAttributes = {
    parentage_level: one(role),
    variation_theme: [{ name: theme }],
  };
  if (role === 'child' && parentSku) {
    out.child_parent_sku_relationship = [{ child_relationship_type: 'variation', parent_sku: parentSku }];
  }
  return out;
}

/** Every attribute of a full listing (`good`). */
function fullAttrs(
  ctx: MapContext,
  role: MappedItem['role'],
  child: StoredParentage['children'][number] | undefined,
  parentSku: string | null,
): ListingAttributes {
  const { goods, account } = ctx;
  const lang = listingLanguage(ctx.marketplace.code);
  const desc = lang ? goods.descs[lang.key] : undefined;
  const variationText = child ? Object.values(child.values).filter(Boolean).join(', ') : '';
  const title = desc?.title?.trim() ? `${desc.title.trim()}${variationText ? ` (${variationText})` : ''}` : '';
  const brand = goods.base_info.brand_name?.trim() || account.brand_name.trim();
  const manufacturer = goods.base_info.vendor?.trim() || account.vendor.trim() || brand;
  const a: ListingAttributes = {
    // Defaults first: the template's own values (extraAttrs) replace them.
    condition_type: one('new_new'),
    country_of_origin: one('CN'),
    supplier_declared_dg_hz_regulation: one('not_applicable'),
    ...structuredClone(goods.extra_attrs?.attributes ?? {}),
  } as ListingAttributes;
  if (title) a.item_name = one(title);
  if (brand) a.brand = one(brand);
  if (manufacturer) a.manufacturer = one(manufacturer);
  if (desc) {
    const bullets = texts(desc.bullet_points ?? []);
    if (bullets.length) a.bullet_point = bullets;
    if (desc.product_description?.trim()) a.product_description = one(desc.product_description.trim());
    if (desc.search_terms?.trim()) a.generic_keyword = one(desc.search_terms.trim());
  }
  if (account.dsa_responsible_party_address.trim())
    a.dsa_responsible_party_address = one(account.dsa_responsible_party_address.trim());
  if (account.gpsr_manufacturer_email_address.trim())
    a.gpsr_manufacturer_reference = [
      { gpsr_manufacturer_email_address: account.gpsr_manufacturer_email_address.trim() },
    ];
  if (ctx.gpsr) Object.assign(a, gpsrAttributes(ctx.gpsr, ctx.marketplace, ctx.imageUrl));
  const images = [...(child?.images ?? []), ...goods.images.map((i) => i.url)];
  Object.assign(a, imageAttrs([...new Set(images)], ctx.imageUrl));
  Object.assign(a, relationAttrs(ctx, role, parentSku));
  if (child) for (const [attr, value] of Object.entries(child.values)) if (value) a[attr] = one(value);
  if (role !== 'parent') {
    // A variation's EAN; a single product's 产品ID when it is a barcode (EAN/UPC/GTIN) or an ASIN.
    const code = (child ? child.ean : goods.base_info.product_id)?.trim() ?? '';
    if (/^(\d{8}|\d{12,14})$/.test(code))
      a.externally_assigned_product_identifier = [{ type: barcodeType(code), value: code }];
    else if (!child && /^B0[A-Z0-9]{8}$/.test(code)) a.merchant_suggested_asin = one(code);
    else if (account.is_not_use_ean) a.supplier_declared_has_product_identifier_exemption = one(true);
    const quantity = child?.quantity ?? goods.base_info.quantity ?? stableQuantity(`${goods.id}:${child?.sku ?? ''}`);
    Object.assign(a, offerAttrs(ctx, quantity));
  } else {
    delete a.purchasable_offer;
    delete a.fulfillment_availability;
  }
  return a;
}

/** The attributes a partial upload type replaces. */
function partialAttrs(
  ctx: MapContext,
  role: MappedItem['role'],
  child: StoredParentage['children'][number] | undefined,
  parentSku: string | null,
): ListingAttributes {
  const { goods } = ctx;
  switch (ctx.type) {
    case 'price': {
      if (role === 'parent') return {};
      const { purchasable_offer } = offerAttrs(ctx, 0);
      return purchasable_offer ? { purchasable_offer } : {};
    }
    case 'quantity': {
      if (role === 'parent') return {};
      const quantity = child?.quantity ?? goods.base_info.quantity ?? stableQuantity(`${goods.id}:${child?.sku ?? ''}`);
      return { fulfillment_availability: offerAttrs(ctx, quantity).fulfillment_availability! };
    }
    case 'image':
      return imageAttrs([...new Set([...(child?.images ?? []), ...goods.images.map((i) => i.url)])], ctx.imageUrl);
    case 'relation':
      return relationAttrs(ctx, role, parentSku);
    default:
      return {};
  }
}

/** Problems that make an item pointless to send, found before the schema check. */
function mappingIssues(ctx: MapContext, role: MappedItem['role'], attrs: ListingAttributes): StoredIssue[] {
  const issues: StoredIssue[] = [];
  if (ctx.type === 'good') {
    if (!attrs.item_name)
      issues.push(
        checkIssue(CHECK_CODES.noTitle, 'The listing has no title in the marketplace language.', ['item_name']),
      );
    if (!attrs.main_product_image_locator)
      issues.push(checkIssue(CHECK_CODES.noImage, 'The listing has no main image.', ['main_product_image_locator']));
  }
  if ((ctx.type === 'good' || ctx.type === 'price') && role !== 'parent' && !attrs.purchasable_offer)
    issues.push(
      checkIssue(CHECK_CODES.noPrice, 'The product has no price for this marketplace.', ['purchasable_offer']),
    );
  if (
    ctx.type === 'good' &&
    role !== 'parent' &&
    !attrs.externally_assigned_product_identifier &&
    !attrs.merchant_suggested_asin &&
    !attrs.supplier_declared_has_product_identifier_exemption
  )
    issues.push(
      checkIssue(CHECK_CODES.noEan, 'The listing has no product identifier (EAN) and no exemption.', [
        'externally_assigned_product_identifier',
      ]),
    );
  return issues;
}

/**
 * Maps one product to the listings of one marketplace for an upload type: a product without
 * variations is one `single` listing; one with variations is a `parent` and a `child` per
 * variation (parents first). `good` sends whole listings (`UPDATE`); the other types patch
 * the attributes they own (`PATCH`). Values come from the marketplace's language
 * (`commonData.descs`), its country's price, the product's images as absolute URLs, the
 * account's brand/manufacturer/EU fields and the template's `extraAttrs` (docs/upload.md
 * "Mapping").
 */
export function mapGoods(ctx: MapContext): MappedItem[] {
  const { goods } = ctx;
  const productType = goods.extra_attrs?.template?.product_type?.toUpperCase() ?? null;
  const children = goods.parentage?.children ?? [];
  const parentSku = ctx.sellerSkus.get('') ?? '';
  const shapes: { role: MappedItem['role']; child?: StoredParentage['children'][number] }[] = children.length
    ? [{ role: 'parent' }, ...children.map((child) => ({ role: 'child' as const, child }))]
    : [{ role: 'single' }];
  return shapes.map(({ role, child }) => {
    const variationKey = child?.sku ?? '';
    const sellerSku = ctx.sellerSkus.get(variationKey) ?? '';
    const parent = role === 'child' ? parentSku : null;
    const base = { role, variationKey, sellerSku, parentSku: parent, productType };
    if (!productType)
      return {
        ...base,
        payload: NO_PAYLOAD,
        issues: [checkIssue(CHECK_CODES.noProductType, 'The product has no product type (template).', [])],
      };
    if (!ctx.schema)
      return {
        ...base,
        payload: NO_PAYLOAD,
        issues: [
          checkIssue(
            CHECK_CODES.productTypeUnavailable,
            `The product type ${productType} is not available in the marketplace.`,
            [],
          ),
        ],
      };
    if (ctx.type === 'relation' && role === 'single')
      return {
        ...base,
        payload: NO_PAYLOAD,
        issues: [checkIssue(CHECK_CODES.noVariations, 'The product has no variations.', ['variation_theme'])],
      };
    const raw = ctx.type === 'good' ? fullAttrs(ctx, role, child, parent) : partialAttrs(ctx, role, child, parent);
    const attrs = fitToSchema(raw, ctx.schema, ctx.marketplace);
    const issues = mappingIssues(ctx, role, attrs);
    if (ctx.type === 'good')
      return { ...base, payload: { operation: 'UPDATE', productType, attributes: attrs }, issues };
    const patches: PatchOperation[] = Object.entries(attrs).map(([name, value]) => ({
      op: 'replace',
      path: `/attributes/${name}`,
      value,
    }));
    return { ...base, payload: { operation: 'PATCH', productType, patches }, issues };
  });
}

/**
 * The values a product's listing in a marketplace carries, as `mapGoods` builds them but
 * before they are fitted to a product type schema: what will be sent once the item can be
 * built (the edit queue shows these for items never sent; `variationKey` '' is the product
 * itself, a variation's SKU its child listing).
 */
export function listingValues(ctx: Omit<MapContext, 'schema'>, variationKey: string): ListingAttributes {
  const children = ctx.goods.parentage?.children ?? [];
  const child = variationKey ? children.find((c) => c.sku === variationKey) : undefined;
  const role: MappedItem['role'] = child ? 'child' : children.length ? 'parent' : 'single';
  const parentSku = role === 'child' ? (ctx.sellerSkus.get('') ?? '') : null;
  const full = { ...ctx, schema: undefined };
  return ctx.type === 'good' ? fullAttrs(full, role, child, parentSku) : partialAttrs(full, role, child, parentSku);
}
