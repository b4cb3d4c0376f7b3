import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('config: carrier and 1688 settings', () => {
  it('reads CARRIER_API_* and ALI1688_* like every other setting', () => {
    const none = loadConfig({});
    expect(none.carrier).toEqual({ apiUrl: undefined, apiKey: '' });
    expect(none.ali1688).toEqual({
      baseUrl: undefined,
      appKey: '',
      appSecret: '',
      authorizeUrl: 'https://auth.1688.com/oauth/authorize',
      demo: false,
      demoShipMs: 60_000,
    });
    const set = loadConfig({
      CARRIER_API_URL: 'https://carrier.example/api/',
      CARRIER_API_KEY: ' k1 ',
      ALI1688: 'demo',
      ALI1688_BASE_URL: 'http://127.0.0.1:9000',
      ALI1688_APP_KEY: 'a',
      ALI1688_APP_SECRET: ' s ',
      ALI1688_AUTHORIZE_URL: 'http://127.0.0.1:9000/oauth/authorize',
      ALI1688_DEMO_SHIP_MS: '500',
    });
    expect(set.carrier).toEqual({ apiUrl: 'https://carrier.example/api', apiKey: 'k1' });
    expect(set.ali1688).toEqual({
      baseUrl: 'http://127.0.0.1:9000',
      appKey: 'a',
      appSecret: 's',
      authorizeUrl: 'http://127.0.0.1:9000/oauth/authorize',
      demo: true,
      demoShipMs: 500,
    });
    expect(() => loadConfig({ CARRIER_API_URL: 'carrier.example' })).toThrow('CARRIER_API_URL must be an http(s) URL');
    expect(() => loadConfig({ ALI1688_DEMO_SHIP_MS: '-1' })).toThrow('ALI1688_DEMO_SHIP_MS');
  });
});

describe('config: sandbox orders', () => {
  it('reads SANDBOX_ORDERS_PER_HOUR (0 or more, fractions allowed; unset: the sandbox default)', () => {
    expect(loadConfig({}).spapi.sandboxOrdersPerHour).toBeUndefined();
    expect(loadConfig({ SANDBOX_ORDERS_PER_HOUR: '60' }).spapi.sandboxOrdersPerHour).toBe(60);
    expect(loadConfig({ SANDBOX_ORDERS_PER_HOUR: '0' }).spapi.sandboxOrdersPerHour).toBe(0);
    expect(loadConfig({ SANDBOX_ORDERS_PER_HOUR: '0.5' }).spapi.sandboxOrdersPerHour).toBe(0.5);
    expect(() => loadConfig({ SANDBOX_ORDERS_PER_HOUR: '-1' })).toThrow('SANDBOX_ORDERS_PER_HOUR');
    expect(() => loadConfig({ SANDBOX_ORDERS_PER_HOUR: 'many' })).toThrow('SANDBOX_ORDERS_PER_HOUR');
  });
});

describe('config: seller reports', () => {
  it('fetches every 24 hours by default; 0 switches the scheduled fetch off; other bad values are refused', () => {
    expect(loadConfig({}).sellerReportHours).toBe(24);
    expect(loadConfig({ SELLER_REPORT_HOURS: '6' }).sellerReportHours).toBe(6);
    expect(loadConfig({ SELLER_REPORT_HOURS: '0' }).sellerReportHours).toBe(0);
    expect(() => loadConfig({ SELLER_REPORT_HOURS: '-1' })).toThrow('SELLER_REPORT_HOURS');
  });
});
