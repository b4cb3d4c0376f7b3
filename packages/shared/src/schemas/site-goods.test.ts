import { describe, expect, it } from 'vitest';
import { minor } from '../money/money.js';
import { roundSitePrice, siteGoodsCreateBody } from './site-goods.js';

describe('roundSitePrice (site product import)', () => {
  it('keeps, rounds up to .99 or to a whole unit, in cents and in yen', () => {
    const cases: [number, string, 'none' | 'up99' | 'upInt', number][] = [
      [1334, 'USD', 'none', 1334],
      [1334, 'USD', 'up99', 1399],
      [1334, 'USD', 'upInt', 1400],
      [1299, 'USD', 'up99', 1299],
      [1300, 'USD', 'up99', 1399],
      [1300, 'USD', 'upInt', 1300],
      [1, 'EUR', 'up99', 99],
      [2030, 'JPY', 'up99', 2099],
      [2099, 'JPY', 'up99', 2099],
      [2030, 'JPY', 'upInt', 2030],
      [0, 'USD', 'up99', 0],
    ];
    for (const [amount, currency, rule, want] of cases) {
      expect(roundSitePrice(minor(amount), currency, rule), `${amount} ${currency} ${rule}`).toBe(want);
    }
  });

  it('reads a form with defaults and refuses a compare-at price not above the price', () => {
    expect(siteGoodsCreateBody.parse({ price: 100 })).toEqual({
      texts: {},
      price: 100,
      compare_at_price: null,
      pictures: [],
      variations: [],
      category_ids: [],
      noindex: false,
    });
    expect(siteGoodsCreateBody.safeParse({ price: 100, compare_at_price: 100 }).success).toBe(false);
  });
});
