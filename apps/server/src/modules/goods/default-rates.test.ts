import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRICE_COUNTRIES } from '@console/shared/constants/marketplaces';
import { describe, expect, it } from 'vitest';
import { defaultRates } from './price-settings.service.js';

describe('default exchange rates', () => {
  it('ships a dated rate for every marketplace currency of the price table', () => {
    const rates = defaultRates(path.join(import.meta.dirname, 'default-rates.json'));
    expect(rates.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const { currency } of PRICE_COUNTRIES) expect(rates.rates[currency], currency).toMatch(/^\d+\.\d+$/);
  });

  it('refuses a bad file with a message naming the file and the field', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rates-')), 'rates.json');
    fs.writeFileSync(file, JSON.stringify({ as_of: '2025-10-23', rates: { USD: '7,12' } }));
    expect(() => defaultRates(file)).toThrow(`汇率文件 ${file} 不正确: rates.USD 汇率格式不正确`);
  });
});
