import { DESC_LANGUAGES } from './goods.js';
import { marketplaceByCode } from './marketplaces.js';

/** Amazon language subtags whose editor language key differs (sv -> se, pt -> br, ar -> ae). */
const KEY_OF_SUBTAG: Record<string, string> = { sv: 'se', pt: 'br', ar: 'ae' };

/**
 * The editor language (key and label) a marketplace's listing is written in, from the
 * marketplace's Amazon language tag: `us` (en_US) -> en 英语, `se` (sv_SE) -> se 瑞典语.
 * Undefined for an unknown marketplace or a language the editor does not have (Turkish).
 */
export function listingLanguage(marketplace: string): { key: string; label: string } | undefined {
  const m = marketplaceByCode(marketplace);
  if (!m) return undefined;
  const sub = m.languageTag.split('_')[0]!;
  const key = KEY_OF_SUBTAG[sub] ?? sub;
  const lang = DESC_LANGUAGES.find((l) => l.key === key);
  return lang ? { key: lang.key, label: lang.label } : undefined;
}
