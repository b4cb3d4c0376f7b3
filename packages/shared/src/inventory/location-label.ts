import { marketplaceById } from '../constants/marketplaces.js';
import { LOCATION_KIND_LABELS, type LocationKind } from '../schemas/overseas-inventory.js';

/**
 * The one presenter of stock locations (库存列表, 库存流水 and its location filter, counts,
 * adjustments). The server names a place by kind: `国内备货仓`, the warehouse's name, or
 * `FBA <marketplace id>`; screens show `国内备货仓`, `海外仓 · <name>` and `亚马逊FBA · 德国`.
 */

/** The marketplace id of an FBA location's server name (`FBA A1PA6795UKMFR9` → the id). */
export const fbaMarketplaceOf = (locationName: string) => locationName.replace(/^FBA\s*/, '');

/** A location in Chinese: `国内备货仓`, `海外仓 · 德国一号仓`, `亚马逊FBA · 德国` (unknown ids as they are). */
export function locationLabel(kind: LocationKind, locationName: string): string {
  if (kind === 'china') return LOCATION_KIND_LABELS.china;
  if (kind === 'fba') {
    const id = fbaMarketplaceOf(locationName);
    return `${LOCATION_KIND_LABELS.fba} · ${marketplaceById(id)?.name ?? id}`;
  }
  return `${LOCATION_KIND_LABELS.overseas} · ${locationName}`;
}
