import { describe, expect, it } from 'vitest';
import { pickerMarketplace, pickerMarketplaceOptions } from './picker-marketplace';

describe('pickerMarketplace: where the product type picker opens', () => {
  it("opens on the first marketplace of the tenant's shops, not Amazon.com, when the product has no template", () => {
    // The only shop sells in Europe (the UK first, as Amazon lists its participations).
    expect(pickerMarketplace({ picked: null, template: null, shopMarketplaces: ['en', 'fr', 'de', 'it', 'es'] })).toBe(
      'en',
    );
    // Marketplaces without templates (Italy) are passed over.
    expect(pickerMarketplace({ picked: null, template: null, shopMarketplaces: ['it', 'de'] })).toBe('de');
  });

  it("keeps the product's template and the seller's own pick before the shops", () => {
    const shopMarketplaces = ['en', 'de'];
    expect(pickerMarketplace({ picked: null, template: { marketplace: 'fr' }, shopMarketplaces })).toBe('fr');
    expect(pickerMarketplace({ picked: 'ja', template: { marketplace: 'fr' }, shopMarketplaces })).toBe('ja');
  });

  it('falls back to Amazon.com without shops, and waits while the shops are not known', () => {
    expect(pickerMarketplace({ picked: null, template: null, shopMarketplaces: [] })).toBe('us');
    expect(pickerMarketplace({ picked: null, template: null, shopMarketplaces: ['it', 'es'] })).toBe('us');
    expect(pickerMarketplace({ picked: null, template: null, shopMarketplaces: undefined })).toBeUndefined();
  });

  it('lists the shops marketplaces first, marked', () => {
    const options = pickerMarketplaceOptions(['de', 'en']);
    expect(options.slice(0, 2).map((o) => o.value)).toEqual(['en', 'de']);
    expect(options[0]!.label).toBe('英国(有店铺)');
    expect(options.find((o) => o.value === 'us')!.label).toBe('美国');
  });
});
