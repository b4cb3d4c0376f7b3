import { listingLanguage } from '@console/shared/constants/listing-language';
import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import type { QueueGoodsRow } from '@console/shared/schemas/upload';
import type { AppDeps } from '../../context.js';
import { listingValues, type MapGoods } from './listing-mapper.js';
import { presentQueue } from './upload.presenter.js';
import { goodsForUpload, itemsOfGoods, queueGoodsPage, uploaderAccount } from './upload.repository.js';
import { etaSeconds, queueOf } from './upload.service.js';
import type { ItemPayload, StoredIssue } from './upload.tables.js';

// The edit queue's read side (编辑上传队列, `GET /upload/queueGoods`): what each listing of a
// queue's products was sent with, or will be sent with.

/** An item of a queue as the edit queue reads it. */
type QueueItemRow = Awaited<ReturnType<typeof itemsOfGoods>>[number];

/** The attributes an item's payload sends (whole, or those its patches replace). */
function payloadAttrs(p: ItemPayload | Record<string, never>): Record<string, unknown[] | undefined> {
  if (!('operation' in p)) return {};
  if (p.operation === 'UPDATE') return p.attributes;
  return Object.fromEntries(p.patches.map((x) => [x.path.replace(/^\/attributes\//, ''), x.value as unknown[]]));
}

/**
 * Items whose payload is what Amazon got (or gets next): the rest (stopped by the check,
 * cancelled, or built without a payload) show the current product as the pipeline maps it.
 */
const SENT_OR_SENDING = new Set([
  'waiting',
  'sending',
  'submitted',
  'accepted',
  'live',
  'rejected',
  'failed',
  'unknown',
]);

/**
 * What an item sent (or will send), as the edit queue shows it: its payload when it was sent
 * or is about to be, else the values `mapGoods` gives the product as it is now (`mapped`).
 */
function sentOf(i: QueueItemRow, mapped: (i: QueueItemRow) => Record<string, unknown[] | undefined>) {
  const p = i.payload as ItemPayload | Record<string, never>;
  const attrs = SENT_OR_SENDING.has(i.status) && 'operation' in p ? payloadAttrs(p) : mapped(i);
  const first = (name: string) => (attrs[name]?.[0] ?? {}) as Record<string, unknown>;
  const offer = first('purchasable_offer');
  const price = (offer.our_price as { schedule?: { value_with_tax?: number }[] }[] | undefined)?.[0]?.schedule?.[0]
    ?.value_with_tax;
  const currency = String(offer.currency ?? '');
  const qty = first('fulfillment_availability').quantity;
  const issues = i.issues as StoredIssue[];
  return {
    marketplace: i.marketplace,
    lang: listingLanguage(i.marketplace)?.key ?? 'en',
    title: String(first('item_name').value ?? ''),
    bullet_points: (attrs.bullet_point ?? []).map((b) => String((b as { value?: unknown }).value ?? '')),
    price: price === undefined ? null : Math.round(price * (currency === 'JPY' ? 1 : 100)),
    currency,
    quantity: typeof qty === 'number' ? qty : null,
    status: i.status,
    errors: issues.filter((x) => x.severity === 'ERROR').length,
  };
}

/**
 * The listing values of items as the pipeline maps their products now (`listingValues`, the
 * mapping of `mapGoods` before the schema fit), for items that were never sent. No call to
 * Amazon: the values, not the schema's verdict.
 */
async function currentMapping(
  deps: AppDeps,
  q: Awaited<ReturnType<typeof queueOf>>,
  goodsIds: number[],
  items: QueueItemRow[],
): Promise<(i: QueueItemRow) => Record<string, unknown[] | undefined>> {
  const unsent = items.filter((i) => !SENT_OR_SENDING.has(i.status) || !('operation' in (i.payload as object)));
  if (unsent.length === 0) return () => ({});
  const wanted = new Set(unsent.map((i) => Number(i.goods_id)));
  const [goods, account] = await Promise.all([
    goodsForUpload(
      deps.db,
      q.tenant_id,
      goodsIds.filter((id) => wanted.has(id)),
    ),
    uploaderAccount(deps.db, q.tenant_id, q.created_by),
  ]);
  const byId = new Map(goods.map((g) => [Number(g.id), g as unknown as MapGoods]));
  return (i) => {
    const g = byId.get(Number(i.goods_id));
    const m = marketplaceByCode(i.marketplace);
    if (!g || !m) return {};
    const skus = new Map(
      items.filter((x) => Number(x.goods_id) === g.id).map((x) => [x.variation_key, x.seller_sku] as const),
    );
    return listingValues(
      { goods: g, account, marketplace: m, type: q.upload_type, sellerSkus: skus, imageUrl: (u) => u },
      i.variation_key,
    );
  };
}

/** `GET /upload/queueGoods`: the products of a queue with what was sent per marketplace. */
export async function queueGoods(
  deps: AppDeps,
  tenantId: number,
  queueId: number,
  page: { page: number; pageSize: number },
) {
  const q = await queueOf(deps, tenantId, queueId);
  const { rows, total } = await queueGoodsPage(deps.db, tenantId, queueId, page);
  const ids = rows.map((r) => Number(r.goods_id));
  const items = await itemsOfGoods(deps.db, tenantId, queueId, ids);
  const mapped = await currentMapping(deps, q, ids, items);
  const list: QueueGoodsRow[] = ids.map((id) => {
    const mine = items.filter((i) => Number(i.goods_id) === id && i.role !== 'parent');
    const own = mine.length ? mine : items.filter((i) => Number(i.goods_id) === id);
    const first = own[0];
    const byMarket = new Map<string, ReturnType<typeof sentOf>>();
    for (const i of own) if (!byMarket.has(i.marketplace)) byMarket.set(i.marketplace, sentOf(i, mapped));
    return {
      goods_id: id,
      version: Number(first?.goods_version ?? 0),
      goods_sku: first?.goods_sku ?? '',
      thumbnail: first?.thumbnail ?? '',
      listings: [...byMarket.values()],
    };
  });
  return { list, total, page: page.page, pageSize: page.pageSize, queue: presentQueue(q, await etaSeconds(deps, q)) };
}
