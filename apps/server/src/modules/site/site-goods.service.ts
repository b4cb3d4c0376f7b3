import { DESC_LANGUAGES } from '@console/shared/constants/goods';
import { minor, parseMoney, toDecimalString } from '@console/shared/money';
import type { Paged } from '@console/shared/schemas/common';
import type {
  SiteGoods,
  SiteGoodsCreateBody,
  SiteGoodsListQuery,
  SiteGoodsRow,
  SiteGoodsUpdateBody,
} from '@console/shared/schemas/site-goods';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest, notFound, staleSave } from '../../lib/app-error.js';
import type { FileStorage } from '../files/file-storage.js';
import { isSafeKey } from '../files/file-storage.js';
import { audit } from '../system/audit.js';
import { findSiteOfTenant } from './site.repository.js';
import type { SiteProductText } from './site.tables.js';
import {
  findSiteGoods,
  insertSiteGoods,
  listSiteGoods,
  type SiteGoodsFields,
  type SiteGoodsRecord,
  siteCategoryIds,
  slugsLike,
  updateSiteGoodsVersioned,
} from './site-goods.repository.js';

/** The tenant's site as the products need it. */
export type SiteOfGoods = NonNullable<Awaited<ReturnType<typeof findSiteOfTenant>>>;

const FILE_PREFIX = '/PDD/files/';
export const fileUrl = (key: string) => `${FILE_PREFIX}${key}`;

/** The tenant's site, or 400 when it has none yet. */
export async function requireSite(deps: AppDeps, tenantId: number): Promise<SiteOfGoods> {
  const site = await findSiteOfTenant(deps.db, tenantId);
  if (!site) throw badRequest('请先在基础设置中创建站点');
  return site;
}

/** A stored numeric price (a decimal text) as minor units of the site currency. */
export function priceMinor(text: string, currency: string): number {
  const r = parseMoney(text, currency, { round: true });
  return r.ok ? r.value : 0;
}
/** Minor units as the decimal text a numeric column takes. */
export const priceText = (amount: number, currency: string) => toDecimalString(minor(amount), currency);

/** A language's Chinese name (英语). */
export const languageName = (key: string) => DESC_LANGUAGES.find((l) => l.key === key)?.label ?? key;

/** The title a person knows a product by: the default language's, else the first there is, else its id. */
export function titleOf(texts: Partial<Record<string, SiteProductText>>, defaultLanguage: string, id?: number): string {
  const own = texts[defaultLanguage]?.title;
  if (own) return own;
  const any = Object.values(texts).find((t) => t?.title)?.title;
  return any ?? (id ? `#${id}` : '');
}

/** Why a product cannot be published (empty: it can). */
export function publishProblems(
  row: Pick<SiteGoodsFields, 'texts' | 'price' | 'pictures'>,
  site: SiteOfGoods,
): string[] {
  const out: string[] = [];
  if (!row.texts[site.default_language]?.title) out.push(`缺少${languageName(site.default_language)}标题`);
  if (priceMinor(row.price, site.currency) <= 0) out.push('价格必须大于0');
  if (row.pictures.length === 0) out.push('没有图片');
  return out;
}

export function presentGoods(row: SiteGoodsRecord, site: SiteOfGoods): SiteGoods {
  const texts: SiteGoods['texts'] = {};
  for (const [lang, t] of Object.entries(row.texts)) if (t) texts[lang] = t;
  const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);
  return {
    id: Number(row.id),
    goods_id: row.goods_id === null ? null : Number(row.goods_id),
    slug: row.slug,
    texts,
    price: priceMinor(row.price, site.currency),
    compare_at_price: row.compare_at_price === null ? null : priceMinor(row.compare_at_price, site.currency),
    currency: site.currency,
    pictures: row.pictures.map(fileUrl),
    variations: row.variations.map((v) => ({
      ...v,
      picture: v.picture ? fileUrl(v.picture) : null,
      stock: v.stock ?? null,
    })),
    category_ids: row.category_ids.map(Number),
    noindex: row.noindex,
    published: row.published,
    published_at: iso(row.published_at),
    library_synced_at: iso(row.library_synced_at),
    library_updated: row.library_updated,
    updated_at: new Date(row.updated_at as unknown as Date).toISOString(),
    version: row.version,
  };
}

function presentRow(row: SiteGoodsRecord, site: SiteOfGoods): SiteGoodsRow {
  const p = presentGoods(row, site);
  return {
    id: p.id,
    goods_id: p.goods_id,
    price: p.price,
    compare_at_price: p.compare_at_price,
    currency: p.currency,
    category_ids: p.category_ids,
    published: p.published,
    library_updated: p.library_updated,
    updated_at: p.updated_at,
    version: p.version,
    title: titleOf(row.texts, site.default_language, p.id),
    picture: p.pictures[0] ?? null,
    variation_count: p.variations.length,
  };
}

/** GET /site/goods/list. */
export async function listGoodsPage(
  deps: AppDeps,
  tenantId: number,
  q: SiteGoodsListQuery,
): Promise<Paged<SiteGoodsRow>> {
  const site = await requireSite(deps, tenantId);
  const { rows, total } = await listSiteGoods(deps.db, tenantId, Number(site.id), q, {
    offset: (q.page - 1) * q.pageSize,
    limit: q.pageSize,
  });
  return { list: rows.map((r) => presentRow(r, site)), total, page: q.page, pageSize: q.pageSize };
}

/** GET /site/goods/get: 404 for an id that is not a product of the tenant's site. */
export async function getGoods(deps: AppDeps, tenantId: number, id: number): Promise<SiteGoods> {
  const site = await requireSite(deps, tenantId);
  const row = await findSiteGoods(deps.db, tenantId, Number(site.id), id);
  if (!row) throw notFound('站点商品不存在');
  return presentGoods(row, site);
}

/** A picture URL back to its file key: one of the tenant's stored uploads, or 400. */
async function ownKey(storage: FileStorage, tenantId: number, url: string, checked: Map<string, boolean>) {
  const key = url.slice(FILE_PREFIX.length);
  if (!checked.has(key)) {
    checked.set(key, isSafeKey(key) && key.startsWith(`t${tenantId}/`) && (await storage.exists(key)));
  }
  if (!checked.get(key)) throw badRequest('图片不存在,请重新上传');
  return key;
}

/** The body's fields checked against the site (languages, categories, pictures) as stored values. */
async function fieldsOf(
  deps: AppDeps,
  storage: FileStorage,
  tenantId: number,
  site: SiteOfGoods,
  body: SiteGoodsCreateBody,
): Promise<SiteGoodsFields> {
  const foreign = Object.keys(body.texts).filter((l) => !site.languages.includes(l));
  if (foreign.length) throw badRequest(`站点未启用${foreign.map(languageName).join('、')},请先在基础设置中添加该语言`);
  const known = await siteCategoryIds(deps.db, tenantId, Number(site.id), body.category_ids);
  if (body.category_ids.some((id) => !known.has(id))) throw badRequest('分类不存在,请刷新站点分类后重新选择');
  const checked = new Map<string, boolean>();
  const pictures: string[] = [];
  for (const url of body.pictures) pictures.push(await ownKey(storage, tenantId, url, checked));
  const variations = [];
  for (const v of body.variations) {
    variations.push({ ...v, picture: v.picture ? await ownKey(storage, tenantId, v.picture, checked) : null });
  }
  const cur = site.currency;
  return {
    texts: body.texts,
    pictures,
    price: priceText(body.price, cur),
    compare_at_price: body.compare_at_price === null ? null : priceText(body.compare_at_price, cur),
    variations: variations.map((v) => ({ ...v, price: v.price })),
    category_ids: body.category_ids,
    noindex: body.noindex,
  };
}

/** An address segment from a title: ASCII letters and digits joined by hyphens ("product" when none). */
export function slugBase(title: string): string {
  const s = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return s || 'product';
}

/** A slug of the site that no product has: the base, else base-2, base-3 ... */
export async function freeSlug(db: AppDeps['db'], tenantId: number, siteId: number, title: string): Promise<string> {
  const base = slugBase(title);
  const taken = await slugsLike(db, tenantId, siteId, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** POST /site/goods/create. */
export async function createGoods(
  deps: AppDeps,
  storage: FileStorage,
  actor: Actor,
  body: SiteGoodsCreateBody,
): Promise<SiteGoods> {
  const site = await requireSite(deps, actor.tenantId);
  const siteId = Number(site.id);
  const f = await fieldsOf(deps, storage, actor.tenantId, site, body);
  const title = titleOf(f.texts, site.default_language);
  const id = await deps.db.transaction().execute(async (trx) => {
    const slug = await freeSlug(trx, actor.tenantId, siteId, f.texts.en?.title || title);
    const newId = await insertSiteGoods(trx, {
      ...f,
      tenant_id: actor.tenantId,
      site_id: siteId,
      slug,
      goods_id: null,
      library_synced_at: null,
    });
    await audit(trx, actor, {
      action: 'site.goods.create',
      targetType: 'site_goods',
      targetId: newId,
      after: { title: title || `#${newId}`, price: body.price, currency: site.currency },
    });
    return newId;
  });
  return getGoods(deps, actor.tenantId, id);
}

/** POST /site/goods/update: the whole form at its version (stale: 409 shared shape). */
export async function updateGoods(
  deps: AppDeps,
  storage: FileStorage,
  actor: Actor,
  body: SiteGoodsUpdateBody,
): Promise<SiteGoods> {
  const site = await requireSite(deps, actor.tenantId);
  const siteId = Number(site.id);
  const before = await findSiteGoods(deps.db, actor.tenantId, siteId, body.id);
  if (!before) throw notFound('站点商品不存在');
  const f = await fieldsOf(deps, storage, actor.tenantId, site, body);
  const problems = publishProblems(f, site);
  if (before.published && problems.length) {
    throw badRequest(`已发布的商品不能保存为不完整的状态(${problems.join('、')}),请先下线`);
  }
  await deps.db.transaction().execute(async (trx) => {
    if (!(await updateSiteGoodsVersioned(trx, actor.tenantId, siteId, body.id, body.version, f))) {
      const now = await findSiteGoods(trx, actor.tenantId, siteId, body.id);
      if (!now) throw notFound('站点商品不存在');
      throw staleSave(now.version);
    }
    await audit(trx, actor, {
      action: 'site.goods.update',
      targetType: 'site_goods',
      targetId: body.id,
      after: { title: titleOf(f.texts, site.default_language, body.id), price: body.price, currency: site.currency },
    });
  });
  return getGoods(deps, actor.tenantId, body.id);
}
