import { createHash } from 'node:crypto';
import { marketplaceById } from '@console/shared/constants/marketplaces';

/** The simulated Amazon's fulfilment centres, and which one an MSKU goes to (`docs/marketplace.md`). */

/** Fulfilment centres per marketplace (two each, so a plan can be split); others get `<ISO>1`/`<ISO>2`. */
const FCS: Record<string, { id: string; city: string; postalCode: string; line: string; state?: string }[]> = {
  ATVPDKIKX0DER: [
    { id: 'ONT8', line: '24300 Nandina Ave', city: 'Moreno Valley', state: 'CA', postalCode: '92551' },
    { id: 'BFI4', line: '2700 Center Dr', city: 'DuPont', state: 'WA', postalCode: '98327' },
  ],
  A2EUQ1WTGCTBG2: [
    { id: 'YYZ4', line: '8050 Heritage Rd', city: 'Brampton', state: 'ON', postalCode: 'L6Y 5X4' },
    { id: 'YVR2', line: '450 Derwent Pl', city: 'Delta', state: 'BC', postalCode: 'V3M 5Y9' },
  ],
  A1F83G8C2ARO7P: [
    { id: 'LTN4', line: 'Boscombe Rd', city: 'Dunstable', postalCode: 'LU5 4FE' },
    { id: 'BHX4', line: 'Plot 1 Kingsbury Rd', city: 'Coventry', postalCode: 'CV6 4QQ' },
  ],
  A1PA6795UKMFR9: [
    { id: 'FRA7', line: 'Am Schloss Eichhof 1', city: 'Bad Hersfeld', postalCode: '36251' },
    { id: 'DTM2', line: 'Kaltbandstrasse 4', city: 'Dortmund', postalCode: '44145' },
  ],
  A13V1IB3VIYZZH: [
    { id: 'ORY1', line: '1 Rue Amazon', city: 'Saran', postalCode: '45770' },
    { id: 'LYS1', line: '1 Rue Amazon', city: 'Sevrey', postalCode: '71100' },
  ],
  A1VC38T7YXB528: [
    { id: 'NRT5', line: '2-1 Nishikicho', city: 'Tachikawa', postalCode: '190-0022' },
    { id: 'KIX2', line: '1-3-1 Minamihonmachi', city: 'Sakai', postalCode: '590-0985' },
  ],
};

/** A fulfilment centre of the simulated Amazon. */
export interface SimFc {
  id: string;
  address: {
    name: string;
    addressLine1: string;
    city: string;
    postalCode: string;
    countryCode: string;
    stateOrProvinceCode?: string;
  };
}

/** The fulfilment centres of a marketplace. */
export function fulfillmentCentres(marketplaceId: string): SimFc[] {
  const iso = marketplaceById(marketplaceId)?.iso ?? 'US';
  const list: { id: string; city: string; postalCode: string; line: string; state?: string }[] =
    FCS[marketplaceId] ??
    [1, 2].map((n) => ({ id: `${iso}${n}`, line: `${n} Fulfilment Way`, city: 'Hub', postalCode: `${n}0000` }));
  return list.map((f) => ({
    id: f.id,
    address: {
      name: `Amazon ${f.id}`,
      addressLine1: f.line,
      city: f.city,
      postalCode: f.postalCode,
      countryCode: iso,
      ...(f.state ? { stateOrProvinceCode: f.state } : {}),
    },
  }));
}

/**
 * The centre an MSKU goes to: a stable hash of the MSKU over the marketplace's centres, so the
 * same SKU always lands in the same place and a plan whose SKUs hash apart is split.
 */
export function simFcOf(marketplaceId: string, msku: string): string {
  const fcs = fulfillmentCentres(marketplaceId);
  return fcs[createHash('sha256').update(msku).digest().readUInt32BE(0) % fcs.length]!.id;
}
