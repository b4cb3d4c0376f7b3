import { sql } from 'kysely';
import type { Database } from '../../src/db/database.js';
import type { UserRow } from '../../src/db/types.js';
import { buildGoods } from '../factories.js';
import { call, type Session, type TestContext } from '../harness.js';
import { siteBody, uploadImage } from './site-support.js';

/** Saves the tenant's site (version 0) with the given currency and languages; its answer. */
export async function makeSite(t: TestContext, s: Session, over: Record<string, unknown> = {}) {
  const res = await call(t.app, s, 'POST', '/PDD/site/basic/save', siteBody(over));
  if (res.status !== 200) throw new Error(`site save: ${res.msg}`);
  return res.data as { id: number; currency: string };
}

/** A library product of the tenant with texts in English and German, a price table, an uploaded image and two variations. */
export async function libraryProduct(
  t: TestContext,
  tenant: UserRow,
  s: Session,
  o: { title: string; prices: { country_code: string; price: number }[]; image?: string },
) {
  const image = o.image ?? (await uploadImage(t, s));
  const row = await buildGoods(t.db, tenant, {
    commonData: {
      descs: [
        { key: 'en', title: o.title, bullet_points: ['Soft', 'Warm'], product_description: `${o.title} description` },
        { key: 'de', title: `${o.title} DE`, product_description: 'Beschreibung' },
        { key: 'fr', title: `${o.title} FR` },
      ],
    },
    priceTable: o.prices,
    images: [{ url: image }, { url: 'https://img.example.com/remote.jpg' }],
    parentageTable: {
      theme: 'Color',
      attrs: ['Color'],
      children: [
        { sku: `${o.title}-RED`.replace(/\s/g, ''), values: { Color: 'Red' }, price: 1200, images: [image] },
        { sku: `${o.title}-BLUE`.replace(/\s/g, ''), values: { Color: 'Blue' }, price: 1200, images: [] },
      ],
    },
  });
  return Number(row.id);
}

/**
 * A site and one product on it for `tenant` (tenancy.test.ts: "another tenant's ids"); the
 * site is reused when the tenant has one already (other builders may make it first).
 */
export async function buildSiteGoodsRow(db: Database, tenant: UserRow, marker: string): Promise<number> {
  await db
    .insertInto('sites')
    .values({
      tenant_id: tenant.id,
      name: `${marker} site`,
      slug: `t${tenant.id}-site`,
      domains: [],
      logo_key: null,
      favicon_key: null,
      currency: 'EUR',
      languages: ['en'],
      default_language: 'en',
      contact: JSON.stringify({ email: '', phone: '', address: '' }),
      legal: JSON.stringify({}),
      published: false,
      created_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  const site = await db.selectFrom('sites').select('id').where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow();
  const row = await db
    .insertInto('site_products')
    .values({
      tenant_id: tenant.id,
      site_id: Number(site.id),
      goods_id: null,
      slug: `${marker.toLowerCase().replace(/[^a-z0-9]/g, '')}-product`,
      texts: JSON.stringify({ en: { title: `${marker} product`, description: '', bullets: [] } }),
      pictures: JSON.stringify([]),
      price: '10.00',
      compare_at_price: null,
      variations: JSON.stringify([]),
      category_ids: [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
