import { type GpsrListingProfile, gpsrAttributes } from '@console/shared/gpsr/listing-attributes';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { profilesForGoods } from './gpsr.repository.js';

// The mapping itself is shared: the upload sends what the GPSR helper's drawer previews.
export { type GpsrListingProfile, gpsrAttributes };

/** The GPSR profiles of products in marketplaces, by `<goods id>|<marketplace>` (for the upload's mapping). */
export async function listingProfiles(
  db: Kysely<DB>,
  tenantId: number,
  goodsIds: readonly number[],
  marketplaces: string[],
): Promise<Map<string, GpsrListingProfile>> {
  const rows = await profilesForGoods(db, tenantId, goodsIds, marketplaces);
  return new Map(
    rows.map((r) => [
      `${Number(r.goods_id)}|${r.marketplace}`,
      {
        manufacturer_name: r.manufacturer_name,
        manufacturer_email: r.manufacturer_email,
        rp_email: r.rp_email,
        safety_attestation: r.safety_attestation,
        warnings: r.warnings ?? {},
        documents: r.documents ?? [],
      },
    ]),
  );
}
