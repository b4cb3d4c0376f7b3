import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '../money/currencies.js';
import { SEARCH_TERM_COUNTRIES } from './goods.js';
import {
  COUNTRY_OPTIONS,
  consentUrl,
  countryName,
  LWA_TOKEN_URL,
  MARKETPLACES,
  marketplace,
  marketplaceByCode,
  marketplaceById,
  marketplaceDomain,
  marketplaceLanguageLabel,
  marketplaceTitle,
  PRICE_COUNTRIES,
  priceCountryCurrency,
  regionMarketplaces,
  spApiEndpoint,
} from './marketplaces.js';

/** The specification's lists (section 3), copied here as the test's independent reference. */
const SPEC_COUNTRY_OPTIONS =
  'UK en, France fr, Germany de, Italy it, Spain es, Sweden se, US us, Canada ca, Mexico mx, Brazil br, Netherlands nl, Japan ja, Poland pl, UAE ae, Saudi sa, Australia au, Turkey tr, Belgium be, Egypt eg, India in';
const SPEC_PRICE_ROWS = 'en fr de it es us ca mx ja se pl br ae sa au';
const SPEC_SITES =
  'en/co.uk, fr/fr, it/it, es/es, de/de, us/com, ca/ca, mx/com.mx, br/com.br, ja/co.jp, se/se, nl/nl, pl/pl, au/com.au';
const SPEC_MONITOR_SITES = 'com, ca, co.uk, de, co.jp, ae, fr, es, it, com.mx, nl, se';

describe('marketplace table', () => {
  it('holds every country of the specification, in its order, once', () => {
    const codes = SPEC_COUNTRY_OPTIONS.split(', ').map((e) => e.split(' ').at(-1));
    expect(MARKETPLACES.map((m) => m.code)).toEqual(codes);
    expect(COUNTRY_OPTIONS.map((o) => o.value)).toEqual(codes);
    expect(PRICE_COUNTRIES.map((c) => c.country_code)).toEqual(SPEC_PRICE_ROWS.split(' '));
    for (const code of SEARCH_TERM_COUNTRIES) expect(marketplaceByCode(code)).toBeDefined();
  });

  it('has unique codes, marketplace ids, ISO codes and sites', () => {
    for (const key of ['code', 'marketplaceId', 'iso', 'site'] as const) {
      const values = MARKETPLACES.map((m) => m[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
  });

  it('agrees with the specification sites and the monitor sites', () => {
    for (const pair of SPEC_SITES.split(', ')) {
      const [code = '', site] = pair.split('/');
      expect(marketplaceByCode(code)?.site, code).toBe(site);
    }
    const sites = new Set<string>(MARKETPLACES.map((m) => m.site));
    for (const site of SPEC_MONITOR_SITES.split(', ')) expect(sites.has(site), site).toBe(true);
  });

  it('is well formed: ids, regions, currencies, language tags, flags', () => {
    for (const m of MARKETPLACES) {
      expect(m.marketplaceId, m.code).toMatch(/^A[0-9A-Z]{8,14}$/);
      expect(['NA', 'EU', 'FE'], m.code).toContain(m.region);
      expect(CURRENCIES[m.currency], m.code).toBeDefined();
      expect(m.languageTag, m.code).toMatch(/^[a-z]{2}_[A-Z]{2}$/);
      // A flag is the two regional indicator symbols of the ISO code.
      const flag = [...m.iso].map((ch) => String.fromCodePoint(0x1f1e6 + ch.charCodeAt(0) - 65)).join('');
      expect(m.flag, m.code).toBe(flag);
    }
  });

  it('spot-checks values published by Amazon (marketplace ids page, vendored SP-API models)', () => {
    expect(marketplaceById('ATVPDKIKX0DER')?.code).toBe('us');
    expect(marketplaceById('A1F83G8C2ARO7P')?.code).toBe('en');
    expect(marketplaceById('A1VC38T7YXB528')?.code).toBe('ja');
    expect(marketplaceById('A2Q3Y263D00KWC')?.code).toBe('br');
    const uk = marketplaceByCode('EN')!;
    expect(marketplaceTitle(uk)).toBe('Amazon.co.uk');
    expect(marketplaceDomain(uk)).toBe('www.amazon.co.uk');
    expect(spApiEndpoint(uk)).toBe('https://sellingpartnerapi-eu.amazon.com');
    expect(spApiEndpoint(marketplaceByCode('br')!)).toBe('https://sellingpartnerapi-na.amazon.com');
    expect(spApiEndpoint(marketplaceByCode('au')!)).toBe('https://sellingpartnerapi-fe.amazon.com');
    expect(marketplaceLanguageLabel(uk)).toBe('英语 (英国)');
    expect(marketplaceLanguageLabel(marketplaceByCode('ja')!)).toBe('日语 (日本)');
  });

  it('names countries and price currencies', () => {
    expect(countryName('nl')).toBe('荷兰');
    expect(countryName('xx')).toBe('xx');
    expect(priceCountryCurrency('ja')).toBe('JPY');
    expect(priceCountryCurrency('en')).toBe('GBP');
    expect(priceCountryCurrency('xx')).toBe('USD');
    expect(PRICE_COUNTRIES[0]).toEqual({ country: '英国', country_code: 'en', currency: 'GBP' });
  });
});

describe('Seller Central and consent', () => {
  it('names a Seller Central for every marketplace, one for all of Europe', () => {
    for (const m of MARKETPLACES) expect(m.sellerCentral).toMatch(/^https:\/\/sellercentral[.-][a-z.-]+$/);
    expect(regionMarketplaces('NA').map((m) => m.code)).toEqual(['us', 'ca', 'mx', 'br']);
    expect(marketplace('de').sellerCentral).toBe('https://sellercentral-europe.amazon.com');
    expect(marketplace('us').sellerCentral).toBe('https://sellercentral.amazon.com');
  });

  it('builds the consent URL of the website authorization workflow', () => {
    expect(
      consentUrl('https://sellercentral-europe.amazon.com/', {
        applicationId: 'amzn1.sp.solution.x',
        state: 'a b&c',
        redirectUri: 'https://console.example.com/cb?x=1',
        beta: true,
      }),
    ).toBe(
      'https://sellercentral-europe.amazon.com/apps/authorize/consent?application_id=amzn1.sp.solution.x&state=a%20b%26c&redirect_uri=https%3A%2F%2Fconsole.example.com%2Fcb%3Fx%3D1&version=beta',
    );
    expect(LWA_TOKEN_URL).toBe('https://api.amazon.com/auth/o2/token');
  });
});
