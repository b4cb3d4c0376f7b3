import { derefSchemaNode } from '@console/shared/product-type/schema-node';
/**
 * Schema -> form model for the extra attributes (pure, unit tested). The input is a product
 * type schema in the format of Amazon's Product Type Definitions (JSON Schema 2019-09 with
 * Amazon's keywords: `selectors`, `enumNames`, `editable`, `hidden`, `maxUniqueItems`,
 * `maxUtf8ByteLength`, `$lifecycle.enumDeprecated`), as `categoryTemplate/getTempAttr`
 * serves it. Every attribute is an array of items (`[{ value, ... }]`); items may nest
 * objects (dimensions: `{ length: { value, unit }, ... }`) and arrays (price schedules).
 */

/** A JSON Schema node as the product type definitions write them. */
export type SchemaNode = { [key: string]: unknown };

/** One choice of an enum (`enumNames` gives the label). */
export interface ChoiceOption {
  value: string | number | boolean;
  label: string;
  /** Listed in `$lifecycle.enumDeprecated`: still accepted, offered last. */
  deprecated?: boolean;
}

interface NodeBase {
  key: string;
  label: string;
  description: string;
  required: boolean;
  examples: string[];
  /** `editable: false`: Amazon does not let the value change once the listing exists (read-only once saved). */
  locked: boolean;
  /**
   * `hidden: true` in the schema, but with more than one allowed value (e.g.
   * `purchasable_offer.audience`: B2B or ALL), so the user must be able to choose: shown in
   * the item's collapsed 更多属性 group. Hidden fields with one possible value are `fixed` instead.
   */
  advanced?: boolean;
}

/** A value the user types or picks. */
export interface LeafNode extends NodeBase {
  kind: 'leaf';
  type: 'string' | 'number' | 'integer' | 'boolean';
  options?: ChoiceOption[];
  /** Options are suggestions: free input is accepted too (`anyOf` of a free and an enum branch). */
  open?: boolean;
  format?: 'date' | 'date-time' | 'date-or-time' | 'uri';
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  maxBytes?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  /** Numbers of the schema's `examples` ("30、1.5"), offered as suggestions of a number input. */
  exampleValues?: number[];
}

/** An object of fields, e.g. one item of an attribute or `height: { value, unit }`. */
export interface GroupNode extends NodeBase {
  kind: 'group';
  fields: FieldNode[];
  /** Hidden fields with one possible value (a nested `language_tag`, a currency): filled in, never shown. */
  fixed: { key: string; value: string | number | boolean }[];
  /** Exactly a `value` and a `unit` with choices: shown as one input with a unit select. */
  unitPair: boolean;
}

/** An array of items with add/remove up to `max`. */
export interface ListNode extends NodeBase {
  kind: 'list';
  min: number;
  max: number;
  item: FieldNode;
}

export type FieldNode = LeafNode | GroupNode | ListNode;

/** One attribute of the product type: a list of items (the Amazon attribute array). */
export interface AttrDef extends ListNode {
  name: string;
}

/** Labels of item fields Amazon's schemas leave without a `title`. */
const UNTITLED_LABELS: Record<string, string> = { audience: '销售对象', currency: '货币' };

/** Item fields the server fills from the marketplace (`normalize` in extra-attrs.validator.ts). */
const SERVER_FILLED = new Set(['marketplace_id', 'language_tag']);

const asNode = (v: unknown): SchemaNode | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as SchemaNode) : undefined;
const asStrings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);
const asNumber = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const asText = (v: unknown): string => (typeof v === 'string' ? v : '');
const branchesOf = (n: SchemaNode, key: 'anyOf' | 'oneOf'): SchemaNode[] =>
  Array.isArray(n[key]) ? (n[key] as unknown[]).map(asNode).filter((b): b is SchemaNode => b !== undefined) : [];

const deref = derefSchemaNode;

function typeOf(n: SchemaNode): string | undefined {
  if (typeof n.type === 'string') return n.type;
  for (const b of [...branchesOf(n, 'anyOf'), ...branchesOf(n, 'oneOf')]) if (typeof b.type === 'string') return b.type;
  if (asNode(n.properties)) return 'object';
  if (n.items) return 'array';
  return undefined;
}

function enumOptions(n: SchemaNode, deprecated: Set<unknown>): ChoiceOption[] {
  const values = Array.isArray(n.enum) ? (n.enum as ChoiceOption['value'][]) : [];
  const names = asStrings(n.enumNames);
  const list = values.map((value, i) => ({
    value,
    label: names[i] ?? String(value),
    ...(deprecated.has(value) ? { deprecated: true } : {}),
  }));
  // Current values first, deprecated ones after them (Amazon keeps them valid for existing listings).
  return [...list.filter((o) => !o.deprecated), ...list.filter((o) => o.deprecated)];
}

/** Choices of a node: its own enum (closed), or an `anyOf` branch's enum beside a free branch (open). */
function choices(n: SchemaNode): Pick<LeafNode, 'options' | 'open'> {
  const lifecycle = asNode(n.$lifecycle);
  const deprecated = new Set<unknown>(Array.isArray(lifecycle?.enumDeprecated) ? lifecycle.enumDeprecated : []);
  if (Array.isArray(n.enum)) return { options: enumOptions(n, deprecated) };
  const branches = branchesOf(n, 'anyOf');
  const withEnum = branches.filter((b) => Array.isArray(b.enum));
  if (!withEnum.length) return {};
  const options = withEnum.flatMap((b) => enumOptions(b, deprecated));
  return { options, open: branches.some((b) => !Array.isArray(b.enum)) };
}

function formatOf(n: SchemaNode): LeafNode['format'] {
  const formats = new Set([n.format, ...branchesOf(n, 'oneOf').map((b) => b.format)].filter(Boolean));
  if (formats.has('date') && formats.has('date-time')) return 'date-or-time';
  if (formats.has('date')) return 'date';
  if (formats.has('date-time')) return 'date-time';
  if (formats.has('uri')) return 'uri';
  return undefined;
}

/** The values a node enumerates: its own `enum`, or those of its `anyOf` enum branches. */
export function enumeratedValues(n: SchemaNode): unknown[] {
  if (Array.isArray(n.enum)) return n.enum;
  return branchesOf(n, 'anyOf').flatMap((b) => (Array.isArray(b.enum) ? (b.enum as unknown[]) : []));
}

/**
 * How a `hidden: true` field is handled: `fixed` when it has one possible value (its
 * `default`, or a single enumerated value) and is filled in without being shown; `choose`
 * when it enumerates several values (or has none and no default), so it is offered under
 * 更多属性 rather than left unreachable.
 */
export function hiddenRule(n: SchemaNode): { kind: 'fixed'; value: string | number | boolean } | { kind: 'choose' } {
  if (new Set(enumeratedValues(n)).size > 1) return { kind: 'choose' };
  const v = fixedValue(n);
  return v === undefined ? { kind: 'choose' } : { kind: 'fixed', value: v };
}

/** The one value a hidden field can take (its default, or a single enum value), if any. */
export function fixedValue(n: SchemaNode): string | number | boolean | undefined {
  const ok = (v: unknown) => (['string', 'number', 'boolean'].includes(typeof v) ? (v as string) : undefined);
  if (n.default !== undefined) return ok(n.default);
  if (Array.isArray(n.enum) && n.enum.length === 1) return ok(n.enum[0]);
  const enums = branchesOf(n, 'anyOf').filter((b) => Array.isArray(b.enum));
  if (enums.length === 1 && (enums[0]!.enum as unknown[]).length === 1) return ok((enums[0]!.enum as unknown[])[0]);
  return undefined;
}

function base(n: SchemaNode, key: string, required: boolean): NodeBase {
  return {
    key,
    label: asText(n.title) || UNTITLED_LABELS[key] || key,
    description: asText(n.description),
    required,
    examples: asStrings(n.examples),
    locked: n.editable === false,
  };
}

function leafOf(n: SchemaNode, key: string, required: boolean): LeafNode {
  const t = typeOf(n);
  const type: LeafNode['type'] = t === 'number' || t === 'integer' || t === 'boolean' ? t : 'string';
  const leaf: LeafNode = { ...base(n, key, required), kind: 'leaf', type, ...choices(n) };
  if (type === 'boolean' && !leaf.options)
    leaf.options = [
      { value: true, label: '是' },
      { value: false, label: '否' },
    ];
  const format = formatOf(n);
  if (format) leaf.format = format;
  if (typeof n.pattern === 'string') leaf.pattern = n.pattern;
  const numeric = type === 'number' || type === 'integer';
  // Amazon puts string keywords on numbers (`maxLength` on a weight); they do not apply there.
  const keys = numeric
    ? (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const)
    : (['minLength', 'maxLength'] as const);
  for (const k of keys) {
    const v = asNumber(n[k]);
    if (v !== undefined) leaf[k] = v;
  }
  if (numeric) {
    const examples = exampleNumbers(leaf.examples);
    if (examples.length) leaf.exampleValues = examples;
  }
  const bytes = asNumber(n.maxUtf8ByteLength);
  if (!numeric && bytes !== undefined) leaf.maxBytes = bytes;
  return leaf;
}

/** Numbers written in `examples` texts, which often hold several ("30、1.5", "50，75，60", "1, 4"). */
export function exampleNumbers(examples: readonly string[]): number[] {
  const out: number[] = [];
  for (const text of examples)
    for (const part of text.split(/[、，,;；\s]+/)) {
      if (!/^-?(\d+\.?\d*|\.\d+)$/.test(part)) continue;
      const n = Number(part);
      if (Number.isFinite(n) && !out.includes(n)) out.push(n);
    }
  return out;
}

function listLimits(n: SchemaNode): { min: number; max: number } {
  const max = asNumber(n.maxUniqueItems) ?? asNumber(n.maxItems) ?? Number.POSITIVE_INFINITY;
  return { min: asNumber(n.minItems) ?? 0, max: Math.max(1, max) };
}

function nodeOf(root: SchemaNode, raw: SchemaNode, key: string, required: boolean, top: boolean): FieldNode {
  const n = deref(root, raw);
  const t = typeOf(n);
  if (t === 'array') {
    const item = nodeOf(root, asNode(n.items) ?? {}, key, true, top);
    return { ...base(n, key, required), kind: 'list', ...listLimits(n), item: { ...item, required: true } };
  }
  if (t === 'object') return groupOf(root, n, key, required, top);
  return leafOf(n, key, required);
}

function groupOf(root: SchemaNode, n: SchemaNode, key: string, required: boolean, top: boolean): GroupNode {
  const props = asNode(n.properties) ?? {};
  const req = new Set(asStrings(n.required));
  const fields: FieldNode[] = [];
  const fixed: GroupNode['fixed'] = [];
  for (const [k, raw] of Object.entries(props)) {
    if (top && SERVER_FILLED.has(k)) continue;
    const child = deref(root, asNode(raw) ?? {});
    if (child.hidden === true) {
      const rule = hiddenRule(child);
      if (rule.kind === 'fixed') fixed.push({ key: k, value: rule.value });
      else fields.push({ ...nodeOf(root, child, k, req.has(k), false), advanced: true });
      continue;
    }
    fields.push(nodeOf(root, child, k, req.has(k), false));
  }
  const names = fields.map((f) => f.key).sort();
  const unit = fields.find((f) => f.key === 'unit');
  const unitPair =
    names.length === 2 &&
    names[0] === 'unit' &&
    names[1] === 'value' &&
    unit?.kind === 'leaf' &&
    Boolean(unit.options?.length) &&
    !unit.open &&
    fields.every((f) => f.kind === 'leaf');
  return { ...base(n, key, required), kind: 'group', fields, fixed, unitPair };
}

/** `editable: false` on an object or list covers everything inside it. */
function lockInside<T extends FieldNode>(node: T, locked = false): T {
  const on = locked || node.locked;
  if (node.kind === 'leaf') return on && !node.locked ? { ...node, locked: true } : node;
  if (node.kind === 'list') return { ...node, locked: on, item: lockInside(node.item, on) };
  return { ...node, locked: on, fields: node.fields.map((f) => lockInside(f, on)) };
}

/** The attributes of a product type schema, in the schema's order. */
export function buildAttrModel(schema: SchemaNode): AttrDef[] {
  const props = asNode(schema.properties) ?? {};
  const required = new Set(asStrings(schema.required));
  return Object.entries(props).map(([name, raw]) => {
    const n = deref(schema, asNode(raw) ?? {});
    const item = nodeOf(schema, asNode(n.items) ?? {}, name, true, true);
    return lockInside<AttrDef>({
      ...base(n, name, required.has(name)),
      name,
      kind: 'list',
      ...listLimits(n),
      item: { ...item, label: base(n, name, true).label },
    });
  });
}

/** The visible fields of an item group, or the item itself when it is not a group. */
export function itemFields(node: FieldNode): FieldNode[] {
  return node.kind === 'group' ? node.fields : [node];
}

/** Whether an item that shows as one control (see isSingleControl) has `editable: false` on its input. */
export function singleControlLocked(node: FieldNode): boolean {
  if (node.locked) return true;
  if (node.kind !== 'group' || !isSingleControl(node)) return false;
  return node.fields.some((f) => f.locked);
}

/** Whether an item shows as one control without its own label (one `value` leaf, or a value+unit pair). */
export function isSingleControl(node: FieldNode): boolean {
  if (node.kind === 'leaf') return true;
  if (node.kind !== 'group') return false;
  if (node.unitPair) return true;
  return node.fields.length === 1 && node.fields[0]!.kind === 'leaf' && node.fields[0]!.key === 'value';
}
