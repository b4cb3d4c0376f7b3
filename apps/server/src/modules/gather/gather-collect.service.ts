import { GATHER_LIMITS, type GatherCollectBody } from '@console/shared/schemas/gather';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import type { FileStorage } from '../files/file-storage.js';
import { storeImage } from '../files/images.service.js';
import { fetchPublic } from '../files/remote-fetch.js';
import { insertGoods } from '../goods/goods.repository.js';
import { toWrite } from '../goods/goods.service.js';
import { defaultRates, getPriceInfo, quantityRangeOf } from '../goods/price-settings.service.js';
import { audit } from '../system/audit.js';
import { findSource, insertSource } from './gather.repository.js';
import { collectedProduct, gatherSku, type StoredPictures } from './gather-product.js';

/** Parameters of the page address that name the product (the rest are tracking and dropped). */
const ID_PARAMS = ['id', 'offerId', 'productId', 'asin'];

/**
 * The page's address as dedupe compares it: host in lower case without `www.`/`m.`, the path
 * without a trailing slash, only the parameters that name the product, no fragment. Amazon
 * pages are keyed by their ASIN (`/dp/B0...` whatever the slug before it).
 */
export function sourceKey(raw: string): string {
  const u = new URL(raw);
  const host = u.hostname.toLowerCase().replace(/^(www|m)\./, '');
  const asin = /\/(?:dp|gp\/product)\/([A-Z0-9]{10})/i.exec(u.pathname)?.[1];
  if (asin && host.includes('amazon.')) return `${host}/dp/${asin.toUpperCase()}`;
  const params = ID_PARAMS.flatMap((p) => (u.searchParams.has(p) ? [`${p}=${u.searchParams.get(p)}`] : []));
  const path = u.pathname.replace(/\/+$/, '');
  return `${host}${u.port ? `:${u.port}` : ''}${path}${params.length ? `?${params.join('&')}` : ''}`;
}

const pathOf = (id: number) => `/goods/admin/update/${id}`;

/** Downloads the pictures into the file store, four at a time; the failures with their reason. */
async function storePictures(deps: AppDeps, storage: FileStorage, tenantId: number, urls: string[]) {
  const stored = new Map<string, { url: string; width: number; height: number }>();
  const failed: { url: string; error: string }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      try {
        const data = await fetchPublic(url, {
          maxBytes: deps.config.maxUploadBytes,
          timeoutMs: 15_000,
          allowLoopback: deps.config.fetchAllowLoopback,
        });
        const image = await storeImage(storage, tenantId, data);
        stored.set(url, { url: image.url, width: image.width, height: image.height });
      } catch (err) {
        failed.push({ url, error: err instanceof AppError ? err.message : '图片下载失败' });
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { stored: stored as StoredPictures, failed };
}

/** Thrown inside the transaction when a parallel collect of the same page recorded its product first. */
class CollectedMeanwhile extends Error {}

/**
 * Collects a page into the token holder's library as a type-4 product (docs/plugin.md): a page
 * collected before answers its product (已采集, nothing changes); otherwise the pictures are
 * downloaded into the file store (none stored of several named is a 400 with the first reason),
 * the product is built with the user's 采集价格设置 and switches, and product, source and the
 * operation log are written in one transaction.
 */
export async function collect(deps: AppDeps, storage: FileStorage, user: UserRow, body: GatherCollectBody, ip: string) {
  const tenantId = user.tenant_id;
  const key = sourceKey(body.url);
  const seen = await findSource(deps.db, tenantId, key);
  if (seen) return existing(Number(seen.id), seen.is_delete === 1);
  const urls = [
    ...new Set([
      ...body.pictures,
      ...body.variations.flatMap((v) => (v.picture ? [v.picture] : [])),
      ...body.description_pictures,
    ]),
  ];
  if (urls.length > GATHER_LIMITS.totalPictures)
    throw new AppError(400, `图片(含变体图片和详情图片)最多${GATHER_LIMITS.totalPictures}张`);
  const { stored, failed } = await storePictures(deps, storage, tenantId, urls);
  if (urls.length > 0 && stored.size === 0) throw new AppError(400, `图片下载失败: ${failed[0]!.error}`, { failed });
  const data = collectedProduct(body, {
    sku: gatherSku(),
    pictures: stored,
    priceInfo: await getPriceInfo(deps, tenantId, user.id),
    rates: defaultRates(),
    quantityRange: await quantityRangeOf(deps, tenantId, user.id),
    switches: {
      titleKeywords: user.gather_title_fill_keywords === 1,
      randomVariationImage: user.random_parentage_img === 1,
      randomBullets: user.random_bullet_points === 1,
    },
  });
  const actor = { userId: user.id, tenantId, account: user.account, ip, requestId: `gather:${key}`.slice(0, 200) };
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      const w = toWrite(data, data.baseInfo as Parameters<typeof toWrite>[1]);
      const row = await insertGoods(trx, tenantId, user.id, w);
      if (!(await insertSource(trx, tenantId, key, Number(row.id)))) throw new CollectedMeanwhile();
      await audit(trx, actor, {
        action: 'gather.collect',
        targetType: 'goods',
        targetId: row.id,
        after: { title: row.title, sku: row.sku, site: body.site, url: body.url, pictures: stored.size },
      });
      return Number(row.id);
    });
    return {
      data: { id, created: true, path: pathOf(id), pictures: stored.size, failed_pictures: failed },
      msg: failed.length ? `采集成功,${failed.length}张图片下载失败` : '采集成功',
    };
  } catch (err) {
    if (!(err instanceof CollectedMeanwhile)) throw err;
    const again = await findSource(deps.db, tenantId, key);
    if (!again) throw err;
    return existing(Number(again.id), again.is_delete === 1);
  }
}

function existing(id: number, recycled: boolean) {
  return {
    data: { id, created: false, path: pathOf(id), pictures: 0, failed_pictures: [] },
    msg: recycled ? '已采集过该商品(在回收站中)' : '已采集过该商品',
  };
}
