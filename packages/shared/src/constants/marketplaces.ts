/**
 * The one table of Amazon marketplaces the console knows: every country of the specification's
 * country option list (spec section 3), keyed by the specification's country code (the UK is
 * `en`, Japan `ja`, Sweden `se`, Brazil `br`, the UAE `ae`). Every other country, site, currency
 * or language list of the code base is derived from it.
 *
 * Marketplace ids and regions: Amazon's published list (SP-API "Marketplace IDs"; the ids of the
 * US, UK, Germany, Japan, Brazil, Turkey and India also appear in the vendored models under
 * `vendor/amazon-sp-api/`). Language tags: the marketplace's default listing language (Amazon.sa
 * and Amazon.eg list in Amazon.ae's `en_AE`).
 */

/** The SP-API regions; each has one endpoint for all its marketplaces. */
export type SpApiRegion = 'NA' | 'EU' | 'FE';

/** SP-API endpoint per region (Amazon's "SP-API endpoints"). */
export const SP_API_ENDPOINTS: Readonly<Record<SpApiRegion, string>> = {
  NA: 'https://sellingpartnerapi-na.amazon.com',
  EU: 'https://sellingpartnerapi-eu.amazon.com',
  FE: 'https://sellingpartnerapi-fe.amazon.com',
};

/**
 * Login with Amazon token endpoint: one for every region (Amazon's "Connecting to the Selling
 * Partner API": `POST https://api.amazon.com/auth/o2/token`, form-encoded).
 */
export const LWA_TOKEN_URL = 'https://api.amazon.com/auth/o2/token';

/**
 * The Seller Central consent URL of the website authorization workflow: the seller signs in
 * there, authorizes the application and is redirected to `redirect_uri` with
 * `spapi_oauth_code`, `selling_partner_id` and `state`. `beta` adds `version=beta`, needed
 * while the application is in draft state.
 */
export function consentUrl(
  sellerCentral: string,
  p: { applicationId: string; state: string; redirectUri?: string; beta?: boolean },
): string {
  const q: [string, string][] = [
    ['application_id', p.applicationId],
    ['state', p.state],
  ];
  if (p.redirectUri) q.push(['redirect_uri', p.redirectUri]);
  if (p.beta) q.push(['version', 'beta']);
  const query = q.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return `${sellerCentral.replace(/\/+$/, '')}/apps/authorize/consent?${query}`;
}

/** The marketplaces of one SP-API region, in table order. */
export function regionMarketplaces(region: SpApiRegion): Marketplace[] {
  return MARKETPLACES.filter((m) => m.region === region);
}

/** One marketplace. */
export interface MarketplaceInfo {
  /** The specification's country code (`en` is the UK). */
  code: string;
  /** Chinese country name, as the specification labels it. */
  name: string;
  /** ISO 3166-1 alpha-2 country code. */
  iso: string;
  /** Amazon marketplace id. */
  marketplaceId: string;
  region: SpApiRegion;
  /** Site suffix after `amazon.` (spec section 3 "country option with site"). */
  site: string;
  /** ISO 4217 currency of the marketplace. */
  currency: string;
  /** Amazon's language tag of listings in the marketplace (`en_GB`). */
  languageTag: string;
  /**
   * Seller Central of the marketplace, where a seller signs in to authorize an application
   * (Amazon's "Seller Central URLs" of the SP-API website authorization workflow).
   */
  sellerCentral: string;
  /** Flag emoji. */
  flag: string;
}

/** Every marketplace, in the order of the specification's country option list. */
export const MARKETPLACES = [
  {
    code: 'en',
    name: '英国',
    iso: 'GB',
    marketplaceId: 'A1F83G8C2ARO7P',
    region: 'EU',
    site: 'co.uk',
    currency: 'GBP',
    languageTag: 'en_GB',
    sellerCentral: 'https://sellercentral-europe.amazon.com',
    flag: '🇬🇧',
  },
  {
    code: 'fr',
    name: '法国',
    iso: 'FR',
    marketplaceId: 'A13V1IB3VIYZZH',
    region: 'EU',
    site: 'fr',
    currency: 'EUR',
    languageTag: 'fr_FR',
    sellerCentral: 'https://sellercentral-europe.amazon.com',
    flag: '🇫🇷',
  },
  {
    code: 'de',
    name: '德国',
    iso: 'DE',
    marketplaceId: 'A1PA6795UKMFR9',
    region: 'EU',
    site: 'de',
    currency: 'EUR',
    languageTag: 'de_DE',
    sellerCentral: 'https://sellercentral-europe.amazon.com',
    flag: '🇩🇪',
  },
  {
    code: 'it',
    name: '意大利',
    iso: 'IT',
    marketplaceId: 'APJ6JRA9NG5V4',
    region: 'EU',
    site: 'it',
    currency: 'EUR',
    languageTag: 'it_IT',
    sellerCentral: 'https://sellercentral-europe.amazon.com',
    flag: '🇮🇹',
  },
  {
    code: 'es',
    name: '西班牙',
    iso: 'ES',
    marketplaceId: 'A1RKKUPIHCS9HS',
    region: 'EU',
    site: 'es',
    currency: 'EUR',
    languageTag: 'es_ES',
    sellerCentral: 'https://sellercentral-europe.amazon.com',
    flag: '🇪🇸',
  },
  {
    code: 'se',
    name: '瑞典',
    iso: 'SE',
    marketplaceId: 'A2NODRKZP88ZB9',
    region: 'EU',
    site: 'se',
    currency: 'SEK',
    languageTag: 'sv_SE',
    sellerCentral: 'https://sellercentral-europe.amazon.com',
    flag: '🇸🇪',
  },
  {
    code: 'us',
    name: '美国',
    iso: 'US',
    marketplaceId: 'ATVPDKIKX0DER',
    region: 'NA',
    site: 'com',
    currency: 'USD',
    languageTag: 'en_US',
    sellerCentral: 'https://sellercentral.amazon.com',
    flag: '🇺🇸',
  },
  {
    code: 'ca',
    name: '加拿大',
    iso: 'CA',
    marketplaceId: 'A2EUQ1WTGCTBG2',
    region: 'NA',
    site: 'ca',
    currency: 'CAD',
    languageTag: 'en_CA',
    sellerCentral: 'https://sellercentral.amazon.ca',
    flag: '🇨🇦',
  },
  {
    code: 'mx',
    name: '墨西哥',
    iso: 'MX',
    marketplaceId: 'A1AM78C64UM0Y8',
    region: 'NA',
    site: 'com.mx',
    currency: 'MXN',
    languageTag: 'es_MX',
    sellerCentral: 'https://sellercentral.amazon.com.mx',
    flag: '🇲🇽',
  },
  {
    code: 'br',
    name: '巴西',
    iso: 'BR',
    marketplaceId: 'A2Q3Y263D00KWC',
    region: 'NA',
    site: 'com.br',
    currency: 'BRL',
    languageTag: 'pt_BR',
    sellerCentral: 'https://sellercentral.amazon.com.br',
    flag: '🇧🇷',
  },
  {
    code: 'nl',
    name: '荷兰',
    iso: 'NL',
    marketplaceId: 'A1805IZSGTT6HS',
    region: 'EU',
    site: 'nl',
    currency: 'EUR',
    languageTag: 'nl_NL',
    sellerCentral: 'https://sellercentral-europe.amazon.com',
    flag: '🇳🇱',
  },
  {
    code: 'ja',
    name: '日本',
    iso: 'JP',
    marketplaceId: 'A1VC38T7YXB528',
    region: 'FE',
    site: 'co.jp',
    currency: 'JPY',
    languageTag: 'ja_JP',
    sellerCentral: 'https://sellercentral.amazon.co.jp',
    flag: '🇯🇵',
  },
  {
    code: 'pl',
    name: '波兰',
    iso: 'PL',
    marketplaceId: 'A1C3SOZRARQ6R3',
    region: 'EU',
    site: 'pl',
    currency: 'PLN',
    languageTag: 'pl_PL',
    sellerCentral: 'https://sellercentral-europe.amazon.com',
    flag: '🇵🇱',
  },
  {
    code: 'ae',
    name: '阿联酋',
    iso: 'AE',
    marketplaceId: 'A2VIGQ35RCS4UG',
    region: 'EU',
    site: 'ae',
    currency: 'AED',
    languageTag: 'en_AE',
    sellerCentral: 'https://sellercentral.amazon.ae',
    flag: '🇦🇪',
  },
  {
    code: 'sa',
    name: '沙特',
    iso: 'SA',
    marketplaceId: 'A17E79C6D8DWNP',
    region: 'EU',
    site: 'sa',
    currency: 'SAR',
    languageTag: 'en_AE',
    sellerCentral: 'https://sellercentral.amazon.sa',
    flag: '🇸🇦',
  },
  {
    code: 'au',
    name: '澳大利亚',
    iso: 'AU',
    marketplaceId: 'A39IBJ37TRP1C6',
    region: 'FE',
    site: 'com.au',
    currency: 'AUD',
    languageTag: 'en_AU',
    sellerCentral: 'https://sellercentral.amazon.com.au',
    flag: '🇦🇺',
  },
  {
    code: 'tr',
    name: '土耳其',
    iso: 'TR',
    marketplaceId: 'A33AVAJ2PDY3EV',
    region: 'EU',
    site: 'com.tr',
    currency: 'TRY',
    languageTag: 'tr_TR',
    sellerCentral: 'https://sellercentral.amazon.com.tr',
    flag: '🇹🇷',
  },
  {
    code: 'be',
    name: '比利时',
    iso: 'BE',
    marketplaceId: 'AMEN7PMS3EDWL',
    region: 'EU',
    site: 'com.be',
    currency: 'EUR',
    languageTag: 'fr_BE',
    sellerCentral: 'https://sellercentral-europe.amazon.com',
    flag: '🇧🇪',
  },
  {
    code: 'eg',
    name: '埃及',
    iso: 'EG',
    marketplaceId: 'ARBP9OOSHTCHU',
    region: 'EU',
    site: 'eg',
    currency: 'EGP',
    languageTag: 'en_AE',
    sellerCentral: 'https://sellercentral.amazon.eg',
    flag: '🇪🇬',
  },
  {
    code: 'in',
    name: '印度',
    iso: 'IN',
    marketplaceId: 'A21TJRUUN4KGV',
    region: 'EU',
    site: 'in',
    currency: 'INR',
    languageTag: 'en_IN',
    sellerCentral: 'https://sellercentral.amazon.in',
    flag: '🇮🇳',
  },
] as const satisfies readonly MarketplaceInfo[];

/** A marketplace as typed by the table. */
export type Marketplace = (typeof MARKETPLACES)[number];
/** The specification's country code of a marketplace. */
export type MarketplaceCode = Marketplace['code'];
/** Every currency some marketplace uses. */
export type MarketplaceCurrency = Marketplace['currency'];

/** The marketplace of a country code (case-insensitive), or undefined. */
export function marketplaceByCode(code: string): Marketplace | undefined {
  const key = code.trim().toLowerCase();
  return MARKETPLACES.find((m) => m.code === key);
}

/** The marketplace of an Amazon marketplace id, or undefined. */
export function marketplaceById(id: string): Marketplace | undefined {
  const key = id.trim();
  return MARKETPLACES.find((m) => m.marketplaceId === key);
}

/** The marketplace of a code the table is known to hold (a typed code cannot miss). */
export function marketplace(code: MarketplaceCode): Marketplace {
  return MARKETPLACES.find((m) => m.code === code)!;
}

/** The storefront host of a marketplace: `www.amazon.co.uk`. */
export function marketplaceDomain(m: Pick<MarketplaceInfo, 'site'>): string {
  return `www.amazon.${m.site}`;
}

/** Amazon's marketplace name: `Amazon.co.uk`. */
export function marketplaceTitle(m: Pick<MarketplaceInfo, 'site'>): string {
  return `Amazon.${m.site}`;
}

/** The SP-API endpoint serving a marketplace. */
export function spApiEndpoint(m: Pick<MarketplaceInfo, 'region'>): string {
  return SP_API_ENDPOINTS[m.region];
}

/** Chinese names of the languages of the table's language tags. */
const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  ar: '阿拉伯语',
  de: '德语',
  en: '英语',
  es: '西班牙语',
  fr: '法语',
  it: '意大利语',
  ja: '日语',
  nl: '荷兰语',
  pl: '波兰语',
  pt: '葡萄牙语',
  sv: '瑞典语',
  tr: '土耳其语',
};

/** The Chinese label of a marketplace's listing language: `英语 (英国)`. */
export function marketplaceLanguageLabel(m: Pick<MarketplaceInfo, 'languageTag' | 'name'>): string {
  const lang = m.languageTag.split('_')[0] ?? '';
  return `${LANGUAGE_NAMES[lang] ?? m.languageTag} (${m.name})`;
}

/** The country option list of spec section 3 (label: value), all 20 countries. */
export const COUNTRY_OPTIONS: readonly { label: string; value: MarketplaceCode }[] = MARKETPLACES.map((m) => ({
  label: m.name,
  value: m.code,
}));

/** The Chinese name of a country code, the code itself when unknown. */
export function countryName(code: string): string {
  return marketplaceByCode(code)?.name ?? code;
}

/**
 * Marketplaces the shipped product-type templates are offered in (server
 * `marketplace/product-type.catalog.ts`), in the order the template pickers list them.
 */
export const PRODUCT_TYPE_MARKETPLACES = ['us', 'en', 'de', 'fr', 'ja'] as const satisfies readonly MarketplaceCode[];

/** The price countries of the editor in the order of spec section 3 ("priceTable rows"). */
const PRICE_COUNTRY_ORDER = [
  'en',
  'fr',
  'de',
  'it',
  'es',
  'us',
  'ca',
  'mx',
  'ja',
  'se',
  'pl',
  'br',
  'ae',
  'sa',
  'au',
] as const satisfies readonly MarketplaceCode[];

/** A price country's code. */
export type PriceCountry = (typeof PRICE_COUNTRY_ORDER)[number];

/** One row of the editor's price table: country name, code and the marketplace's currency. */
export interface PriceCountryRow {
  country: string;
  country_code: PriceCountry;
  currency: MarketplaceCurrency;
}

/** Price countries of the editor (spec section 3 "priceTable rows") with their currency. */
export const PRICE_COUNTRIES: readonly PriceCountryRow[] = PRICE_COUNTRY_ORDER.map((code) => {
  const m = marketplace(code);
  return { country: m.name, country_code: code, currency: m.currency };
});

/** The price country codes in table order. */
export const PRICE_COUNTRY_CODES: readonly PriceCountry[] = PRICE_COUNTRY_ORDER;

/** The currency of a price country (USD for an unknown code, as the price formula always did). */
export function priceCountryCurrency(code: string): MarketplaceCurrency {
  return PRICE_COUNTRIES.find((c) => c.country_code === code)?.currency ?? 'USD';
}
