import { describe, expect, it } from 'vitest';
import { spApiSetting } from '../config.js';
import { createAmazonAjv } from './amazon-schema.js';
import { backoffMs, DEFAULT_RETRY } from './http-retry.js';
import { parseRateLimitHeader, SP_API_OPERATIONS, USAGE_PLANS } from './rate-limits.js';

describe("Amazon's schema keywords", () => {
  const ajv = createAmazonAjv();
  const check = (schema: object, data: unknown) => ajv.compile(schema)(data);

  it('counts UTF-8 bytes, not characters', () => {
    const s = { type: 'string', maxUtf8ByteLength: 6, minUtf8ByteLength: 3 };
    expect(check(s, '发带')).toBe(true);
    expect(check(s, '发带子')).toBe(false);
    expect(check(s, 'ab')).toBe(false);
  });

  it('counts unique items per selector combination', () => {
    const s = { type: 'array', selectors: ['marketplace_id'], minUniqueItems: 1, maxUniqueItems: 1 };
    expect(
      check(s, [
        { marketplace_id: 'A', value: 1 },
        { marketplace_id: 'B', value: 2 },
      ]),
    ).toBe(true);
    expect(
      check(s, [
        { marketplace_id: 'A', value: 1 },
        { marketplace_id: 'A', value: 2 },
      ]),
    ).toBe(false);
  });

  it('accepts the informational keywords', () => {
    const s = { type: 'string', enum: ['a'], enumNames: ['甲'], editable: true, hidden: false, selectors: [] };
    expect(check(s, 'a')).toBe(true);
    expect(check(s, 'b')).toBe(false);
  });
});

describe('rate-limit plans and backoff', () => {
  it('holds a plan for every operation, from the models', () => {
    expect(SP_API_OPERATIONS.length).toBeGreaterThanOrEqual(17);
    for (const op of SP_API_OPERATIONS) {
      expect(USAGE_PLANS[op].rate).toBeGreaterThan(0);
      expect(USAGE_PLANS[op].burst).toBeGreaterThanOrEqual(1);
    }
    expect(USAGE_PLANS.createFeed).toMatchObject({ rate: 0.0083, burst: 15 });
  });

  it('reads x-amzn-RateLimit-Limit and ignores nonsense', () => {
    expect(parseRateLimitHeader('0.0083')).toBe(0.0083);
    expect(parseRateLimitHeader(' 5 ')).toBe(5);
    expect(parseRateLimitHeader('')).toBeUndefined();
    expect(parseRateLimitHeader('abc')).toBeUndefined();
    expect(parseRateLimitHeader('-1')).toBeUndefined();
  });

  it('backs off exponentially with jitter, capped and scaled', () => {
    expect(backoffMs(DEFAULT_RETRY, 0, 1, () => 0)).toBe(500);
    expect(backoffMs(DEFAULT_RETRY, 0, 1, () => 1)).toBe(1000);
    expect(backoffMs(DEFAULT_RETRY, 3, 1, () => 1)).toBe(8000);
    expect(backoffMs(DEFAULT_RETRY, 20, 1, () => 1)).toBe(30_000);
    expect(backoffMs(DEFAULT_RETRY, 20, 100, () => 1)).toBe(300);
  });
});

describe('SPAPI_* settings', () => {
  it('defaults to Amazon with a time scale of 1', () => {
    expect(spApiSetting({})).toEqual({
      clientId: '',
      clientSecret: '',
      appId: '',
      beta: false,
      lwaUrl: undefined,
      endpoint: undefined,
      timeScale: 1,
      timeoutMs: 30_000,
    });
    expect(spApiSetting({ SPAPI_APP_BETA: 'true' }).beta).toBe(true);
  });

  it('refuses a bad time scale or URL naming the variable', () => {
    expect(() => spApiSetting({ SPAPI_TIME_SCALE: '0' })).toThrow('SPAPI_TIME_SCALE');
    expect(() => spApiSetting({ SPAPI_TIME_SCALE: 'fast' })).toThrow('SPAPI_TIME_SCALE');
    expect(() => spApiSetting({ SPAPI_ENDPOINT: 'ftp://x' })).toThrow('SPAPI_ENDPOINT');
    expect(spApiSetting({ SPAPI_LWA_URL: 'http://127.0.0.1:8090/auth/o2/token/' }).lwaUrl).toBe(
      'http://127.0.0.1:8090/auth/o2/token',
    );
  });
});
