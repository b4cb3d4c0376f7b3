import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2019 from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { validateExtraAttrs } from '../modules/goods-library/extra-attrs.validator.js';
import { PRODUCT_TYPES, type SchemaNode } from './product-type.catalog.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'product-types');
const read = (name: string) => JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8')) as SchemaNode;
const offline = (
  JSON.parse(fs.readFileSync(path.join(dir, 'offline-types.json'), 'utf8')) as { types: { name: string }[] }
).types;

/** Draft 2019-09 with Amazon's extra keywords declared, so the meta-schema check covers everything else. */
function metaAjv() {
  const ajv = new Ajv2019({ strict: false, validateSchema: true });
  addFormats(ajv);
  ajv.addVocabulary([
    'selectors',
    'enumNames',
    'editable',
    'hidden',
    '$lifecycle',
    'enumDeprecated',
    'maxUtf8ByteLength',
    'minUniqueItems',
    'maxUniqueItems',
  ]);
  return ajv;
}

describe('shipped product types', () => {
  it('ships at least 20 offline templates of the common store-group categories', () => {
    expect(offline.length).toBeGreaterThanOrEqual(20);
    const names = PRODUCT_TYPES.map((p) => p.name);
    for (const n of [
      'STORAGE_BOX',
      'KITCHEN',
      'HOME_BED_AND_BATH',
      'CELLULAR_PHONE_CASE',
      'PET_SUPPLIES',
      'HAIR_BRUSH',
    ])
      expect(names).toContain(n);
    expect(new Set(names).size).toBe(names.length);
    for (const p of PRODUCT_TYPES) {
      expect(p.offline).toBe(true);
      expect(p.displayName).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it.each(PRODUCT_TYPES.map((p) => p.name))('%s is valid JSON Schema 2019-09 with Amazon’s keys and shapes', (name) => {
    const schema = read(name);
    expect(schema.$schema).toBe('https://schemas.amazon.com/selling-partners/definitions/product-types/meta-schema/v1');
    expect(schema.$id).toBe(`https://schemas.amazon.com/selling-partners/definitions/product-types/schema/v1/${name}`);
    expect(Object.keys(schema.$defs as object)).toEqual(['marketplace_id', 'language_tag']);
    const ajv = metaAjv();
    const asDraft = { ...schema, $schema: 'https://json-schema.org/draft/2019-09/schema' };
    expect(ajv.validateSchema(asDraft), JSON.stringify(ajv.errors)).toBe(true);
    expect(() => ajv.compile(asDraft)).not.toThrow();
    const properties = schema.properties as Record<string, SchemaNode>;
    const required = schema.required as string[];
    for (const r of ['item_name', 'brand', 'product_description', 'bullet_point']) expect(required).toContain(r);
    for (const r of required) expect(properties[r], `${name}.${r}`).toBeDefined();
    for (const [key, p] of Object.entries(properties)) {
      // Every attribute is an array of objects; all but the variation theme carry Amazon's selectors.
      expect(p.type, `${name}.${key}`).toBe('array');
      const items = p.items as SchemaNode;
      expect(items.type).toBe('object');
      if (key === 'variation_theme' || key === 'fulfillment_availability') continue;
      expect(Object.keys(items.properties as object), `${name}.${key}`).toContain('marketplace_id');
      expect(p.selectors, `${name}.${key}`).toContain('marketplace_id');
    }
  });

  it('a generated template validates listings: required attributes reported, bad values refused', () => {
    const empty = validateExtraAttrs('STORAGE_BOX', 'de', {});
    expect(empty.ok).toBe(true);
    expect(empty.missing.map((m) => m.name)).toEqual(expect.arrayContaining(['item_shape', 'item_name', 'brand']));
    const good = validateExtraAttrs('STORAGE_BOX', 'de', { capacity: [{ value: 20, unit: 'liters' }] });
    expect(good.ok).toBe(true);
    expect(good.attrs.capacity).toEqual([{ value: 20, unit: 'liters', marketplace_id: 'A1PA6795UKMFR9' }]);
    const bad = validateExtraAttrs('STORAGE_BOX', 'de', { capacity: [{ value: 20, unit: 'buckets' }] });
    expect(bad.ok).toBe(false);
    expect(bad.errors[0]?.attr).toBe('capacity');
  });
});
