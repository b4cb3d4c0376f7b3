// The pre-send check against real product type schemas (issue 28 §1): a product without an
// EAN got a nameless `[90244] The value of '' is invalid (if).` beside C006 (the schema's
// if/then "no EAN, no ASIN, no exemption -> an EAN is required", reported by ajv as a
// `required` error plus an `if` error at the listing's root), and it never went away because
// a single product had no EAN field. Complete products pass.
import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import { describe, expect, it } from 'vitest';
import { findMarketplace, loadProductTypeSchema, type SchemaNode } from '../../src/marketplace/product-type.catalog.js';
import { checkItem } from '../../src/modules/upload/listing-check.js';
import { type MapAccount, type MapGoods, mapGoods } from '../../src/modules/upload/listing-mapper.js';

const ACCOUNT: MapAccount = {
  brand_name: 'Acme',
  vendor: 'Acme',
  dsa_responsible_party_address: '',
  gpsr_manufacturer_email_address: '',
  is_not_use_ean: 0,
};

/** Attributes HAIRBAND (Amazon's real definition) requires of a single product, also conditionally. */
const HAIRBAND_ATTRS = {
  item_type_keyword: [{ value: 'hair-bands' }],
  fabric_type: [{ value: 'Cotton' }],
  age_range_description: [{ value: 'Adult' }],
  lifestyle: [{ value: 'Casual' }],
  target_audience_keyword: [{ value: 'women' }],
  target_gender: [{ value: 'female' }],
  merchant_shipping_group: [{ value: 'legacy-template-id' }],
  number_of_items: [{ value: 1 }],
  color: [{ value: 'Red' }],
  unit_count: [{ type: { value: '个', language_tag: 'en_GB' }, value: 1 }],
  list_price: [{ currency: 'GBP', value: 14.99 }],
};
const DRINKING_CUP_ATTRS = {
  item_type_keyword: [{ value: 'cups' }],
  capacity: [{ value: 350, unit: 'milliliters' }],
  item_shape: [{ value: 'Round' }],
};

function goods(productType: string, attributes: Record<string, unknown>, productId = ''): MapGoods {
  const text = { title: 'Cup', bullet_points: ['One'], product_description: 'A cup', search_terms: 'cup' };
  return {
    id: 1,
    sku: 'CUP1',
    base_info: { brand_name: 'Acme', vendor: 'Acme', quantity: 5, product_id: productId },
    descs: { en: text, de: text } as MapGoods['descs'],
    prices: { en: { price: 1299, currency: 'GBP' }, de: { price: 1299, currency: 'EUR' } } as MapGoods['prices'],
    parentage: { theme: '', attrs: [], children: [] } as unknown as MapGoods['parentage'],
    images: [{ url: 'https://img.example/cup.jpg' }] as MapGoods['images'],
    extra_attrs: { template: { product_type: productType, marketplace: 'en' }, attributes } as MapGoods['extra_attrs'],
  };
}

/** The issues of a single product in a marketplace, as the pipeline finds them before sending. */
function check(g: MapGoods, code: string, account: MapAccount = ACCOUNT, schemaOverride?: [string, SchemaNode]) {
  const productType = g.extra_attrs.template!.product_type;
  const m = marketplaceByCode(code)!;
  const schema = schemaOverride?.[1] ?? loadProductTypeSchema(productType, findMarketplace(code)!);
  const [item] = mapGoods({
    goods: g,
    account,
    marketplace: m,
    schema,
    type: 'good',
    sellerSkus: new Map([['', 'SKU-CUP1']]),
    imageUrl: (u) => u,
  });
  // The key names the compiled validator (one per schema).
  return checkItem(item!, schema, `test-${productType}-${code}-${schemaOverride?.[0] ?? ''}`);
}
const brief = (issues: ReturnType<typeof check>) => issues.map((i) => `${i.code} ${i.attributeNames?.join(',') ?? ''}`);

describe('the pre-send check on real product type schemas', () => {
  it('reports a missing EAN once, as C006, without a nameless if/then error (DRINKING_CUP, HAIRBAND)', () => {
    expect(brief(check(goods('DRINKING_CUP', DRINKING_CUP_ATTRS), 'de'))).toEqual([
      'C006 externally_assigned_product_identifier',
    ]);
    // HAIRBAND's rules also ask for an ASIN instead: the same missing identifier, said once.
    expect(brief(check(goods('HAIRBAND', HAIRBAND_ATTRS), 'en'))).toEqual([
      'C006 externally_assigned_product_identifier',
    ]);
  });

  it('passes a complete single product: with its 产品ID as EAN, or with the account exempt from EANs', () => {
    expect(check(goods('DRINKING_CUP', DRINKING_CUP_ATTRS, '4006381333931'), 'de')).toEqual([]);
    expect(check(goods('HAIRBAND', HAIRBAND_ATTRS, '4006381333931'), 'en')).toEqual([]);
    expect(check(goods('HAIRBAND', HAIRBAND_ATTRS), 'en', { ...ACCOUNT, is_not_use_ean: 1 })).toEqual([]);
  });

  it("names conditionally required attributes and never adds an issue without one (HAIRBAND's if/then)", () => {
    const issues = check(goods('HAIRBAND', { item_type_keyword: [{ value: 'x' }] }, '4006381333931'), 'en');
    expect(issues.length).toBeGreaterThan(5);
    expect(issues.filter((i) => !i.attributeNames?.length)).toEqual([]);
    expect(brief(issues)).toEqual(expect.arrayContaining(['90220 lifestyle', '90220 target_gender']));
  });

  it('names the attributes of a root rule that fails alone (a `not`, an if/then whose branch is a `not`)', () => {
    const base = loadProductTypeSchema('DRINKING_CUP', findMarketplace('de')!)!;
    const rule = (r: object): SchemaNode => ({ ...base, allOf: [...(base.allOf as object[]), r] });
    const exclusive = rule({ not: { required: ['item_shape', 'capacity'] } });
    const issues = check(goods('DRINKING_CUP', DRINKING_CUP_ATTRS, '4006381333931'), 'de', ACCOUNT, ['not', exclusive]);
    expect(issues).toEqual([
      expect.objectContaining({ code: '90244', attributeNames: ['item_shape', 'capacity'], source: 'check' }),
    ]);
    expect(issues[0]!.messageZh).toMatch(/条件规则.*「/);
    // A JSON Schema if/then, written as JSON (an object literal with `then` reads as a thenable).
    const conditional = rule(JSON.parse('{"if":{"required":["item_shape"]},"then":{"not":{"required":["capacity"]}}}'));
    const again = check(goods('DRINKING_CUP', DRINKING_CUP_ATTRS, '4006381333931'), 'de', ACCOUNT, [
      'if-not',
      conditional,
    ]);
    expect(brief(again)).toEqual(['90244 capacity']);
  });
});
