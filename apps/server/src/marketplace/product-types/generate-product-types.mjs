// Builds SHIRT.json, DRINKING_CUP.json, TOY_FIGURE.json and the offline templates listed in
// offline-types.json in Amazon's product type definition format. Attributes every product type
// shares (title, brand, identifiers, offer, dimensions, compliance) are copied unchanged from the
// real HAIRBAND definition (vendored from Amazon); the attributes specific to each type are
// written here (or in the spec's shorthand) in the same shape with zh_CN labels.
// Run: node apps/server/src/marketplace/product-types/generate-product-types.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const base = JSON.parse(fs.readFileSync(path.join(dir, 'HAIRBAND.json'), 'utf8'));

const COMMON = [
  'item_name',
  'brand',
  'externally_assigned_product_identifier',
  'merchant_suggested_asin',
  'supplier_declared_has_product_identifier_exemption',
  'item_type_keyword',
  'model_number',
  'manufacturer',
  'part_number',
  'condition_type',
  'list_price',
  'product_description',
  'bullet_point',
  'generic_keyword',
  'color',
  'material',
  'item_package_quantity',
  'number_of_items',
  'country_of_origin',
  'supplier_declared_dg_hz_regulation',
  'batteries_required',
  'item_weight',
  'item_package_dimensions',
  'item_package_weight',
  'parentage_level',
  'child_parent_sku_relationship',
  'main_product_image_locator',
  'other_product_image_locator_1',
  'other_product_image_locator_2',
  'other_product_image_locator_3',
  'other_product_image_locator_4',
  'other_product_image_locator_5',
  'other_product_image_locator_6',
  'other_product_image_locator_7',
  'other_product_image_locator_8',
  'purchasable_offer',
  'fulfillment_availability',
  'gpsr_manufacturer_reference',
  'gpsr_safety_attestation',
  'dsa_responsible_party_address',
];

const ref = (name) => ({ $ref: `#/$defs/${name}` });

/** A localized free-text attribute (language_tag + value), as Amazon defines them. */
function text(title, description, valueTitle, maxLength, opts = {}) {
  return {
    title,
    description,
    examples: opts.examples ?? [],
    type: 'array',
    minItems: 1,
    minUniqueItems: 1,
    maxUniqueItems: opts.maxUniqueItems ?? 1,
    selectors: ['marketplace_id', 'language_tag'],
    items: {
      type: 'object',
      required: ['language_tag', 'value'],
      properties: {
        language_tag: ref('language_tag'),
        marketplace_id: ref('marketplace_id'),
        value: {
          title: valueTitle,
          description,
          editable: true,
          hidden: false,
          examples: opts.examples ?? [],
          type: 'string',
          minLength: 0,
          maxLength,
          ...(opts.bytes ? { maxUtf8ByteLength: opts.bytes } : {}),
          ...(opts.enum
            ? { anyOf: [{ type: 'string' }, { type: 'string', enum: opts.enum, enumNames: opts.enumNames }] }
            : {}),
        },
      },
      additionalProperties: false,
    },
  };
}

/** A closed list attribute (value from an enum), marketplace-selected. */
function choice(title, description, valueTitle, values, names, valueType = 'string') {
  return {
    title,
    description,
    examples: [names[0]],
    type: 'array',
    minItems: 1,
    minUniqueItems: 1,
    maxUniqueItems: 1,
    selectors: ['marketplace_id'],
    items: {
      type: 'object',
      required: ['value'],
      properties: {
        marketplace_id: ref('marketplace_id'),
        value: {
          title: valueTitle,
          description,
          editable: true,
          hidden: false,
          type: valueType,
          enum: values,
          enumNames: names,
        },
      },
      additionalProperties: false,
    },
  };
}

/** A number with a unit (capacity, age), as Amazon's measurement attributes. */
function measure(title, description, units, unitNames, opts = {}) {
  return {
    title,
    description,
    examples: opts.examples ?? [],
    type: 'array',
    minItems: 1,
    minUniqueItems: 1,
    maxUniqueItems: 1,
    selectors: ['marketplace_id'],
    items: {
      type: 'object',
      required: ['unit', 'value'],
      properties: {
        value: {
          title,
          description,
          editable: true,
          hidden: false,
          type: opts.integer ? 'integer' : 'number',
          minimum: 0,
          maximum: opts.maximum ?? 1000000,
        },
        unit: {
          title: `${title}单位`,
          description: '选择相应的单位',
          editable: true,
          hidden: false,
          type: 'string',
          enum: units,
          enumNames: unitNames,
        },
        marketplace_id: ref('marketplace_id'),
      },
      additionalProperties: false,
    },
  };
}

/** A whole number (pieces, panels), marketplace-selected. */
function count(title, description) {
  return {
    title,
    description,
    examples: ['1'],
    type: 'array',
    minItems: 1,
    minUniqueItems: 1,
    maxUniqueItems: 1,
    selectors: ['marketplace_id'],
    items: {
      type: 'object',
      required: ['value'],
      properties: {
        marketplace_id: ref('marketplace_id'),
        value: { title, description, editable: true, hidden: false, type: 'integer', minimum: 1, maximum: 10000 },
      },
      additionalProperties: false,
    },
  };
}

const yesNo = (title, description) => choice(title, description, title, [true, false], ['是', '否'], 'boolean');

function variationTheme(themes) {
  return {
    title: '变体主题',
    description: '指定产品将使用的变体主题。主题属性必须应用于分组中的所有商品。',
    examples: [themes[0]],
    type: 'array',
    minItems: 1,
    maxItems: 1,
    items: {
      type: 'object',
      required: ['name'],
      properties: {
        name: {
          title: '变体主题名称',
          description: '指定产品将使用的变体主题。',
          editable: true,
          hidden: false,
          type: 'string',
          enum: themes,
          enumNames: themes,
        },
      },
      additionalProperties: false,
    },
  };
}

const SPECIFIC = {
  SHIRT: {
    required: ['department', 'apparel_size', 'fabric_type', 'care_instructions'],
    properties: {
      department: text('部门', '商品所属的部门,例如男装、女装。', '部门名称', 50, {
        enum: ['mens', 'womens', 'boys', 'girls', 'unisex-adult'],
        enumNames: ['男士', '女士', '男童', '女童', '成人通用'],
        examples: ['男士'],
      }),
      apparel_size: {
        title: '服装尺码',
        description: '提供服装的尺码体系、尺码类别和尺码。',
        examples: ['US, 字母, M'],
        type: 'array',
        minItems: 1,
        minUniqueItems: 1,
        maxUniqueItems: 1,
        selectors: ['marketplace_id'],
        items: {
          type: 'object',
          required: ['size_system', 'size_class', 'size'],
          properties: {
            marketplace_id: ref('marketplace_id'),
            size_system: {
              title: '尺码体系',
              description: '选择尺码所属的国家或地区体系',
              editable: true,
              hidden: false,
              type: 'string',
              enum: ['as1', 'as2', 'as3', 'as4', 'as5', 'as6', 'as7'],
              enumNames: ['美国', '英国', '欧盟', '日本', '中国', '澳大利亚', '墨西哥'],
            },
            size_class: {
              title: '尺码类别',
              description: '选择尺码的表示方式',
              editable: true,
              hidden: false,
              type: 'string',
              enum: ['alpha', 'numeric', 'age'],
              enumNames: ['字母', '数字', '年龄'],
            },
            size: {
              title: '尺码',
              description: '选择尺码',
              editable: true,
              hidden: false,
              type: 'string',
              enum: ['x_s', 's', 'm', 'l', 'x_l', 'xx_l', '3x_l'],
              enumNames: ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'],
            },
            body_type: {
              title: '体型',
              description: '选择体型',
              editable: true,
              hidden: false,
              type: 'string',
              enum: ['regular', 'big', 'tall', 'big_tall', 'petite', 'plus'],
              enumNames: ['标准', '大码', '高个', '高大码', '娇小', '加大'],
            },
          },
          additionalProperties: false,
        },
      },
      fabric_type: base.properties.fabric_type,
      care_instructions: text('保养说明', '说明如何洗涤和保养此商品。', '保养说明', 100, {
        enum: ['Machine Wash', 'Hand Wash Only', 'Dry Clean Only'],
        enumNames: ['机洗', '仅手洗', '仅干洗'],
        examples: ['机洗'],
      }),
      sleeve: {
        title: '袖子',
        description: '提供袖子的类型。',
        examples: ['短袖'],
        type: 'array',
        minItems: 1,
        minUniqueItems: 1,
        maxUniqueItems: 1,
        selectors: ['marketplace_id', 'language_tag'],
        items: {
          type: 'object',
          required: ['language_tag'],
          properties: {
            language_tag: ref('language_tag'),
            marketplace_id: ref('marketplace_id'),
            type: {
              title: '袖型',
              description: '选择袖子的长度类型',
              editable: true,
              hidden: false,
              type: 'string',
              maxLength: 50,
              anyOf: [
                { type: 'string' },
                {
                  type: 'string',
                  enum: ['Short Sleeve', 'Long Sleeve', 'Sleeveless', '3/4 Sleeve'],
                  enumNames: ['短袖', '长袖', '无袖', '七分袖'],
                },
              ],
            },
          },
          additionalProperties: false,
        },
      },
      collar_style: text('领型', '提供衣领的款式。', '领型', 50, {
        enum: ['Button Down', 'Spread', 'Mandarin', 'Polo'],
        enumNames: ['纽扣领', '八字领', '立领', 'Polo领'],
      }),
      fit_type: text('版型', '提供服装的版型。', '版型', 50, {
        enum: ['Regular', 'Slim', 'Loose', 'Athletic'],
        enumNames: ['常规', '修身', '宽松', '运动'],
      }),
      pattern: base.properties.pattern,
      style: base.properties.style,
      target_gender: base.properties.target_gender,
      variation_theme: variationTheme(['SIZE', 'COLOR', 'SIZE/COLOR']),
    },
  },
  DRINKING_CUP: {
    required: ['capacity', 'item_shape'],
    properties: {
      capacity: measure(
        '容量',
        '商品可容纳的液体体积。',
        ['milliliters', 'liters', 'fluid_ounces', 'cups'],
        ['毫升', '升', '液量盎司', '杯'],
        { examples: ['350 毫升'] },
      ),
      item_shape: base.properties.item_shape,
      is_dishwasher_safe: yesNo('可用洗碗机清洗', '商品是否可以放入洗碗机清洗。'),
      is_microwaveable: yesNo('可用微波炉加热', '商品是否可以放入微波炉加热。'),
      number_of_pieces: {
        title: '件数',
        description: '包装中的件数。',
        examples: ['2'],
        type: 'array',
        minItems: 1,
        minUniqueItems: 1,
        maxUniqueItems: 1,
        selectors: ['marketplace_id'],
        items: {
          type: 'object',
          required: ['value'],
          properties: {
            marketplace_id: ref('marketplace_id'),
            value: {
              title: '件数',
              description: '提供件数',
              editable: true,
              hidden: false,
              type: 'integer',
              minimum: 1,
              maximum: 10000,
            },
          },
          additionalProperties: false,
        },
      },
      included_components: text('随附组件', '列出包装中包含的组件。', '随附组件', 200, {
        maxUniqueItems: 10,
        examples: ['杯盖'],
      }),
      recommended_uses_for_product: base.properties.recommended_uses_for_product,
      pattern: base.properties.pattern,
      style: base.properties.style,
      item_dimensions: base.properties.item_dimensions,
      variation_theme: variationTheme(['COLOR', 'SIZE', 'COLOR/SIZE', 'ITEM_PACKAGE_QUANTITY']),
    },
  },
  TOY_FIGURE: {
    required: ['manufacturer_minimum_age', 'is_assembly_required', 'age_range_description'],
    properties: {
      manufacturer_minimum_age: measure(
        '制造商建议最小年龄',
        '制造商建议的最小使用年龄。',
        ['months', 'years'],
        ['月', '年'],
        { integer: true, maximum: 1200, examples: ['36 月'] },
      ),
      manufacturer_maximum_age: measure(
        '制造商建议最大年龄',
        '制造商建议的最大使用年龄。',
        ['months', 'years'],
        ['月', '年'],
        { integer: true, maximum: 1200, examples: ['144 月'] },
      ),
      age_range_description: base.properties.age_range_description,
      is_assembly_required: yesNo('是否需要组装', '商品到达顾客手中后是否需要组装。'),
      theme: text('主题', '商品的主题,例如动物、太空、超级英雄。', '主题', 100, { examples: ['太空'] }),
      subject_character: text('角色', '商品所表现的角色。', '角色名称', 100, { examples: ['宇航员'] }),
      toy_figure_type: text('人偶类型', '人偶的类型。', '人偶类型', 50, {
        enum: ['Action Figure', 'Doll', 'Figurine', 'Playset'],
        enumNames: ['可动人偶', '玩偶', '小雕像', '场景套装'],
      }),
      educational_objective: text('教育目标', '商品帮助培养的能力。', '教育目标', 100, {
        maxUniqueItems: 5,
        examples: ['想象力'],
      }),
      batteries_included: base.properties.batteries_included,
      item_dimensions: base.properties.item_dimensions,
      target_gender: base.properties.target_gender,
      variation_theme: variationTheme(['COLOR', 'STYLE', 'COLOR/STYLE']),
    },
  },
};

// Rules kept from the real definition: an external product id is needed unless exempted or an ASIN is suggested; a list price needs its value.
const RULES = [base.allOf[0], base.allOf[27]];

/** One attribute of offline-types.json's shorthand, in Amazon's shape. */
function fromShorthand(type, key, a) {
  if (a === 'base') return base.properties[key];
  if (a === 'shirt') return SPECIFIC.SHIRT.properties[key];
  const [kind, ...args] = a;
  if (kind === 'text') {
    const [title, description, maxLength, opts] = args;
    return text(title, description, title, maxLength, opts);
  }
  if (kind === 'choice') return choice(args[0], args[1], args[0], args[2], args[3]);
  if (kind === 'measure') return measure(args[0], args[1], args[2], args[3], args[4]);
  if (kind === 'yesNo') return yesNo(args[0], args[1]);
  if (kind === 'count') return count(args[0], args[1]);
  if (kind === 'theme') return variationTheme(args[0]);
  throw new Error(`${type}: unknown shorthand ${kind} for ${key}`);
}

const offline = JSON.parse(fs.readFileSync(path.join(dir, 'offline-types.json'), 'utf8'));
/** Offline templates are written on one line each: 29 files of readable JSON would be 2 MB. */
const compact = new Set();
for (const t of offline.types) {
  const properties = {};
  for (const [key, a] of Object.entries(t.attributes)) properties[key] = fromShorthand(t.name, key, a);
  SPECIFIC[t.name] = { required: t.required, properties };
  compact.add(t.name);
}

for (const [name, spec] of Object.entries(SPECIFIC)) {
  const properties = {};
  for (const key of COMMON) properties[key] = base.properties[key];
  Object.assign(properties, spec.properties);
  const schema = {
    $schema: base.$schema,
    $id: base.$id.replace(/HAIRBAND$/, name),
    $comment: `Amazon product type definition for ${name} product type`,
    $defs: base.$defs,
    type: 'object',
    required: [...new Set([...base.required.filter((r) => r !== 'fabric_type'), ...spec.required])],
    properties,
    additionalProperties: false,
    allOf: RULES,
  };
  for (const [k, v] of Object.entries(properties)) if (!v) throw new Error(`${name}: missing property ${k}`);
  const json = compact.has(name) ? JSON.stringify(schema) : JSON.stringify(schema, null, 1);
  fs.writeFileSync(path.join(dir, `${name}.json`), `${json}\n`);
  console.log(name, Object.keys(properties).length, 'properties');
}
