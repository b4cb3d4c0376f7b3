import type { Database } from '../../db/database.js';
import { listingLooks } from './order-listing-look.repository.js';

/**
 * The listing's title and picture on order lines (issue 29 §1): the console's follow offer or
 * product of the line's shop x marketplace x seller SKU (`listingLooks`), else the line's own
 * title (Amazon's) and picture (the linked product's); null picture: the screens show a placeholder.
 */
export async function withLooks<T extends { seller_sku: string | null; title: string | null; image: string | null }>(
  db: Database,
  tenantId: number,
  lines: { shop_id: number; marketplace: string; line: T }[],
): Promise<T[]> {
  const keys = lines.flatMap((l) =>
    l.line.seller_sku ? [{ shop_id: l.shop_id, marketplace: l.marketplace, sku: l.line.seller_sku }] : [],
  );
  const looks = await listingLooks(db, tenantId, keys);
  const byKey = new Map(looks.map((x) => [`${x.shop_id}|${x.marketplace}|${x.sku}`, x]));
  return lines.map(({ shop_id, marketplace, line }) => {
    const look = line.seller_sku ? byKey.get(`${shop_id}|${marketplace}|${line.seller_sku}`) : undefined;
    return { ...line, title: look?.title || line.title, image: look?.image || line.image };
  });
}
