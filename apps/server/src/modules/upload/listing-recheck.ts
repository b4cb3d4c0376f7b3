import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import type { ListingStatus } from '@console/shared/schemas/upload';
import type { AppDeps } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { openShop } from '../shop/shop-client.js';
import { listingsToRecheck, shopsToRecheck, writeRechecks } from './upload.repository.js';
import type { StoredIssue } from './upload.tables.js';

/** Listings checked per shop and run (searchListingsItems takes 20 SKUs a call). */
const PER_SHOP = 2000;

/**
 * Reads the ledger's live (and accepted, suppressed) listings back from Amazon, so issues that
 * appear after an upload reach the ledger (docs/upload.md "The listing ledger"): errors or no
 * buyable/discoverable status make a listing `suppressed`, one Amazon no longer has is
 * `deleted`, a clean one is `live` again. Listings checked within `maxAgeMs` are left alone.
 * A shop whose authorization lapsed is skipped. Answers how many listings were checked.
 */
export async function recheckListings(
  deps: AppDeps,
  opts: { maxAgeMs: number; signal?: AbortSignal },
): Promise<number> {
  const before = new Date(Date.now() - opts.maxAgeMs);
  let checked = 0;
  for (const s of await shopsToRecheck(deps.db, before)) {
    if (opts.signal?.aborted) break;
    let client: Awaited<ReturnType<typeof openShop>>['client'];
    try {
      client = (await openShop(deps, s.tenant_id, s.shop_id)).client;
    } catch (err) {
      if (err instanceof AppError) continue;
      throw err;
    }
    const rows = await listingsToRecheck(deps.db, s.shop_id, before, PER_SHOP);
    const byMarket = new Map<string, typeof rows>();
    for (const r of rows) byMarket.set(r.marketplace, [...(byMarket.get(r.marketplace) ?? []), r]);
    for (const [code, list] of byMarket) {
      const m = marketplaceByCode(code);
      if (!m) continue;
      for (let i = 0; i < list.length && !opts.signal?.aborted; i += 20) {
        const batch = list.slice(i, i + 20);
        const res = await client.listings.search([m.marketplaceId], {
          identifiers: batch.map((b) => b.seller_sku),
          identifiersType: 'SKU',
          includedData: ['summaries', 'issues'],
          pageSize: 20,
        });
        const found = new Map(res.items.map((x) => [x.sku, x]));
        await writeRechecks(
          deps.db,
          batch.map((b) => {
            const l = found.get(b.seller_sku);
            const issues: StoredIssue[] = (l?.issues ?? []).map((x) => ({
              ...x,
              categories: x.categories ?? [],
              source: 'amazon',
            }));
            const shown = l?.summaries?.[0]?.status ?? [];
            const status: ListingStatus = !l
              ? 'deleted'
              : issues.some((x) => x.severity === 'ERROR') ||
                  !(shown.includes('BUYABLE') || shown.includes('DISCOVERABLE'))
                ? 'suppressed'
                : 'live';
            return { id: String(b.id), status, issues, asin: l?.summaries?.[0]?.asin ?? null };
          }),
        );
        checked += batch.length;
      }
    }
  }
  return checked;
}
