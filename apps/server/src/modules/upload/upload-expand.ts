import { type MarketplaceInfo, marketplaceByCode } from '@console/shared/constants/marketplaces';
import type { UploadType } from '@console/shared/schemas/upload';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../context.js';
import type { DB } from '../../db/types.js';
import type { SchemaNode } from '../../marketplace/product-type.catalog.js';
import { getProductTypeSchema } from '../../marketplace/product-type-definitions.service.js';
import type { SpApiClient } from '../../marketplace/sp-api.client.js';
import { SpApiError } from '../../marketplace/sp-api.errors.js';
import { marketplaceImageUrl } from '../files/public-link.js';
import { listingProfiles } from '../gpsr/gpsr-attributes.js';
import { checkItem } from './listing-check.js';
import { absoluteImageUrl, type MapAccount, type MapGoods, mapGoods } from './listing-mapper.js';
import { loadPrecheck, precheckIssues } from './listing-precheck.js';
import { assignSellerSkus, previewSellerSkus } from './seller-sku.js';
import {
  goodsForUpload,
  insertItems,
  type NewItem,
  remapItem,
  setItemsStatus,
  setLedgerFromItems,
  upsertLedger,
} from './upload.repository.js';
import type { StoredIssue } from './upload.tables.js';

/** A product type's schema in a marketplace, fetched once per expansion. */
export type SchemaSource = (
  productType: string,
  m: MarketplaceInfo,
) => Promise<{ schema: SchemaNode; key: string } | undefined>;

/**
 * Schemas through the shop's client and the PostgreSQL definitions cache. A product type
 * Amazon does not have in the marketplace is undefined (the items get a check issue); a
 * failure to reach Amazon is thrown (the runner tries again later).
 */
export function clientSchemas(deps: AppDeps, client: SpApiClient): SchemaSource {
  const memo = new Map<string, Promise<{ schema: SchemaNode; key: string } | undefined>>();
  return (productType, m) => {
    const k = `${productType}:${m.marketplaceId}`;
    let hit = memo.get(k);
    if (!hit) {
      hit = getProductTypeSchema(deps.db, client, { productType, marketplaceId: m.marketplaceId })
        .then((r) => ({
          schema: r.schema as SchemaNode,
          key: `${productType}:${m.marketplaceId}:${r.definition.productTypeVersion.version}`,
        }))
        .catch((err: unknown) => {
          if (err instanceof SpApiError && (err.kind === 'not_found' || err.kind === 'rejected')) return undefined;
          throw err;
        });
      memo.set(k, hit);
      hit.catch(() => memo.delete(k));
    }
    return hit;
  };
}

/**
 * Image URLs as a marketplace fetches them: the console's own files as signed public links on
 * PUBLIC_URL (else this server's loopback address, enough for the in-server sandbox), absolute
 * and percent-encoded.
 */
export function uploadImageUrl(deps: AppDeps): (url: string) => string {
  const base = deps.config.publicUrl ?? `http://127.0.0.1:${deps.config.port}`;
  return (url) => absoluteImageUrl(marketplaceImageUrl(deps.config, base, url), base);
}

/** What the expansion of a queue needs. */
export interface ExpandContext {
  tenantId: number;
  shopId: number;
  queueId: number;
  type: UploadType;
  marketplaces: string[];
  account: MapAccount;
  /** The public URL a marketplace fetches an image from (`uploadImageUrl`). */
  imageUrl: (url: string) => string;
  schemas: SchemaSource;
  /** Product x marketplace pairs (`goodsId|marketplace`) that get no items (held back by the seller). */
  held?: ReadonlySet<string>;
  /** Pairs whose check finds an error get no items either (`only_ready`). */
  onlyReady?: boolean;
}

/** The key of a product in a marketplace, as `ExpandContext.held` holds it. */
export const pairKey = (goodsId: number, marketplace: string) => `${goodsId}|${marketplace}`;

/** The items of pairs that are sent: held pairs (and with `onlyReady` pairs with an error) are left out. */
function withoutHeld(ctx: Omit<ExpandContext, 'queueId'>, built: Built[]): { kept: Built[]; held: number } {
  const held = new Set<string>();
  for (const b of built) {
    const k = pairKey(b.goodsId, b.marketplace);
    if (ctx.held?.has(k) || (ctx.onlyReady && hasError(b.issues))) held.add(k);
  }
  return { kept: built.filter((b) => !held.has(pairKey(b.goodsId, b.marketplace))), held: held.size };
}

/** One mapped and checked item, ready to be written. */
export interface Built {
  goodsId: number;
  marketplace: string;
  item: ReturnType<typeof mapGoods>[number];
  issues: StoredIssue[];
  /** The product type's schema in the marketplace (undefined: none, or not offered there). */
  schema: SchemaNode | undefined;
}

/**
 * Maps and checks products for every marketplace of the queue. `readOnly` (the check before
 * sending) writes nothing: products without a seller SKU in the shop get the one they would
 * be given (`previewSellerSkus`).
 */
export async function build(
  trx: Kysely<DB>,
  ctx: Omit<ExpandContext, 'queueId'>,
  goods: MapGoods[],
  opts: { readOnly?: boolean } = {},
): Promise<Built[]> {
  const wants = goods.flatMap((g) => [
    { goodsId: g.id, variationKey: '', sku: g.sku, variationIndex: null },
    ...(g.parentage?.children ?? []).map((c, i) => ({
      goodsId: g.id,
      variationKey: c.sku,
      sku: c.sku,
      variationIndex: i,
    })),
  ]);
  const skus = opts.readOnly
    ? await previewSellerSkus(trx, ctx.shopId, wants)
    : await assignSellerSkus(trx, ctx.tenantId, ctx.shopId, wants);
  const pre = await loadPrecheck(trx, ctx.tenantId, goods, ctx.marketplaces, ctx.type);
  const gpsr =
    ctx.type === 'good'
      ? await listingProfiles(
          trx,
          ctx.tenantId,
          goods.map((g) => g.id),
          ctx.marketplaces,
        )
      : new Map();
  const out: Built[] = [];
  for (const g of goods) {
    const own = new Map(
      [...skus].filter(([k]) => k.startsWith(`${g.id}|`)).map(([k, v]) => [k.slice(String(g.id).length + 1), v]),
    );
    const productType = g.extra_attrs?.template?.product_type?.toUpperCase();
    for (const code of ctx.marketplaces) {
      const m = marketplaceByCode(code);
      if (!m) continue;
      const schema = productType ? await ctx.schemas(productType, m) : undefined;
      const items = mapGoods({
        goods: g,
        account: ctx.account,
        marketplace: m,
        schema: schema?.schema,
        type: ctx.type,
        sellerSkus: own,
        imageUrl: ctx.imageUrl,
        gpsr: gpsr.get(pairKey(g.id, code)),
      });
      for (const item of items) {
        const issues = checkItem(item, schema?.schema, schema?.key ?? '');
        issues.push(...precheckIssues(g, code, ctx.type, item, issues, pre));
        out.push({ goodsId: g.id, marketplace: code, item, issues, schema: schema?.schema });
      }
    }
  }
  return out;
}

const hasError = (issues: StoredIssue[]) => issues.some((i) => i.severity === 'ERROR');

/**
 * Maps a chunk of a queue's products into items (one per seller SKU x marketplace), checks
 * each against its product type schema and writes them with the ledger, in the caller's
 * transaction. Items that fail the check are `invalid` and never sent. Returns the counts.
 */
export async function expandGoods(
  trx: Kysely<DB>,
  ctx: ExpandContext,
  goodsIds: readonly number[],
): Promise<{ items: number; invalid: number; held: number }> {
  const goods = (await goodsForUpload(trx, ctx.tenantId, goodsIds)) as unknown as MapGoods[];
  const { kept: built, held } = withoutHeld(ctx, await build(trx, ctx, goods));
  const rows: NewItem[] = built.map((b) => ({
    tenant_id: ctx.tenantId,
    queue_id: ctx.queueId,
    shop_id: ctx.shopId,
    goods_id: b.goodsId,
    marketplace: b.marketplace,
    seller_sku: b.item.sellerSku,
    variation_key: b.item.variationKey,
    role: b.item.role,
    parent_sku: b.item.parentSku,
    product_type: b.item.productType,
    operation: 'operation' in b.item.payload ? b.item.payload.operation : 'UPDATE',
    payload: JSON.stringify(b.item.payload),
    status: hasError(b.issues) ? 'invalid' : 'waiting',
    issues: JSON.stringify(b.issues),
  }));
  await insertItems(trx, rows);
  await upsertLedger(
    trx,
    rows.map((r) => ({
      tenant_id: r.tenant_id,
      shop_id: r.shop_id,
      marketplace: r.marketplace,
      seller_sku: r.seller_sku,
      goods_id: r.goods_id,
      variation_key: r.variation_key,
      role: r.role,
      product_type: r.product_type,
      status: r.status === 'invalid' ? 'invalid' : 'queued',
      issues: r.issues,
      last_queue_id: r.queue_id,
    })),
  );
  return { items: rows.length, invalid: rows.filter((r) => r.status === 'invalid').length, held };
}

/**
 * Maps existing items of a queue again from their products' current data (retry after a fix,
 * resubmit from the edit queue): each item gets its new payload and issues and goes back to
 * `waiting` (or `invalid`). Items of variations the product no longer has are cancelled.
 */
export async function remapItems(
  trx: Kysely<DB>,
  ctx: ExpandContext,
  items: readonly { id: string; goods_id: number; marketplace: string; seller_sku: string }[],
): Promise<{ items: number; invalid: number }> {
  const goods = (await goodsForUpload(trx, ctx.tenantId, [
    ...new Set(items.map((i) => Number(i.goods_id))),
  ])) as unknown as MapGoods[];
  const built = await build(trx, { ...ctx, marketplaces: [...new Set(items.map((i) => i.marketplace))] }, goods);
  const byKey = new Map(built.map((b) => [`${b.marketplace}|${b.item.sellerSku}`, b]));
  let invalid = 0;
  const cancelled: string[] = [];
  for (const it of items) {
    const b = byKey.get(`${it.marketplace}|${it.seller_sku}`);
    if (!b) {
      cancelled.push(String(it.id));
      continue;
    }
    const bad = hasError(b.issues);
    if (bad) invalid++;
    await remapItem(trx, String(it.id), {
      payload: b.item.payload,
      status: bad ? 'invalid' : 'waiting',
      issues: b.issues,
      productType: b.item.productType,
    });
  }
  if (cancelled.length) {
    await setItemsStatus(trx, cancelled, 'cancelled', { error: '商品已没有这个变体' });
  }
  await setLedgerFromItems(
    trx,
    items.map((i) => String(i.id)),
  );
  return { items: items.length - cancelled.length, invalid };
}
