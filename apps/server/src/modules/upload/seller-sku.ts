import { isAmazonSku, shortCode, skuPart } from '@console/shared/sku/sku';
import { toPinyin } from '@console/shared/sku-pinyin';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { MAX_SELLER_SKU } from './listing-check.js';
import { insertSellerSkus, sellerSkusOf } from './upload.repository.js';

/**
 * The seller SKU rule (docs/upload.md "Seller SKUs"): a SKU Amazon takes as it is (printable
 * ASCII, no spaces, at most 40 characters) is kept unchanged; any other is rebuilt from its
 * words, each transliterated (Chinese to pinyin, accents dropped) and cut to letters, digits,
 * `.`, `_` and `-`, joined by `-`; `G<goods id>` (`G<goods id>-<n>` for the n-th variation)
 * when nothing is left. A longer result keeps its first 35 characters and a short code of the
 * whole. A SKU another product of the shop already holds gets `-<goods id>` appended. Once
 * given, a product keeps its seller SKU in that shop for good (`seller_skus`).
 */
export function sellerSkuCandidate(sku: string, goodsId: number, variationIndex: number | null, suffix = ''): string {
  const own = sku.trim();
  let base = isAmazonSku(own)
    ? own
    : own
        .split(/\s+/)
        .map((w) => skuPart(w, toPinyin))
        .filter(Boolean)
        .join('-');
  if (!base) base = variationIndex === null ? `G${goodsId}` : `G${goodsId}-${variationIndex + 1}`;
  base += suffix;
  return base.length <= MAX_SELLER_SKU ? base : `${base.slice(0, MAX_SELLER_SKU - 5)}-${shortCode(base)}`;
}

/** What needs a seller SKU: a product (variation key '') or one of its variations. */
export interface SkuWant {
  goodsId: number;
  variationKey: string;
  sku: string;
  variationIndex: number | null;
}

/** The key of a product's (`''`) or variation's seller SKU in the maps below. */
const key = (goodsId: number, variationKey: string) => `${goodsId}|${variationKey}`;

/** Puts the seller SKUs the shop already holds for the wanted products into `out`. */
async function storedSellerSkus(db: Kysely<DB>, shopId: number, wants: SkuWant[], out: Map<string, string>) {
  const goodsIds = [...new Set(wants.map((w) => w.goodsId))];
  for (const r of await sellerSkusOf(db, shopId, goodsIds)) out.set(key(r.goods_id, r.variation_key), r.seller_sku);
}

/**
 * The seller SKUs of products in a shop, giving new ones by the rule. Runs in the caller's
 * transaction; concurrent queues of one shop meet on the unique indexes and take what the
 * other wrote.
 */
export async function assignSellerSkus(
  db: Kysely<DB>,
  tenantId: number,
  shopId: number,
  wants: SkuWant[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const load = () => storedSellerSkus(db, shopId, wants, out);
  await load();
  for (const round of [0, 1, 2]) {
    const missing = wants.filter((w) => !out.has(key(w.goodsId, w.variationKey)));
    if (missing.length === 0) break;
    const suffix = (w: SkuWant) =>
      round === 0 ? '' : round === 1 ? `-${w.goodsId}` : `-${w.goodsId}-${w.variationIndex ?? 0}`;
    const seen = new Set<string>();
    const rows = missing
      .map((w) => ({
        shop_id: shopId,
        tenant_id: tenantId,
        goods_id: w.goodsId,
        variation_key: w.variationKey,
        seller_sku: sellerSkuCandidate(w.sku, w.goodsId, w.variationIndex, suffix(w)),
      }))
      .filter((r) => !seen.has(r.seller_sku.toLowerCase()) && seen.add(r.seller_sku.toLowerCase()));
    await insertSellerSkus(db, rows);
    await load();
  }
  const left = wants.filter((w) => !out.has(key(w.goodsId, w.variationKey)));
  if (left.length) throw new Error(`no free seller SKU for goods ${left[0]!.goodsId}`);
  return out;
}

/**
 * The seller SKUs products would have in a shop, writing nothing (the check before sending):
 * the stored one, else the rule's first candidate (an upload may still append `-<goods id>`
 * when another product of the shop holds it).
 */
export async function previewSellerSkus(
  db: Kysely<DB>,
  shopId: number,
  wants: SkuWant[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await storedSellerSkus(db, shopId, wants, out);
  for (const w of wants) {
    const k = key(w.goodsId, w.variationKey);
    if (!out.has(k)) out.set(k, sellerSkuCandidate(w.sku, w.goodsId, w.variationIndex));
  }
  return out;
}
