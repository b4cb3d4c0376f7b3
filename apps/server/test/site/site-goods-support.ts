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
