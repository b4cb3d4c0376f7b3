import { describe, expect, it } from 'vitest';
import { fbaMarketplaceOf, locationLabel } from './location-label.js';

describe('locationLabel', () => {
  it('names FBA places by the marketplace in Chinese, not by the raw id', () => {
    expect(locationLabel('fba', 'FBA A1PA6795UKMFR9')).toBe('亚马逊FBA · 德国');
    expect(locationLabel('fba', 'FBA ATVPDKIKX0DER')).toBe('亚马逊FBA · 美国');
    expect(locationLabel('fba', 'FBA UNKNOWN1')).toBe('亚马逊FBA · UNKNOWN1');
    expect(fbaMarketplaceOf('FBA A1PA6795UKMFR9')).toBe('A1PA6795UKMFR9');
  });

  it('names China and overseas warehouses', () => {
    expect(locationLabel('china', '国内备货仓')).toBe('国内备货仓');
    expect(locationLabel('overseas', '德国一号仓')).toBe('海外仓 · 德国一号仓');
  });
});
