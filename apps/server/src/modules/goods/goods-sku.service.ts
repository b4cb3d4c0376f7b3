import type { GoodsData } from '@console/shared/schemas/goods';
import { copySku, skuKey } from '@console/shared/sku/sku';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { type AppError, badRequest, conflict } from '../../lib/app-error.js';
import { heldSkuKeys, type TakenSku, takenSkus } from './goods-sku.repository.js';

type Db = Kysely<DB>;

/** The refusal of a SKU another product holds: names the SKU and that product. */
export function skuTaken(t: TakenSku): AppError {
  const title = t.title ? `「${t.title}」` : '';
  return conflict(`SKU ${t.sku} 已被商品 #${t.goods_id}${title}使用,同一账号下商品和变体的SKU不能重复`, {
    field: 'sku',
    sku: t.sku,
    goods_id: t.goods_id,
  });
}

/** A product's SKUs as the save writes them: the parent's and the variations'. */
export interface SkuSet {
  sku: string;
  parentage: string;
}

/**
 * Refuses SKUs of the product (its own and its variations') that repeat within it or that
 * another product of the tenant holds. SKUs it held before are not checked again (older
 * duplicates stay as they are, docs/decisions.md). The database refuses the rest: see
 * `refusingSkuRace`.
 */
export async function assertSkusFree(
  db: Db,
  tenantId: number,
  goodsId: number | null,
  data: Pick<GoodsData, 'baseInfo' | 'parentageTable'>,
  next: SkuSet,
  before?: SkuSet,
): Promise<void> {
  const parent = skuKey(data.baseInfo.sku ?? '');
  const child = data.parentageTable.children.find((c) => parent !== '' && skuKey(c.sku) === parent);
  if (child) throw badRequest(`变体SKU不能与商品SKU相同: ${child.sku}`, { field: 'parentageTable.children.sku' });
  const taken = await takenSkus(db, tenantId, goodsId, next, before);
  if (taken[0]) throw skuTaken(taken[0]);
}

/** Whether an error is the database refusing a SKU another product of the tenant holds. */
export function isSkuRace(err: unknown): boolean {
  return (
    typeof err === 'object' &&
    err !== null &&
    (err as { code?: string }).code === '23505' &&
    (err as { constraint?: string }).constraint === 'goods_skus_pkey'
  );
}

/**
 * Runs a write; when the database refuses a SKU because a concurrent save took it first,
 * answers as the check before writing would have (`again` looks the holder up now that it
 * is committed), never with a 500.
 */
export async function refusingSkuRace<T>(
  write: () => Promise<T>,
  again: () => Promise<TakenSku[]> = async () => [],
  fallback = 'SKU已被其他商品使用,同一账号下商品和变体的SKU不能重复',
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!isSkuRace(err)) throw err;
    const taken = await again();
    if (taken[0]) throw skuTaken(taken[0]);
    throw conflict(fallback, { field: 'sku' });
  }
}

/** The answer when a copy's SKUs were taken by a concurrent write between the check and the insert. */
export const COPY_SKU_RACE_MSG = '副本的SKU刚被其他操作占用,请重试';

/** Copies of a product tried before giving up on a free suffix. */
const MAX_COPY_TRIES = 50;

/**
 * SKUs for a copy of a product in a tenant: the original ones when the tenant holds none of
 * them (a claim), else the first `-C<n>` suffix free for the parent and every variation
 * (`ABC` -> `ABC-C1`, `ABC-RED` -> `ABC-RED-C1`).
 */
export async function copySkus<C extends { sku: string }>(
  db: Db,
  tenantId: number,
  sku: string,
  children: C[],
): Promise<{ sku: string; children: C[] }> {
  for (let n = 0; n <= MAX_COPY_TRIES; n++) {
    const next = n === 0 ? sku : copySku(sku, n);
    const kids = children.map((c) => ({ ...c, sku: n === 0 ? c.sku : copySku(c.sku, n) }));
    const keys = [next, ...kids.map((c) => c.sku)].map(skuKey).filter(Boolean);
    if ((await heldSkuKeys(db, tenantId, keys)).size === 0) return { sku: next, children: kids };
  }
  throw conflict('无法为副本生成不重复的SKU,请先修改原商品的SKU');
}
