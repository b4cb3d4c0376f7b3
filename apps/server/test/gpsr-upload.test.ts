// GPSR profiles in the listing payload (issue 31 §3): the mapping against Amazon's real
// HAIRBAND definition (vendored), and a sandbox upload whose German listing carries the
// product's profile and goes live through the simulator's schema validation.
import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import { describe, expect, it } from 'vitest';
import { findMarketplace, loadProductTypeSchema } from '../src/marketplace/product-type.catalog.js';
import { type GpsrListingProfile, gpsrAttributes } from '../src/modules/gpsr/gpsr-attributes.js';
import { checkItem } from '../src/modules/upload/listing-check.js';
import { type MapGoods, mapGoods } from '../src/modules/upload/listing-mapper.js';
import { call } from './harness.js';
import { homeGoods, runUntilDone, saveGoods, tenantWithShop, useUploadApp } from './upload/upload-support.js';

const { t, img } = useUploadApp(20);

const PROFILE: GpsrListingProfile = {
  manufacturer_name: 'Shenzhen Acme Co., Ltd.',
  manufacturer_email: 'maker@acme.example',
  rp_email: 'eu-rp@acme.example',
  safety_attestation: true,
  warnings: { de: 'Nicht für Kinder unter 3 Jahren.', en: 'Not for children under 3.' },
  documents: [
    {
      url: '/PDD/files/t1/2026/11/0b7e2b1e-6a47-4c4e-9d0e-1c2b3a4d5e6f.pdf',
      name: 'Anleitung.pdf',
      size: 100,
      doc_type: 'user_manual',
      language: 'de',
    },
    // The same type and language again: one item per selector combination.
    {
      url: '/PDD/files/t1/2026/11/1b7e2b1e-6a47-4c4e-9d0e-1c2b3a4d5e6f.pdf',
      name: 'Anleitung2.pdf',
      size: 100,
      doc_type: 'user_manual',
      language: 'de',
    },
  ],
};

/** A complete single HAIRBAND product (Amazon's real definition) for Germany. */
function hairband(): MapGoods {
  const text = {
    title: 'Haarband',
    bullet_points: ['Weich'],
    product_description: 'Ein Haarband',
    search_terms: 'haar',
  };
  return {
    id: 1,
    sku: 'HB1',
    base_info: { brand_name: 'Acme', vendor: 'Acme', quantity: 5, product_id: '4006381333931' },
    descs: { de: text } as MapGoods['descs'],
    prices: { de: { price: 1299, currency: 'EUR' } } as MapGoods['prices'],
    parentage: { theme: '', attrs: [], children: [] } as unknown as MapGoods['parentage'],
    images: [{ url: 'https://img.example/hb.jpg' }] as MapGoods['images'],
    extra_attrs: {
      template: { product_type: 'HAIRBAND', marketplace: 'de' },
      attributes: {
        item_type_keyword: [{ value: 'hair-bands' }],
        fabric_type: [{ value: 'Cotton' }],
        age_range_description: [{ value: 'Adult' }],
        lifestyle: [{ value: 'Casual' }],
        target_audience_keyword: [{ value: 'women' }],
        target_gender: [{ value: 'female' }],
        merchant_shipping_group: [{ value: 'legacy-template-id' }],
        number_of_items: [{ value: 1 }],
        color: [{ value: 'Red' }],
        unit_count: [{ type: { value: '个', language_tag: 'de_DE' }, value: 1 }],
        list_price: [{ currency: 'EUR', value: 14.99 }],
      },
    } as MapGoods['extra_attrs'],
  };
}

describe('GPSR attributes of a listing', () => {
  it('maps a profile to HAIRBAND’s GPSR attributes, only those the schema has, and the listing passes the schema', () => {
    const m = marketplaceByCode('de')!;
    const schema = loadProductTypeSchema('HAIRBAND', findMarketplace('de')!)!;
    const props = schema.properties as Record<string, unknown>;
    const raw = gpsrAttributes(PROFILE, m, (u) => `https://console.example${u}`);
    // Every attribute but the warning is one of the real definition's.
    expect(Object.keys(raw).filter((k) => !(k in props))).toEqual(['safety_warning']);
    const account = {
      brand_name: 'Acme',
      vendor: 'Acme',
      dsa_responsible_party_address: 'acct-rp@acme.example',
      gpsr_manufacturer_email_address: 'acct-maker@acme.example',
      is_not_use_ean: 0,
    };
    const [item] = mapGoods({
      goods: hairband(),
      account,
      marketplace: m,
      schema,
      type: 'good',
      sellerSkus: new Map([['', 'SKU-HB1']]),
      imageUrl: (u) => `https://console.example${u}`,
      gpsr: PROFILE,
    });
    const attrs = (item!.payload as { attributes: Record<string, unknown> }).attributes;
    const mid = m.marketplaceId;
    expect(attrs).toMatchObject({
      manufacturer: [{ value: 'Shenzhen Acme Co., Ltd.', language_tag: 'de_DE', marketplace_id: mid }],
      gpsr_manufacturer_reference: [{ gpsr_manufacturer_email_address: 'maker@acme.example', marketplace_id: mid }],
      dsa_responsible_party_address: [{ value: 'eu-rp@acme.example', marketplace_id: mid }],
      gpsr_safety_attestation: [{ value: true, marketplace_id: mid }],
      compliance_media: [
        {
          content_type: 'user_manual',
          content_language: 'de_DE',
          source_location: 'https://console.example/PDD/files/t1/2026/11/0b7e2b1e-6a47-4c4e-9d0e-1c2b3a4d5e6f.pdf',
          marketplace_id: mid,
        },
      ],
    });
    expect(attrs).not.toHaveProperty('safety_warning');
    expect(checkItem(item!, schema, 'gpsr-hairband-de')).toEqual([]);
    // Without a profile the account's e-mails are sent as before.
    const [plain] = mapGoods({
      goods: hairband(),
      account,
      marketplace: m,
      schema,
      type: 'good',
      sellerSkus: new Map([['', 'SKU-HB1']]),
      imageUrl: (u) => u,
    });
    expect((plain!.payload as { attributes: Record<string, unknown> }).attributes).toMatchObject({
      gpsr_manufacturer_reference: [{ gpsr_manufacturer_email_address: 'acct-maker@acme.example' }],
      dsa_responsible_party_address: [{ value: 'acct-rp@acme.example' }],
    });
  });

  it('a sandbox upload sends the profile of the product’s marketplace and goes live', async () => {
    const { s, shop } = await tenantWithShop(t);
    const g = await saveGoods(t.app, s, homeGoods('GPSR-UP', img.base));
    const profile = await call(t.app, s, 'POST', '/PDD/gpsr/profile/create', {
      name: '欧盟档案',
      manufacturer_name: 'Shenzhen Acme Co., Ltd.',
      manufacturer_address: 'No. 1 Keji Road, Shenzhen',
      manufacturer_email: 'maker@acme.example',
      rp_name: 'Acme EU GmbH',
      rp_address: 'Hauptstraße 1, Berlin',
      rp_email: 'eu-rp@acme.example',
      safety_attestation: true,
    });
    expect(profile.status, profile.msg).toBe(200);
    const applied = await call(t.app, s, 'POST', '/PDD/gpsr/apply', {
      profile_id: profile.data.id,
      marketplaces: ['de'],
      ids: [g.id],
    });
    expect(applied.status, applied.msg).toBe(200);

    // The check before sending shows what the listing will carry, per marketplace.
    const check = await call(t.app, s, 'POST', '/PDD/upload/check', {
      shop_id: shop.id,
      marketplaces: ['de', 'fr'],
      upload_type: 'good',
      ids: [g.id],
    });
    expect(check.status, check.msg).toBe(200);
    const pairIn = (code: string) => check.data.list.find((p: { marketplace: string }) => p.marketplace === code);
    expect(pairIn('de').gpsr).toEqual([
      { attribute: 'manufacturer', label: '制造商', value: 'Shenzhen Acme Co., Ltd.' },
      { attribute: 'gpsr_manufacturer_reference', label: '制造商邮箱', value: 'maker@acme.example' },
      { attribute: 'dsa_responsible_party_address', label: '欧盟负责人邮箱', value: 'eu-rp@acme.example' },
      { attribute: 'gpsr_safety_attestation', label: '安全声明', value: '是' },
    ]);
    expect(pairIn('fr')).not.toHaveProperty('gpsr');

    const created = await call(t.app, s, 'POST', '/PDD/upload/create', {
      shop_id: shop.id,
      marketplaces: ['de', 'fr'],
      upload_type: 'good',
      ids: [g.id],
    });
    expect(created).toMatchObject({ status: 200, data: { items: 2, invalid: 0 } });
    const rows = await t.db
      .selectFrom('upload_items')
      .select(['marketplace', 'payload'])
      .where('queue_id', '=', created.data.queue_id)
      .execute();
    const attrsOf = (code: string) =>
      (rows.find((r) => r.marketplace === code)!.payload as { attributes: Record<string, unknown> }).attributes;
    expect(attrsOf('de')).toMatchObject({
      manufacturer: [{ value: 'Shenzhen Acme Co., Ltd.' }],
      gpsr_manufacturer_reference: [{ gpsr_manufacturer_email_address: 'maker@acme.example' }],
      dsa_responsible_party_address: [{ value: 'eu-rp@acme.example' }],
      gpsr_safety_attestation: [{ value: true }],
    });
    // France has no profile applied (and the account no e-mails): nothing GPSR is sent there.
    expect(attrsOf('fr')).not.toHaveProperty('gpsr_safety_attestation');
    expect(attrsOf('fr')).not.toHaveProperty('dsa_responsible_party_address');

    const done = await runUntilDone(t.deps, created.data.queue_id);
    expect(done.status).toBe('done');
    const statuses = await t.db
      .selectFrom('upload_items')
      .select('status')
      .where('queue_id', '=', created.data.queue_id)
      .execute();
    expect(statuses.map((r) => r.status)).toEqual(['live', 'live']);
  });
});
