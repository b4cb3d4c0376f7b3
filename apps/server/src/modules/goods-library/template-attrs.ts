import type { TemplateAttribute, TemplateField } from '@console/shared/schemas/goods-library';
import type { SchemaNode } from '../../marketplace/product-type.catalog.js';

/** Item properties filled from the marketplace, never typed by the user. */
const SELECTOR_FIELDS = new Set(['marketplace_id', 'language_tag']);

const asNode = (v: unknown): SchemaNode | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as SchemaNode) : undefined;
const asStrings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);
const asNumber = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** Follows a local `$ref` (`#/$defs/x`). */
function deref(root: SchemaNode, node: SchemaNode): SchemaNode {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  let cur: unknown = root;
  for (const part of ref.slice(2).split('/')) cur = asNode(cur)?.[part];
  return asNode(cur) ?? node;
}

/** Choices of a node: its own enum, or those of an `anyOf` branch (then free text is also allowed). */
function choices(node: SchemaNode): Pick<TemplateField, 'enum' | 'enumOpen'> {
  const list = (n: SchemaNode) => {
    const values = Array.isArray(n.enum) ? (n.enum as (string | number | boolean)[]) : [];
    const names = asStrings(n.enumNames);
    return values.map((value, i) => ({ value, name: names[i] ?? String(value) }));
  };
  if (Array.isArray(node.enum)) return { enum: list(node) };
  const branches = Array.isArray(node.anyOf) ? node.anyOf.map(asNode).filter((b) => b !== undefined) : [];
  const withEnum = branches.find((b) => Array.isArray(b.enum));
  if (!withEnum) return {};
  return { enum: list(withEnum), enumOpen: branches.some((b) => !Array.isArray(b.enum)) };
}

function leaf(node: SchemaNode, path: string, required: boolean): TemplateField {
  const type = (typeof node.type === 'string' ? node.type : 'string') as TemplateField['type'];
  const itemNode = type === 'array' ? asNode(node.items) : undefined;
  const field: TemplateField = {
    path,
    label: typeof node.title === 'string' ? node.title : path,
    description: typeof node.description === 'string' ? node.description : '',
    type,
    required,
    editable: node.editable !== false,
    hidden: node.hidden === true,
    examples: asStrings(node.examples),
    ...choices(itemNode ?? node),
  };
  for (const key of ['minLength', 'maxLength', 'maxUtf8ByteLength', 'minimum', 'maximum', 'multipleOf'] as const) {
    const v = asNumber((itemNode ?? node)[key]);
    if (v !== undefined) field[key] = v;
  }
  return field;
}

/** Leaves of an item object, depth first (nested objects such as `height.unit`). */
function fieldsOf(root: SchemaNode, obj: SchemaNode, prefix: string, parentRequired: boolean): TemplateField[] {
  const props = asNode(obj.properties) ?? {};
  const required = new Set(asStrings(obj.required));
  const out: TemplateField[] = [];
  for (const [key, raw] of Object.entries(props)) {
    if (!prefix && SELECTOR_FIELDS.has(key)) continue;
    const node = deref(root, asNode(raw) ?? {});
    const path = prefix ? `${prefix}.${key}` : key;
    const isRequired = parentRequired && required.has(key);
    if (node.type === 'object' && asNode(node.properties)) out.push(...fieldsOf(root, node, path, isRequired));
    else out.push(leaf(node, path, isRequired));
  }
  return out;
}

/** Flattens a product type schema into attributes a form can render, in the schema's order. */
export function flattenAttributes(schema: SchemaNode): TemplateAttribute[] {
  const props = asNode(schema.properties) ?? {};
  const required = new Set(asStrings(schema.required));
  return Object.entries(props).map(([name, raw]) => {
    const node = asNode(raw) ?? {};
    const item = deref(schema, asNode(node.items) ?? {});
    return {
      name,
      label: typeof node.title === 'string' ? node.title : name,
      description: typeof node.description === 'string' ? node.description : '',
      required: required.has(name),
      maxValues: asNumber(node.maxUniqueItems) ?? asNumber(node.maxItems) ?? 1,
      selectors: asStrings(node.selectors),
      fields: fieldsOf(schema, item, '', true),
    };
  });
}
