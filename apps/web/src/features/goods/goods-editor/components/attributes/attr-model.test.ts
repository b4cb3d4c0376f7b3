import { describe, expect, it } from 'vitest';
import cup from '../../../../../../../server/src/marketplace/product-types/DRINKING_CUP.json?raw';
import hairband from '../../../../../../../server/src/marketplace/product-types/HAIRBAND.json?raw';
import shirt from '../../../../../../../server/src/marketplace/product-types/SHIRT.json?raw';
import figure from '../../../../../../../server/src/marketplace/product-types/TOY_FIGURE.json?raw';
import {
  type AttrDef,
  buildAttrModel,
  exampleNumbers,
  type FieldNode,
  type GroupNode,
  hiddenRule,
  isSingleControl,
  type LeafNode,
  type ListNode,
  type SchemaNode,
  singleControlLocked,
} from './attr-schema';
import {
  cleanAttrs,
  cleanValue,
  getIn,
  holdsLockedValue,
  isFrozen,
  leafError,
  lockedRowCount,
  normalizeAttrs,
  normalizeNode,
  numberSuggestions,
  parseNumberText,
  pathText,
  removeAt,
  setIn,
  validateAttr,
} from './attr-values';

// The shipped product type definitions, as the server serves them (Amazon.com copies).
const FILES: Record<string, string> = { HAIRBAND: hairband, SHIRT: shirt, DRINKING_CUP: cup, TOY_FIGURE: figure };
const load = (name: string) => JSON.parse(FILES[name]!) as SchemaNode;
const HAIRBAND = buildAttrModel(load('HAIRBAND'));
const attr = (name: string, model: AttrDef[] = HAIRBAND) => {
  const a = model.find((x) => x.name === name);
  if (!a) throw new Error(`no ${name}`);
  return a;
};
const group = (n: FieldNode) => n as GroupNode;
const field = (n: FieldNode, key: string) => group(n).fields.find((f) => f.key === key)!;

describe('schema -> form model (real HAIRBAND definition)', () => {
  it('has every attribute, in schema order, with required markers and repeat limits', () => {
    expect(HAIRBAND).toHaveLength(117);
    expect(HAIRBAND[0]).toMatchObject({ name: 'item_name', label: '标题', required: true, max: 1 });
    expect(attr('bullet_point')).toMatchObject({ required: true, max: 10 });
    expect(attr('material')).toMatchObject({ required: false, max: 14 });
    expect(attr('variation_theme').max).toBe(1);
  });

  it('simple attributes: one value leaf, marketplace id and language tag left to the server', () => {
    const item = group(attr('item_name').item);
    expect(item.fields.map((f) => f.key)).toEqual(['value']);
    expect(item.fixed).toEqual([]);
    expect(field(item, 'value')).toMatchObject({ kind: 'leaf', type: 'string', maxLength: 200, required: true });
    expect(isSingleControl(item)).toBe(true);
  });

  it('value + unit pairs with the schema units as choices', () => {
    const weight = group(attr('item_weight').item);
    expect(weight.unitPair).toBe(true);
    const unit = field(weight, 'unit') as LeafNode;
    expect(unit.options?.map((o) => o.value)).toEqual([
      'grams',
      'kilograms',
      'tons',
      'milligrams',
      'hundredths_pounds',
      'ounces',
      'pounds',
    ]);
    expect(unit.options?.[0]?.label).toBe('克');
    // maxLength on a number does not apply.
    expect(field(weight, 'value')).toMatchObject({ type: 'number', minimum: 0 });
    expect((field(weight, 'value') as LeafNode).maxLength).toBeUndefined();
  });

  it('nested objects: package dimensions are three required value + unit pairs', () => {
    const dims = group(attr('item_package_dimensions').item);
    expect(dims.unitPair).toBe(false);
    expect(dims.fields.map((f) => [f.key, f.required])).toEqual([
      ['height', true],
      ['length', true],
      ['width', true],
    ]);
    for (const f of dims.fields) expect(group(f).unitPair).toBe(true);
    expect(field(dims, 'length').label).toBe('包装长度');
  });

  it('enums: closed (enumNames as labels), open (anyOf with free text), booleans, deprecated last', () => {
    const gender = field(attr('target_gender').item, 'value') as LeafNode;
    expect(gender.options).toEqual([
      { value: 'female', label: '女性' },
      { value: 'male', label: '男性' },
      { value: 'unisex', label: '通用' },
    ]);
    expect(gender.open).toBeUndefined();
    const material = field(attr('material').item, 'value') as LeafNode;
    expect(material.open).toBe(true);
    expect(material.options?.length).toBe(61);
    const exempt = field(attr('supplier_declared_has_product_identifier_exemption').item, 'value') as LeafNode;
    expect(exempt.type).toBe('boolean');
    expect(exempt.options?.map((o) => o.value).sort()).toEqual([false, true]);
    const theme = field(attr('variation_theme').item, 'name') as LeafNode;
    expect(theme.options?.[0]?.deprecated).toBeUndefined();
    expect(theme.options?.at(-1)?.deprecated).toBe(true);
  });

  it('oneOf date formats, uri pattern, multipleOf and byte limits are kept', () => {
    expect(field(attr('merchant_release_date').item, 'value')).toMatchObject({ format: 'date-or-time' });
    expect(field(attr('main_product_image_locator').item, 'media_location')).toMatchObject({
      format: 'uri',
      pattern: '^(https?|s3)://',
    });
    expect(field(attr('list_price').item, 'value')).toMatchObject({ multipleOf: 0.01 });
    expect((field(attr('model_number').item, 'value') as LeafNode).maxBytes).toBe(40);
  });

  it('hidden single-value fields are filled, not shown: list price currency, nested language tags', () => {
    const price = group(attr('list_price').item);
    expect(price.fields.map((f) => f.key)).toEqual(['value']);
    expect(price.fixed).toEqual([{ key: 'currency', value: 'USD' }]);
    const unitType = group(field(attr('unit_count').item, 'type'));
    expect(unitType.fixed).toEqual([{ key: 'language_tag', value: 'en_US' }]);
  });

  it('arrays inside items become lists: price schedules, color map (max 1), chemicals (max 5)', () => {
    const offer = group(attr('purchasable_offer').item);
    const ourPrice = field(offer, 'our_price') as ListNode;
    expect(ourPrice.kind).toBe('list');
    const schedule = field(ourPrice.item, 'schedule') as ListNode;
    expect(schedule.kind).toBe('list');
    expect(field(schedule.item, 'value_with_tax')).toMatchObject({ kind: 'leaf', type: 'number', required: true });
    const std = field(attr('color').item, 'standardized_values') as ListNode;
    expect(std).toMatchObject({ kind: 'list', max: 1 });
    expect(std.item).toMatchObject({ kind: 'leaf', open: true });
    expect(field(attr('california_proposition_65').item, 'chemical_names')).toMatchObject({ kind: 'list', max: 5 });
  });

  it('every attribute of every shipped template yields editable fields', () => {
    for (const name of ['HAIRBAND', 'SHIRT', 'DRINKING_CUP', 'TOY_FIGURE']) {
      for (const a of buildAttrModel(load(name))) {
        const leaves: LeafNode[] = [];
        const walk = (n: FieldNode) => {
          if (n.kind === 'leaf') leaves.push(n);
          else if (n.kind === 'list') walk(n.item);
          else n.fields.forEach(walk);
        };
        walk(a.item);
        expect(leaves.length, `${name}.${a.name}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('values', () => {
  it('paths read like the server reports fields', () => {
    expect(pathText('item_package_dimensions', [0, 'height', 'value'])).toBe('item_package_dimensions[0].height.value');
    expect(pathText('bullet_point', [])).toBe('bullet_point');
  });

  it('setIn creates containers, removeAt drops a row, getIn reads', () => {
    const v = setIn(undefined, [0, 'height', 'value'], 5);
    expect(v).toEqual([{ height: { value: 5 } }]);
    expect(getIn(v, [0, 'height', 'value'])).toBe(5);
    const two = setIn(v, [1, 'value'], 'x');
    expect(removeAt(two, [], 0)).toEqual([{ value: 'x' }]);
    expect(setIn({ a: 1 }, ['a'], undefined)).toEqual({});
  });

  it('normalize: emptied leaves go, fixed hidden values come with content and go without it', () => {
    const price = attr('list_price');
    expect(normalizeNode(price, [{ value: 19.99 }])).toEqual([{ value: 19.99, currency: 'USD' }]);
    expect(normalizeNode(price, [{ value: null, currency: 'USD' }])).toEqual([{}]);
    const unitCount = attr('unit_count');
    expect(normalizeNode(unitCount, [{ value: 5, type: { value: '个' } }])).toEqual([
      { value: 5, type: { value: '个', language_tag: 'en_US' } },
    ]);
    // Rows stay in place while editing; false and 0 are values.
    expect(normalizeNode(attr('bullet_point'), [{ value: 'a' }, { value: '' }, { value: 'c' }])).toEqual([
      { value: 'a' },
      {},
      { value: 'c' },
    ]);
    expect(normalizeNode(attr('batteries_required'), [{ value: false }])).toEqual([{ value: false }]);
  });

  it('normalizeAttrs re-applies another marketplace copy (currency of the German copy)', () => {
    const schema = load('HAIRBAND');
    const de = JSON.parse(JSON.stringify(schema).replaceAll('"USD"', '"EUR"')) as SchemaNode;
    const out = normalizeAttrs(buildAttrModel(de), { list_price: [{ value: 9, currency: 'USD' }], other: [1] });
    expect(out).toEqual({ list_price: [{ value: 9, currency: 'EUR' }], other: [1] });
  });

  it('clean: placeholders and empty attributes are not saved', () => {
    expect(cleanValue([{}, { value: 0 }, null, { value: '' }])).toEqual([{ value: 0 }]);
    expect(
      cleanAttrs({
        bullet_point: [{ value: 'a' }, {}, { value: 'c' }],
        item_weight: [{}],
        color: [{ standardized_values: [null], value: '' }],
        batteries_required: [{ value: false }],
      }),
    ).toEqual({ bullet_point: [{ value: 'a' }, { value: 'c' }], batteries_required: [{ value: false }] });
  });
});

describe('inline validation (messages in Chinese from the schema)', () => {
  it('required fields of a started item, enum, min/max, multipleOf', () => {
    const weight = validateAttr(attr('item_weight'), [{ value: -1 }]);
    expect(Object.fromEntries(weight)).toEqual({
      'item_weight[0].value': '商品重量不能小于0',
      'item_weight[0].unit': '请选择商品重量单位',
    });
    expect(validateAttr(attr('item_weight'), [{ value: 0.5, unit: 'grams' }]).size).toBe(0);
    expect(validateAttr(attr('item_weight'), [{ value: 1, unit: 'stones' }]).get('item_weight[0].unit')).toBe(
      '商品重量单位的值不在可选范围内',
    );
    expect(validateAttr(attr('list_price'), [{ value: 19.99 }]).size).toBe(0);
    expect(validateAttr(attr('list_price'), [{ value: 19.999 }]).get('list_price[0].value')).toBe(
      '不含税价目表最多2位小数',
    );
  });

  it('nested dimensions: a started side needs its unit, the other sides are required', () => {
    const e = validateAttr(attr('item_package_dimensions'), [{ length: { value: 20 } }]);
    expect(Object.fromEntries(e)).toEqual({
      'item_package_dimensions[0].length.unit': '请选择包装长度单位',
      'item_package_dimensions[0].height': '请填写包装高度',
      'item_package_dimensions[0].width': '请填写包装宽度',
    });
    const ok = { value: 1, unit: 'centimeters' };
    expect(validateAttr(attr('item_package_dimensions'), [{ length: ok, width: ok, height: ok }]).size).toBe(0);
  });

  it('text limits: characters, UTF-8 bytes, uri pattern, date', () => {
    expect(validateAttr(attr('item_name'), [{ value: 'x'.repeat(201) }]).get('item_name[0].value')).toBe(
      '商品名称不能超过200个字符',
    );
    expect(validateAttr(attr('model_number'), [{ value: '型'.repeat(14) }]).get('model_number[0].value')).toMatch(
      /不能超过40字节\(UTF-8\)$/,
    );
    expect(
      validateAttr(attr('main_product_image_locator'), [{ media_location: 'ftp://x/a.jpg' }]).get(
        'main_product_image_locator[0].media_location',
      ),
    ).toBe('主图像链接地址应为以 http://、https:// 或 s3:// 开头的网址');
    const date = field(attr('merchant_release_date').item, 'value') as LeafNode;
    expect(leafError(date, '2025-02-30')).toBe('发售日期应为日期,如 2025-01-31');
    expect(leafError(date, '2025-02-28')).toBeUndefined();
    expect(leafError(date, '2025-02-28T08:00:00Z')).toBeUndefined();
  });

  it('repeat limits and integer type', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ value: `b${i}` }));
    expect(validateAttr(attr('bullet_point'), eleven).get('bullet_point')).toBe('商品特性最多填写10个值');
    expect(validateAttr(attr('item_package_quantity'), [{ value: 1.5 }]).get('item_package_quantity[0].value')).toMatch(
      /必须是整数$/,
    );
    // Placeholders (emptied rows) are not errors.
    expect(validateAttr(attr('bullet_point'), [{}, { value: 'a' }]).size).toBe(0);
  });
});

describe('hidden fields: one possible value is filled in, several are offered under 更多属性', () => {
  it('purchasable_offer.audience (hidden, B2B or ALL) is an advanced choice; its currency stays fixed', () => {
    const offer = group(attr('purchasable_offer').item);
    const audience = field(offer, 'audience') as LeafNode;
    expect(audience).toMatchObject({ kind: 'leaf', advanced: true, locked: true, label: '销售对象' });
    expect(audience.open).toBeUndefined();
    expect(audience.options).toEqual([
      { value: 'B2B', label: '亚马逊企业购 (B2B)' },
      { value: 'ALL', label: '在亚马逊上出售' },
    ]);
    expect(offer.fields.filter((f) => f.advanced).map((f) => f.key)).toEqual(['audience']);
    expect(offer.fixed).toEqual([{ key: 'currency', value: 'USD' }]);
    // The picked audience is saved with the offer (and its fixed currency).
    expect(cleanValue(normalizeNode(attr('purchasable_offer'), [{ audience: 'B2B' }]))).toEqual([
      { audience: 'B2B', currency: 'USD' },
    ]);
    expect(validateAttr(attr('purchasable_offer'), [{ audience: 'B2C' }]).get('purchasable_offer[0].audience')).toBe(
      '销售对象的值不在可选范围内',
    );
  });

  it('no other hidden field of the shipped templates is shown', () => {
    for (const name of ['HAIRBAND', 'SHIRT', 'DRINKING_CUP', 'TOY_FIGURE']) {
      const advanced: string[] = [];
      const walk = (n: FieldNode, at: string) => {
        if (n.advanced) advanced.push(at);
        if (n.kind === 'list') walk(n.item, at);
        else if (n.kind === 'group') for (const f of n.fields) walk(f, `${at}.${f.key}`);
      };
      for (const a of buildAttrModel(load(name))) walk(a.item, a.name);
      // Every shipped template carries Amazon's offer attribute (product-types/generate-product-types.mjs).
      expect(advanced, name).toEqual(['purchasable_offer.audience']);
    }
  });

  it('the rule: default or one enumerated value -> fixed; several values, or none and no default -> choose', () => {
    expect(hiddenRule({ type: 'string', enum: ['USD'] })).toEqual({ kind: 'fixed', value: 'USD' });
    expect(hiddenRule({ type: 'string', default: 'x' })).toEqual({ kind: 'fixed', value: 'x' });
    expect(
      hiddenRule({ type: 'string', default: 'USD', anyOf: [{ type: 'string' }, { type: 'string', enum: ['USD'] }] }),
    ).toEqual({ kind: 'fixed', value: 'USD' });
    expect(hiddenRule({ type: 'string', enum: ['B2B', 'ALL'] })).toEqual({ kind: 'choose' });
    expect(hiddenRule({ type: 'string', default: 'ALL', enum: ['B2B', 'ALL'] })).toEqual({ kind: 'choose' });
    expect(hiddenRule({ type: 'string', anyOf: [{ enum: ['a'] }, { enum: ['b'] }] })).toEqual({ kind: 'choose' });
    expect(hiddenRule({ type: 'string' })).toEqual({ kind: 'choose' });
  });
});

describe('numbers with suggested values', () => {
  it('examples texts hold several numbers', () => {
    expect(exampleNumbers(['30、1.5'])).toEqual([30, 1.5]);
    expect(exampleNumbers(['50，75，60', '1, 4', '.5'])).toEqual([50, 75, 60, 1, 4, 0.5]);
    expect(exampleNumbers(['包含的单个商品的总数量', '5'])).toEqual([5]);
  });

  it('anyOf enum beside a free integer: the enum values in order, the example among them', () => {
    const count = field(attr('number_of_items').item, 'value') as LeafNode;
    expect(count).toMatchObject({ type: 'integer', open: true, exampleValues: [5], minimum: 0 });
    expect(numberSuggestions(count)).toEqual([1, 2, 3, 4, 5, 6, 12].map((v) => ({ value: v, label: String(v) })));
    // Any other valid number is accepted, with the schema's limits.
    expect(leafError(count, 7)).toBeUndefined();
    expect(leafError(count, -1)).toBe('产品数量不能小于0');
    expect(leafError(count, 2.5)).toBe('产品数量必须是整数');
    expect(leafError(count, 'abc')).toBe('产品数量应为数字');
  });

  it('examples become suggestions marked 示例, only values the field accepts', () => {
    expect(numberSuggestions(field(attr('list_price').item, 'value') as LeafNode)).toEqual([
      { value: 67, label: '67 (示例)' },
    ]);
    expect(numberSuggestions(field(attr('item_weight').item, 'value') as LeafNode).map((o) => o.value)).toEqual([
      1.5, 30,
    ]);
    const leaf: LeafNode = {
      ...(field(attr('number_of_items').item, 'value') as LeafNode),
      options: [
        { value: 3, label: '三' },
        { value: 40, label: '40' },
      ],
      exampleValues: [2.5, 8, 3],
      maximum: 10,
    };
    expect(numberSuggestions(leaf)).toEqual([
      { value: 3, label: '3 (三)' },
      { value: 8, label: '8 (示例)' },
    ]);
    // Numbers without examples or choices get none (a plain number input).
    expect(numberSuggestions({ ...leaf, options: undefined, exampleValues: undefined })).toEqual([]);
  });

  it('typed text: numbers (also full-width), nothing, or the text itself so the check says 应为数字', () => {
    expect(parseNumberText(' 12 ')).toBe(12);
    expect(parseNumberText('1.')).toBe(1);
    expect(parseNumberText('-0.25')).toBe(-0.25);
    expect(parseNumberText('１２．５')).toBe(12.5);
    expect(parseNumberText('')).toBeUndefined();
    expect(parseNumberText('  ')).toBeUndefined();
    expect(parseNumberText('12个')).toBe('12个');
    expect(parseNumberText('1e999')).toBe('1e999');
  });
});

describe('editable: false is read-only once saved', () => {
  it('the model marks locked leaves; a lock on an object covers its fields', () => {
    const brand = attr('brand');
    expect((field(brand.item, 'value') as LeafNode).locked).toBe(true);
    expect(brand.locked).toBe(false);
    expect(singleControlLocked(brand.item)).toBe(true);
    expect(singleControlLocked(attr('item_name').item)).toBe(false);
    expect(singleControlLocked(attr('fc_shelf_life').item)).toBe(true);
    const [locked] = buildAttrModel({
      properties: {
        thing: {
          type: 'array',
          items: {
            type: 'object',
            properties: { size: { editable: false, type: 'object', properties: { value: { type: 'number' } } } },
          },
        },
      },
    });
    const size = field(locked!.item, 'size');
    expect(size.locked).toBe(true);
    expect(field(size, 'value').locked).toBe(true);
  });

  it('a locked field is frozen only when a value was saved for it', () => {
    const value = field(attr('brand').item, 'value');
    const saved = [{ value: 'KUUQA' }];
    expect(isFrozen(value, getIn(saved, [0, 'value']))).toBe(true);
    expect(isFrozen(value, getIn([], [0, 'value']))).toBe(false);
    expect(isFrozen(value, getIn([{ value: '' }], [0, 'value']))).toBe(false);
    expect(isFrozen(field(attr('item_name').item, 'value'), 'Saved title')).toBe(false);
  });

  it('rows holding saved locked values cannot be removed, nor rows before them', () => {
    const ids = attr('externally_assigned_product_identifier');
    expect(holdsLockedValue(ids.item, { type: 'ean' })).toBe(true);
    expect(holdsLockedValue(attr('bullet_point').item, { value: 'x' })).toBe(false);
    expect(
      lockedRowCount(ids, [
        { type: 'ean', value: '4006381333931' },
        { type: 'upc', value: '1' },
      ]),
    ).toBe(2);
    expect(lockedRowCount(ids, [])).toBe(0);
    expect(lockedRowCount(ids, undefined)).toBe(0);
    expect(lockedRowCount(attr('bullet_point'), [{ value: 'a' }, { value: 'b' }])).toBe(0);
    // Offer rows keep their saved (locked) audience.
    expect(lockedRowCount(attr('purchasable_offer'), [{ audience: 'ALL', currency: 'USD' }])).toBe(1);
  });
});
