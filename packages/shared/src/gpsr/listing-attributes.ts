import type { MarketplaceInfo } from '../constants/marketplaces';
import type { GpsrDocument } from '../schemas/gpsr';

/** What a listing takes from the product's GPSR profile in its marketplace. */
export interface GpsrListingProfile {
  manufacturer_name: string;
  manufacturer_email: string;
  rp_email: string;
  safety_attestation: boolean;
  warnings: Partial<Record<string, string>>;
  documents: GpsrDocument[];
}

/** Listing attributes by name, each a list of values (SP-API Listings Items `attributes`). */
export type GpsrListingAttributes = Record<string, unknown[]>;

/** Amazon's language tag of a document language (`compliance_media.content_language`). */
const CONTENT_LANGUAGE: Record<string, string> = {
  de: 'de_DE',
  fr: 'fr_FR',
  it: 'it_IT',
  es: 'es_ES',
  nl: 'nl_NL',
  pl: 'pl_PL',
  sv: 'sv_SE',
  en: 'en_GB',
};

/**
 * The GPSR attributes of a listing from a profile, under Amazon's product type attribute
 * names (checked against the vendored HAIRBAND definition and the shipped product types). The
 * upload's listing mapper sends them (server `gpsr-attributes.ts`), and the GPSR helper's profile
 * drawer previews them from the same function (docs/gpsr.md):
 *
 * - `manufacturer` (localized value): the manufacturer's name;
 * - `gpsr_manufacturer_reference.gpsr_manufacturer_email_address`: the manufacturer's e-mail,
 *   Amazon's key to the manufacturer's postal address in its registry (Manage Your Compliance);
 * - `dsa_responsible_party_address` (value): the EU responsible person's e-mail, its key there;
 * - `gpsr_safety_attestation` (boolean value);
 * - `safety_warning` (localized value): the warning in the marketplace's language, else English;
 * - `compliance_media` (content_type, content_language, source_location): each document as a
 *   signed public link, at most one per type and language (the attribute's selectors).
 *
 * Postal addresses and names of the responsible person have no listing attribute: Amazon reads
 * them from the registry entry the e-mails name. The mapper fits the result to the product
 * type's schema afterwards (`fitToSchema`), so attributes a type lacks are left out and
 * `marketplace_id` / `language_tag` are filled in where it has them.
 */
export function gpsrAttributes(
  p: GpsrListingProfile,
  m: Pick<MarketplaceInfo, 'languageTag'>,
  fileUrl: (url: string) => string,
): GpsrListingAttributes {
  const a: GpsrListingAttributes = {};
  if (p.manufacturer_name.trim()) a.manufacturer = [{ value: p.manufacturer_name.trim() }];
  if (p.manufacturer_email.trim())
    a.gpsr_manufacturer_reference = [{ gpsr_manufacturer_email_address: p.manufacturer_email.trim() }];
  if (p.rp_email.trim()) a.dsa_responsible_party_address = [{ value: p.rp_email.trim() }];
  a.gpsr_safety_attestation = [{ value: p.safety_attestation }];
  const lang = m.languageTag.slice(0, 2);
  const warning = (p.warnings[lang] ?? '').trim() || (p.warnings.en ?? '').trim();
  if (warning) a.safety_warning = [{ value: warning }];
  const seen = new Set<string>();
  const media = p.documents.flatMap((d) => {
    const key = `${d.doc_type}|${d.language}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [
      {
        content_type: d.doc_type,
        content_language: CONTENT_LANGUAGE[d.language] ?? 'en_GB',
        source_location: fileUrl(d.url),
      },
    ];
  });
  if (media.length) a.compliance_media = media;
  return a;
}
