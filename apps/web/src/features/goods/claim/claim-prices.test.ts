import { describe, expect, it } from 'vitest';
import { priceLines } from './claim-prices';

describe('priceLines', () => {
  it('lists set prices in the editor country order with major units and currency', () => {
    expect(
      priceLines({
        us: { price: 1299, currency: 'USD' },
        ja: { price: 1500, currency: 'JPY' },
        en: { price: 999, currency: 'GBP' },
      }),
    ).toEqual(['英国 9.99 GBP', '美国 12.99 USD', '日本 1500 JPY']);
    expect(priceLines({})).toEqual([]);
  });
});
