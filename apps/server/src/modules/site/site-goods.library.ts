import { PRICE_COUNTRIES } from '@console/shared/constants/marketplaces';
import { convertMoney, type ExchangeRates, formatMoney, minor } from '@console/shared/money';
import {
  roundSitePrice,
  SITE_GOODS_LIMITS,
  type SiteGoodsImportResult,
  type SiteGoodsSyncResult,
  type SiteRounding,
} from '@console/shared/schemas/site-goods';
import type { Actor, AppDeps } from '../../context.js';
import { conflict, isUniqueViolation, notFound } from '../../lib/app-error.js';
import { getPriceInfo } from '../goods/price-settings.service.js';
import { audit } from '../system/audit.js';
import { lockSiteOfTenant } from './site.repository.js';
import type { SiteProductText, SiteProductVariation } from './site.tables.js';
import {
  applyLibraryFields,
  goodsOnSite,
  insertSiteGoods,
  type LibraryFields,
  type LibraryRow,
  libraryGoods,
  libraryTime,
  lockSiteGoods,
} from './site-goods.repository.js';
import { freeSlug, priceText, publishProblems, requireSite, type SiteOfGoods, titleOf } from './site-goods.service.js';

/**
 * The rates prices are converted with: the tenant's price settings (main account), CNY per unit
 * of each currency, as the sales figures and the FBA quotes use them (docs/site.md "Products").
 */
async function tenantRates(deps: AppDeps, tenantId: number): Promise<ExchangeRates> {
  const info = await getPriceInfo(deps, tenantId, tenantId);
  const rates: Record<string, string> = { CNY: '1' };
  for (const c of info.price_country) rates[c.currency] ??= c.exchange_rate;
  return { as_of: info.rates_as_of, rates } as ExchangeRates;
}

/**
 * The site price of a library product in minor units of the site currency: the price of the
 * first country (in the price table's order) whose currency is the site's, taken as it is;
 * else the first priced country's converted with the rates, then rounded by `rule`. 0 with a
 * note when the library has no price or no rate for the conversion.
 */
export function libraryPrice(
  prices: LibraryRow['prices'],
  currency: string,
  rates: ExchangeRates,
  rule: SiteRounding,
): { price: number; note: string | null } {
  const priced = PRICE_COUNTRIES.map((c) => ({ ...c, row: prices[c.country_code] })).filter(
    (c) => c.row && c.row.price > 0,
  );
  const same = priced.find((c) => c.row!.currency === currency);
  if (same) return { price: same.row!.price, note: null };
  const first = priced[0];
  if (!first) return { price: 0, note: '商品库没有价格,价格为0' };
  const from = minor(first.row!.price);
  try {
    const converted = convertMoney(from, first.row!.currency, currency, rates);
    const price = roundSitePrice(converted, currency, rule);
    return { price, note: `价格由${first.country}的 ${formatMoney(from, first.row!.currency)} 换算` };
  } catch {
    return { price: 0, note: `缺少${first.row!.currency}或${currency}的汇率,价格为0` };
  }
}

/** The texts, pictures and variations a site product takes from a library product, with notes. */
function libraryFields(
  g: LibraryRow,
  site: SiteOfGoods,
  tenantId: number,
  keep: SiteProductVariation[] = [],
): { fields: LibraryFields; notes: string[] } {
  const notes: string[] = [];
  const texts: Partial<Record<string, SiteProductText>> = {};
  for (const lang of site.languages) {
    const d = g.descs[lang];
    if (!d || !(d.title || d.product_description || d.bullet_points?.length)) continue;
    texts[lang] = {
      title: d.title.slice(0, SITE_GOODS_LIMITS.titleChars),
      description: d.product_description.slice(0, SITE_GOODS_LIMITS.descriptionChars),
      bullets: (d.bullet_points ?? []).filter(Boolean).slice(0, SITE_GOODS_LIMITS.bulletCount),
    };
  }
  // Library images are `/PDD/files/<key>` (uploads and copies of remote images) or remote addresses;
  // the site references the tenant's stored files (images are never deleted), remote ones are left out.
  const own = `/PDD/files/t${tenantId}/`;
  const keyOf = (url: string) => (url.startsWith(own) ? url.slice('/PDD/files/'.length) : null);
  const urls = g.images.map((i) => i.url);
  const pictures = urls
    .map(keyOf)
    .filter((k): k is string => k !== null)
    .slice(0, SITE_GOODS_LIMITS.pictures);
  if (pictures.length < urls.length) notes.push(`${urls.length - pictures.length}张图片不是本账号上传的图片,未导入`);
  const children = g.parentage?.children ?? [];
  if (children.length > SITE_GOODS_LIMITS.variations) {
    notes.push(`变体超过${SITE_GOODS_LIMITS.variations}个,只导入前${SITE_GOODS_LIMITS.variations}个`);
  }
  const kept = new Map(keep.map((v) => [v.sku.toLowerCase(), v]));
  const variations = children.slice(0, SITE_GOODS_LIMITS.variations).map((c) => ({
    sku: c.sku,
    options: c.values,
    // A library variation's price is its cost in fen, not a selling price: the product's price applies.
    price: kept.get(c.sku.toLowerCase())?.price ?? null,
    picture: c.images.map(keyOf).find((k) => k !== null) ?? null,
    // The library has no site stock: a variation keeps the site's count by SKU.
    stock: kept.get(c.sku.toLowerCase())?.stock ?? null,
  }));
  return { fields: { texts, pictures, variations }, notes };
}

/**
 * POST /site/goods/import: site products from library products. All ids must be the tenant's
 * library products (404 otherwise); one already on the site is skipped and named. The site row
 * is locked, so concurrent imports of the same products create each once.
 */
export async function importGoods(
  deps: AppDeps,
  actor: Actor,
  goodsIds: number[],
  rounding: SiteRounding,
): Promise<SiteGoodsImportResult> {
  const { tenantId } = actor;
  const site = await requireSite(deps, tenantId);
  const siteId = Number(site.id);
  const rates = await tenantRates(deps, tenantId);
  const run = () =>
    deps.db.transaction().execute(async (trx) => {
      await lockSiteOfTenant(trx, tenantId);
      const library = await libraryGoods(trx, tenantId, goodsIds);
      if (library.length !== goodsIds.length) throw notFound('商品库商品不存在,请刷新后重新选择');
      const onSite = await goodsOnSite(trx, tenantId, siteId, goodsIds);
      const result: SiteGoodsImportResult = { created: [], skipped: [] };
      for (const g of library) {
        const title = g.title || g.sku;
        if (onSite.has(Number(g.id))) {
          result.skipped.push({ id: Number(g.id), title, reason: '已在站点中,未重复导入' });
          continue;
        }
        const { fields, notes } = libraryFields(g, site, tenantId);
        const p = libraryPrice(g.prices, site.currency, rates, rounding);
        if (p.note) notes.push(p.note);
        const siteTitle = titleOf(fields.texts, site.default_language) || title;
        const id = await insertSiteGoods(trx, {
          ...fields,
          price: priceText(p.price, site.currency),
          compare_at_price: null,
          category_ids: [],
          tenant_id: tenantId,
          site_id: siteId,
          slug: await freeSlug(trx, tenantId, siteId, fields.texts.en?.title || siteTitle || g.sku),
          goods_id: Number(g.id),
          library_synced_at: libraryTime(tenantId, Number(g.id)),
        });
        result.created.push({ id, goods_id: Number(g.id), title: siteTitle, notes });
      }
      if (result.created.length > 0) {
        await audit(trx, actor, {
          action: 'site.goods.import',
          targetType: 'site_goods',
          targetId: result.created
            .slice(0, 20)
            .map((c) => c.id)
            .join(','),
          after: {
            count: result.created.length,
            skipped: result.skipped.length,
            titles: result.created.slice(0, 5).map((c) => c.title),
            rounding,
          },
        });
      }
      return result;
    });
  return run().catch((err: unknown) => {
    if (isUniqueViolation(err)) throw conflict('站点商品正在被同时导入,请刷新列表后重试');
    throw err;
  });
}

/**
 * POST /site/goods/sync (同步商品库): products taken from the library get the library's current
 * texts, pictures and variations (a variation keeps its own site price by SKU), and its price when
 * `prices` is set; `library_synced_at` becomes the library product's `updated_at`. Products not
 * from the library, or whose library product is deleted, are skipped and named.
 */
export async function syncGoods(
  deps: AppDeps,
  actor: Actor,
  body: { ids: number[]; prices: boolean; rounding: SiteRounding },
): Promise<SiteGoodsSyncResult> {
  const { tenantId } = actor;
  const site = await requireSite(deps, tenantId);
  const rates = body.prices ? await tenantRates(deps, tenantId) : null;
  return deps.db.transaction().execute(async (trx) => {
    const rows = await lockSiteGoods(trx, tenantId, Number(site.id), body.ids);
    if (rows.length !== body.ids.length) throw notFound('站点商品不存在,请刷新列表后重试');
    const library = new Map(
      (
        await libraryGoods(
          trx,
          tenantId,
          rows.flatMap((r) => (r.goods_id === null ? [] : [Number(r.goods_id)])),
        )
      ).map((g) => [Number(g.id), g]),
    );
    const result: SiteGoodsSyncResult = { affected: 0, skipped: [] };
    for (const r of rows) {
      const title = titleOf(r.texts, site.default_language, Number(r.id));
      const g = r.goods_id === null ? undefined : library.get(Number(r.goods_id));
      if (!g) {
        const reason = r.goods_id === null ? '不是从商品库导入的商品' : '商品库中的商品已删除';
        result.skipped.push({ id: Number(r.id), title, reason });
        continue;
      }
      const { fields } = libraryFields(g, site, tenantId, r.variations);
      const price = rates ? libraryPrice(g.prices, site.currency, rates, body.rounding).price : 0;
      const priced = rates && price > 0 ? { price: priceText(price, site.currency) } : {};
      const problems = publishProblems({ ...fields, price: priced.price ?? r.price }, site);
      if (r.published && problems.length) {
        result.skipped.push({ id: Number(r.id), title, reason: `同步后${problems.join('、')},已发布的商品未同步` });
        continue;
      }
      await applyLibraryFields(trx, tenantId, Number(r.id), { ...fields, ...priced }, Number(g.id));
      result.affected++;
    }
    if (result.affected > 0) {
      await audit(trx, actor, {
        action: 'site.goods.sync',
        targetType: 'site_goods',
        targetId: body.ids.slice(0, 20).join(','),
        after: { count: result.affected, prices: body.prices, skipped: result.skipped.length },
      });
    }
    return result;
  });
}
