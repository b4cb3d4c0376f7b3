/**
 * The storefront benchmark's data (bench/site.ts): a published site with 10,000 products in
 * 40 categories and three languages, inserted by direct SQL.
 */
import { sql } from 'kysely';
import type { createDatabase } from '../apps/server/src/db/database.js';
import { benchTenant } from './support.js';

export const PRODUCTS = 10_000;
const TOP = 8;
const CHILDREN = 4;

export async function seedSite(db: ReturnType<typeof createDatabase>) {
  const tenantId = (await benchTenant(db, 'site')).id;
  const site = await db
    .insertInto('sites')
    .values({
      tenant_id: tenantId,
      name: 'Bench Home & Garden',
      slug: 'bench-site',
      domains: [],
      logo_key: null,
      favicon_key: null,
      currency: 'EUR',
      languages: ['en', 'de', 'fr'],
      default_language: 'en',
      contact: JSON.stringify({ email: 'shop@bench.example', phone: '+49 30 123', address: 'Berlin' }),
      legal: JSON.stringify({ en: { privacy: 'We keep little.', returns: '30 days.', terms: 'Be nice.' } }),
      published: true,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const siteId = Number(site.id);
  const children: number[] = [];
  const tops: string[] = [];
  for (let i = 0; i < TOP; i++) {
    const names = JSON.stringify({ en: `Department ${i}`, de: `Abteilung ${i}`, fr: `Rayon ${i}` });
    const top = await db
      .insertInto('site_categories')
      .values({ tenant_id: tenantId, site_id: siteId, slug: `dept-${i}`, names, parent_id: null, position: i })
      .returning('id')
      .executeTakeFirstOrThrow();
    tops.push(`dept-${i}`);
    for (let j = 0; j < CHILDREN; j++) {
      const child = await db
        .insertInto('site_categories')
        .values({
          tenant_id: tenantId,
          site_id: siteId,
          slug: `cat-${i}-${j}`,
          names: JSON.stringify({ en: `Category ${i}.${j}`, de: `Kategorie ${i}.${j}` }),
          parent_id: Number(top.id),
          position: j,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      children.push(Number(child.id));
    }
  }
  const text = (lang: string, word: string) => sql`jsonb_build_object(
      'title', ${`${word} `} || g || ' ' || (array['lamp','chair','table','mug','rug'])[1 + g % 5],
      'description', repeat(${`${lang}: a sturdy everyday item made to last.\n`}, 20),
      'bullets', jsonb_build_array('Solid oak', 'Hand finished', 'Two year warranty', 'Ships in 2 days', 'Made in EU'))`;
  await sql`
    insert into site_products (tenant_id, site_id, slug, texts, pictures, price, compare_at_price, variations,
      category_ids, published, published_at)
    select ${tenantId}, ${siteId}, 'product-' || g,
      jsonb_build_object('en', ${text('en', 'Bench')}, 'de', ${text('de', 'Bank')}, 'fr', ${text('fr', 'Banc')}),
      (select jsonb_agg(${`t${tenantId}/2026/11/`} || md5(g::text || k)::uuid || '.jpg') from generate_series(1, 5) k),
      (9 + g % 90)::numeric + 0.99, case when g % 3 = 0 then (20 + g % 90)::numeric + 0.99 end,
      (select jsonb_agg(jsonb_build_object('sku', 'SKU-' || g || '-' || k, 'options', jsonb_build_object('size', 'Size ' || k),
        'price', null, 'picture', null)) from generate_series(1, 3) k),
      array[(${children}::bigint[])[1 + g % ${children.length}]], true, now() - g * interval '1 minute'
    from generate_series(1, ${PRODUCTS}) g`.execute(db);
  await sql`analyze site_products`.execute(db);
  await sql`analyze site_categories`.execute(db);
  return { tops, childSlugs: children.map((_, k) => `cat-${Math.floor(k / CHILDREN)}-${k % CHILDREN}`) };
}
