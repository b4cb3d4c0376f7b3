import { BASE_INFO_DEFAULTS, COPYABLE_FIELDS, defaultQuantity } from '@console/shared/constants/goods';
import { PRICE_COUNTRIES } from '@console/shared/constants/marketplaces';
import type {
  BaseInfo,
  copyFieldsBody,
  GoodsCreator,
  GoodsData,
  ProductListQuery,
} from '@console/shared/schemas/goods';
import { skuKey } from '@console/shared/sku/sku';
import type { z } from 'zod';
import type { AppDeps } from '../../context.js';
import type { GoodsRow } from '../../db/types.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { listTenantAccounts } from '../account/user.repository.js';
import { presentGoods, presentListRow, type StoredDescs, type StoredPrices } from './goods.presenter.js';
import {
  filteredGoods,
  findGoods,
  type GoodsWrite,
  listGoodsPage,
  neighbourId,
  type ScopedGoodsFilter,
} from './goods.repository.js';
import { countByStatus, KEYWORD_COUNT_CAP } from './goods-counts.repository.js';
import { goodsCreatorsOf } from './goods-reach.repository.js';

type CopyFieldsBody = z.infer<typeof copyFieldsBody>;
/** A list query narrowed to the caller's data scope (`creators`, set from the session). */
type ScopedListQuery = ProductListQuery & Pick<ScopedGoodsFilter, 'creators'>;

const CURRENCY = Object.fromEntries(PRICE_COUNTRIES.map((c) => [c.country_code, c.currency]));

/** baseInfo of a new product: the specification's defaults (section 3) and a random quantity. */
export function newBaseInfo(quantityRange?: [number, number]): BaseInfo {
  return { ...BASE_INFO_DEFAULTS, quantity: defaultQuantity(quantityRange) };
}

/**
 * Turns the editor's payload into the stored row. baseInfo fields that are not sent keep
 * their `baseline` value: the defaults for a new product, the stored values for an update.
 */
export function toWrite(data: GoodsData, baseline: BaseInfo = newBaseInfo()): GoodsWrite {
  const given = Object.fromEntries(Object.entries(data.baseInfo).filter(([, v]) => v !== undefined)) as BaseInfo;
  const baseInfo: BaseInfo = { ...baseline, ...given };
  const descs: StoredDescs = {};
  for (const d of data.commonData.descs) {
    descs[d.key] = {
      title: d.title,
      search_terms: d.search_terms,
      bullet_points: d.bullet_points.filter((b) => b !== ''),
      product_description: d.product_description,
    };
  }
  const prices: StoredPrices = {};
  for (const p of data.priceTable) prices[p.country_code] = { price: p.price, currency: CURRENCY[p.country_code]! };
  const skus = new Set<string>();
  for (const child of data.parentageTable.children) {
    if (!child.sku) throw badRequest('变体SKU不能为空', { field: 'parentageTable.children.sku' });
    // Compared as the database compares them (trimmed, any case: docs/decisions.md, issue 13 §1).
    if (skus.has(skuKey(child.sku)))
      throw badRequest(`变体SKU重复: ${child.sku}`, { field: 'parentageTable.children.sku' });
    skus.add(skuKey(child.sku));
  }
  return {
    type: baseInfo.type ?? 0,
    sku: baseInfo.sku ?? '',
    category_id: baseInfo.category_id ?? null,
    product_template_id: baseInfo.product_template_id ?? null,
    base_info: JSON.stringify(baseInfo),
    descs: JSON.stringify(descs),
    prices: JSON.stringify(prices),
    parentage: JSON.stringify(data.parentageTable),
    images: JSON.stringify(data.images),
    extra_attrs: JSON.stringify({ template: data.template, attributes: data.extraAttrs }),
    tags: [...new Set(data.tags)],
    link_url: baseInfo.link_url ?? '',
    source: baseInfo.source ?? '',
  };
}

/** Which editor sections differ between the stored row and the new write (for the operation log). */
export function changedSections(before: GoodsRow, w: GoodsWrite): string[] {
  const pairs: [string, unknown, string][] = [
    ['baseInfo', before.base_info, w.base_info],
    ['descs', before.descs, w.descs],
    ['prices', before.prices, w.prices],
    ['parentage', before.parentage, w.parentage],
    ['images', before.images, w.images],
    ['extraAttrs', before.extra_attrs, w.extra_attrs],
  ];
  const canon = (v: unknown) =>
    JSON.stringify(v, (_k, x) =>
      x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort()) : x,
    );
  return pairs.filter(([, b, a]) => canon(b) !== canon(JSON.parse(a))).map(([name]) => name);
}

/** getProduct: one product of the tenant in the editor's shape. */
export async function getGoods(deps: AppDeps, tenantId: number, id: number) {
  const row = await findGoods(deps.db, tenantId, id);
  if (!row) throw notFound('商品不存在');
  return presentGoods(row);
}

/**
 * productList: a page, the total, and counts per status tab under the same filter. A keyword
 * counts at most KEYWORD_COUNT_CAP + 1 matches: beyond that `total_capped` is true, `total`
 * and `counts.all` are KEYWORD_COUNT_CAP, and each status count is the number of its
 * products among the matches read, so every figure is a lower bound (the web shows "1000+").
 */
export async function listGoods(deps: AppDeps, tenantId: number, q: ScopedListQuery) {
  const { rows, byStatus, capped } = q.keyword
    ? await keywordPage(deps, tenantId, q)
    : await Promise.all([listGoodsPage(deps.db, tenantId, q, q), countByStatus(deps.db, tenantId, q)]).then(
        ([rows, counts]) => ({ rows, ...counts }),
      );
  // The total follows from the per-status counts: one counting query instead of two.
  const sum = Object.values(byStatus).reduce((a, b) => a + b, 0);
  const all = capped ? KEYWORD_COUNT_CAP : sum;
  const total = q.status === 'all' ? all : (byStatus[q.status] ?? 0);
  const list = rows.map(presentListRow);
  return {
    list,
    total,
    total_capped: capped,
    page: q.page,
    pageSize: q.pageSize,
    next_cursor: list.length === q.pageSize ? list[list.length - 1]!.id : null,
    counts: {
      all,
      hasAudit: byStatus.hasAudit ?? 0,
      willAudit: byStatus.willAudit ?? 0,
      useless: byStatus.useless ?? 0,
    },
  };
}

/**
 * A keyword's counts first, then its page by what they say: a capped count (a common word)
 * pages from the newest products, fewer matches through the trigram index, none needs no page.
 */
async function keywordPage(deps: AppDeps, tenantId: number, q: ScopedListQuery) {
  const counts = await countByStatus(deps.db, tenantId, q);
  const tab =
    q.status === 'all' ? Object.values(counts.byStatus).reduce((a, b) => a + b, 0) : (counts.byStatus[q.status] ?? 0);
  const rows =
    !counts.capped && tab === 0 ? [] : await listGoodsPage(deps.db, tenantId, q, q, counts.capped ? 'many' : 'few');
  return { rows, ...counts };
}

/**
 * goodsCreators: the tenant's accounts for the list's creator filter (names only, no contact
 * data), only those within the caller's data scope (`creators`, null for all).
 */
export async function goodsCreators(
  deps: AppDeps,
  tenantId: number,
  creators: readonly number[] | null = null,
): Promise<GoodsCreator[]> {
  const rows = await listTenantAccounts(deps.db, tenantId);
  return rows
    .filter((r) => !creators || creators.includes(r.id))
    .map((r) => ({
      id: r.id,
      name: r.user_name || r.account,
      parent_id: r.parent_id,
      disabled: r.status !== 1 || r.deleted_at !== null,
    }));
}

/** The id of the neighbour of `id` in the tenant's list under a filter (`prev` newer, `next` older); 404 when `id` is no product of the tenant. */
export async function goodsNeighbourId(
  deps: AppDeps,
  tenantId: number,
  f: ScopedGoodsFilter,
  id: number,
  dir: 'prev' | 'next',
) {
  // The position must be one of the tenant's products: a missing or another tenant's id is 404 (issue 27 §5).
  if ((await goodsCreatorsOf(deps.db, tenantId, [id])).length === 0) throw notFound('商品不存在');
  return neighbourId(filteredGoods(deps.db, tenantId, f), id, dir);
}

/** getCopyFields: the chosen text fields of the chosen languages of one of the tenant's products. */
export async function goodsCopyFields(deps: AppDeps, tenantId: number, body: CopyFieldsBody) {
  const row = await findGoods(deps.db, tenantId, body.id);
  if (!row) throw notFound('商品不存在');
  const descs = row.descs;
  const fields = body.fields.filter((f) => (COPYABLE_FIELDS as readonly string[]).includes(f));
  return Object.fromEntries(
    body.langs.map((lang) => [
      lang,
      Object.fromEntries(fields.map((f) => [f, descs[lang]?.[f] ?? (f === 'bullet_points' ? [] : '')])),
    ]),
  );
}

/** getOneBaseInfoLinkUrl: the source link of one of the tenant's products. */
export async function goodsLinkUrl(deps: AppDeps, tenantId: number, id: number) {
  const row = await findGoods(deps.db, tenantId, id);
  if (!row) throw notFound('商品不存在');
  return { id: Number(row.id), link_url: row.link_url };
}
