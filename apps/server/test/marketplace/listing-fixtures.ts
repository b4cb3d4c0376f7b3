import type { ListingAttributes } from '../../src/marketplace/sp-api.types.js';

/** Amazon.com's marketplace id. */
export const US = 'ATVPDKIKX0DER';

const text = (value: string) => [{ value, language_tag: 'en_US', marketplace_id: US }];
const one = (value: unknown) => [{ value, marketplace_id: US }];

/**
 * A HAIRBAND listing for Amazon.com that passes the vendored schema, with its main image
 * at `imageUrl`. `extra` adds or replaces attributes.
 */
export function hairband(imageUrl: string, extra: ListingAttributes = {}): ListingAttributes {
  return {
    item_name: text('Velvet hairband'),
    brand: text('KUUQA'),
    manufacturer: text('KUUQA'),
    bullet_point: text('Soft velvet'),
    product_description: text('A soft velvet hairband'),
    generic_keyword: text('hairband velvet'),
    age_range_description: text('Adult'),
    lifestyle: text('Casual'),
    target_audience_keyword: text('Women'),
    target_gender: one('female'),
    item_type_keyword: one('hair-bands'),
    fabric_type: text('Velvet'),
    color: text('Red'),
    country_of_origin: one('CN'),
    supplier_declared_dg_hz_regulation: one('not_applicable'),
    supplier_declared_has_product_identifier_exemption: one(true),
    condition_type: one('new_new'),
    merchant_shipping_group: one('legacy-template-id'),
    is_expiration_dated_product: one(false),
    batteries_required: one(false),
    number_of_items: one(1),
    unit_count: [{ value: 1, type: { value: '个', language_tag: 'en_US' }, marketplace_id: US }],
    list_price: [{ value: 9.99, currency: 'USD', marketplace_id: US }],
    fulfillment_availability: [{ fulfillment_channel_code: 'DEFAULT', quantity: 10 }],
    purchasable_offer: [{ currency: 'USD', marketplace_id: US, our_price: [{ schedule: [{ value_with_tax: 9.99 }] }] }],
    item_package_dimensions: [
      {
        height: { unit: 'centimeters', value: 2 },
        length: { unit: 'centimeters', value: 20 },
        width: { unit: 'centimeters', value: 10 },
        marketplace_id: US,
      },
    ],
    item_package_weight: [{ value: 50, unit: 'grams', marketplace_id: US }],
    main_product_image_locator: [{ media_location: imageUrl, marketplace_id: US }],
    ...extra,
  };
}
