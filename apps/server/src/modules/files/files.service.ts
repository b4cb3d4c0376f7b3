import type { Actor, AppDeps } from '../../context.js';
import { notFound } from '../../lib/app-error.js';
import { findGoods } from '../goods/goods.repository.js';
import { audit } from '../system/audit.js';
import type { FileStorage } from './file-storage.js';
import { type StoredImage, storeImage } from './images.service.js';

/** Stores an uploaded image of the actor's tenant and logs the upload. */
export async function uploadImage(
  deps: AppDeps,
  storage: FileStorage,
  actor: Actor,
  data: Buffer,
): Promise<StoredImage> {
  const image = await storeImage(storage, actor.tenantId, data);
  await deps.db.transaction().execute((trx) =>
    audit(trx, actor, {
      action: 'files.upload',
      targetType: 'file',
      targetId: image.url,
      after: { size: image.size },
    }),
  );
  return image;
}

/** Logs a batch of remote images copied into storage. */
export async function auditRemoteCopies(deps: AppDeps, actor: Actor, copied: number, failed: number): Promise<void> {
  await deps.db.transaction().execute((trx) =>
    audit(trx, actor, {
      action: 'files.copyRemote',
      targetType: 'file',
      targetId: `${copied} items`,
      after: { copied, failed },
    }),
  );
}

/** The image URLs of one of the tenant's products (main images, then variation images), without repeats. */
export async function goodsImageUrls(deps: AppDeps, tenantId: number, id: number) {
  const row = await findGoods(deps.db, tenantId, id);
  if (!row) throw notFound('商品不存在');
  const urls = [...row.images.map((i) => i.url), ...(row.parentage.children ?? []).flatMap((c) => c.images ?? [])];
  return { id: Number(row.id), sku: row.sku, urls: [...new Set(urls)] };
}
