import { utf8Bytes } from '@console/shared/constants/goods';
import type { AttrDef, FieldNode, GroupNode, LeafNode, ListNode } from './attr-schema';

/**
 * Values of the extra attributes (pure, unit tested). The editor keeps them in the Amazon
 * attribute shape the server validates (`{ item_weight: [{ value: 1, unit: 'grams' }] }`);
 * while typing, an emptied row stays as a placeholder (`{}`, `null`) so it does not vanish
 * under the cursor, and `cleanValue` drops placeholders from what is saved.
 */

/** A location inside one attribute's value: array indexes and object keys. */
export type Path = readonly (string | number)[];

/** Path text as the server reports fields: `item_package_dimensions[0].height.value`. */
export function pathText(name: string, path: Path): string {
  return path.reduce<string>((acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : `${acc}.${p}`), name);
}

const isObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/** Whether a value carries nothing: undefined, null, '', or objects/arrays of nothing. */
export function isBlank(v: unknown): boolean {
  if (v === undefined || v === null || v === '') return true;
  if (Array.isArray(v)) return v.every(isBlank);
  if (isObject(v)) return Object.values(v).every(isBlank);
  return false;
}

/** The value with placeholders removed (undefined when nothing is left); false and 0 are values. */
export function cleanValue(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return undefined;
  if (Array.isArray(v)) {
    const list = v.map(cleanValue).filter((x) => x !== undefined);
    return list.length ? list : undefined;
  }
  if (isObject(v)) {
    const entries = Object.entries(v)
      .map(([k, x]) => [k, cleanValue(x)] as const)
      .filter(([, x]) => x !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return v;
}

/** The attributes as saved: placeholders and empty attributes removed. */
export function cleanAttrs(attrs: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(attrs)) {
    const c = cleanValue(v);
    if (c !== undefined) out[name] = c;
  }
  return out;
}

/** Reads the value at `path`. */
export function getIn(v: unknown, path: Path): unknown {
  let cur = v;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[p];
  }
  return cur;
}

/** A copy of `v` with `x` at `path` (missing containers are created: arrays for indexes, objects for keys). */
export function setIn(v: unknown, path: Path, x: unknown): unknown {
  if (!path.length) return x;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof head === 'number') {
    const list = Array.isArray(v) ? [...v] : [];
    while (list.length < head) list.push(null);
    list[head] = setIn(list[head], rest, x);
    return list;
  }
  const obj = isObject(v) ? { ...v } : {};
  const next = setIn(obj[head], rest, x);
  if (next === undefined) delete obj[head];
  else obj[head] = next;
  return obj;
}

/** A copy of the list at `path` without item `index`. */
export function removeAt(v: unknown, path: Path, index: number): unknown {
  const list = getIn(v, path);
  if (!Array.isArray(list)) return v;
  return setIn(
    v,
    path,
    list.filter((_, i) => i !== index),
  );
}

/** The placeholder of a new empty row of a list. */
export function emptyItem(node: FieldNode): unknown {
  return node.kind === 'group' ? {} : node.kind === 'list' ? [] : null;
}

function normalizeGroup(node: GroupNode, v: unknown): unknown {
  if (!isObject(v)) return v === undefined || v === null ? {} : v;
  const known = new Set([...node.fields.map((f) => f.key), ...node.fixed.map((f) => f.key)]);
  const out: Record<string, unknown> = {};
  let content = false;
  for (const f of node.fields) {
    const x = normalizeNode(f, v[f.key]);
    if (x === undefined) continue;
    out[f.key] = x;
    if (!isBlank(x)) content = true;
  }
  if (!content) return {};
  // Fields the model does not show (e.g. a marketplace id from an import) are kept as they are.
  for (const [k, x] of Object.entries(v)) if (!known.has(k)) out[k] = x;
  for (const f of node.fixed) out[f.key] = f.value;
  return out;
}

/**
 * The value after an edit: emptied leaves removed, fixed hidden fields added to groups that
 * hold something (and removed from those that hold nothing), list rows kept in place.
 */
export function normalizeNode(node: FieldNode, v: unknown): unknown {
  if (node.kind === 'leaf') return v === '' || v === null ? undefined : v;
  if (node.kind === 'group') return normalizeGroup(node, v);
  if (!Array.isArray(v)) return v === undefined || v === null ? undefined : v;
  return v.map((item) => normalizeNode(node.item, item) ?? emptyItem(node.item));
}

/** Re-applies the fixed values of a (possibly other marketplace's) model to stored attributes. */
export function normalizeAttrs(model: readonly AttrDef[], attrs: Record<string, unknown>): Record<string, unknown> {
  const byName = new Map(model.map((a) => [a.name, a]));
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(attrs)) {
    const def = byName.get(name);
    out[name] = def ? normalizeNode(def, v) : v;
  }
  return out;
}

/** Whether `saved` holds a value under an `editable: false` node (such a value may not change once saved). */
export function holdsLockedValue(node: FieldNode, saved: unknown): boolean {
  if (isBlank(saved)) return false;
  if (node.locked) return true;
  if (node.kind === 'leaf') return false;
  if (node.kind === 'list') return Array.isArray(saved) && saved.some((x) => holdsLockedValue(node.item, x));
  return isObject(saved) && node.fields.some((f) => holdsLockedValue(f, saved[f.key]));
}

/**
 * Whether a field is read-only: `editable: false` and a value was saved for it (a new
 * product, or an existing one without that value, still gets its first value).
 */
export function isFrozen(node: FieldNode, saved: unknown): boolean {
  return node.locked && !isBlank(saved);
}

/**
 * How many leading rows of a list cannot be removed because a row at or after them keeps a
 * saved `editable: false` value: rows are identified by position, so removing an earlier
 * row would move that value to another place.
 */
export function lockedRowCount(list: ListNode, saved: unknown): number {
  if (!Array.isArray(saved)) return 0;
  for (let i = saved.length - 1; i >= 0; i--) if (holdsLockedValue(list.item, saved[i])) return i + 1;
  return 0;
}

/** A number input's suggestion: a value and its label. */
export interface NumberSuggestion {
  value: number;
  label: string;
}

/**
 * Suggested values of a number field: the schema's enumerated values beside a free number
 * (`anyOf`), then the numbers of its `examples` (marked 示例); only values the field accepts
 * (minimum, maximum, multipleOf, integer), in ascending order.
 */
export function numberSuggestions(leaf: LeafNode): NumberSuggestion[] {
  const out = new Map<number, string>();
  for (const o of leaf.options ?? []) {
    if (typeof o.value !== 'number' || out.has(o.value)) continue;
    out.set(o.value, o.label === String(o.value) ? String(o.value) : `${o.value} (${o.label})`);
  }
  for (const n of leaf.exampleValues ?? []) if (!out.has(n)) out.set(n, `${n} (示例)`);
  return [...out]
    .filter(([v]) => leafError(leaf, v) === undefined)
    .sort(([a], [b]) => a - b)
    .map(([value, label]) => ({ value, label }));
}

const FULL_WIDTH = /[\uFF10-\uFF19\uFF0E\uFF0D\uFF0B]/g;
const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/**
 * The value of a number typed as text: a number, undefined for nothing, or the text itself
 * when it is not a number (so the field says 应为数字 instead of silently dropping it).
 * Full-width digits (Chinese input methods) are read as digits.
 */
export function parseNumberText(text: string): number | string | undefined {
  const t = text.trim().replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  if (t === '') return undefined;
  if (!NUMBER_TEXT.test(t)) return text.trim();
  const n = Number(t);
  return Number.isFinite(n) ? n : text.trim();
}

const isEnumLeaf = (n: FieldNode) => n.kind === 'leaf' && Boolean(n.options?.length) && !n.open;

/** "请填写…" / "请选择…" for a missing required field. */
function requiredMessage(n: FieldNode): string {
  return `${isEnumLeaf(n) || (n.kind === 'leaf' && n.type === 'boolean') ? '请选择' : '请填写'}${n.label}`;
}

const chars = (s: string) => [...s].length;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function validDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function decimals(n: number): number {
  const s = String(n);
  if (s.includes('e-')) return Number(s.split('e-')[1]);
  return s.split('.')[1]?.length ?? 0;
}

function multipleOk(v: number, m: number): boolean {
  const q = v / m;
  return Math.abs(Math.round(q) - q) < 1e-9;
}

/** The Chinese message for an invalid leaf value, or undefined. Empty values are not checked here. */
export function leafError(leaf: LeafNode, v: unknown): string | undefined {
  const l = leaf.label;
  if (v === undefined || v === null || v === '') return undefined;
  if (leaf.type === 'boolean') {
    if (typeof v !== 'boolean') return `${l}应为是或否`;
    return undefined;
  }
  if (leaf.type === 'number' || leaf.type === 'integer') {
    if (typeof v !== 'number' || !Number.isFinite(v)) return `${l}应为数字`;
    if (leaf.type === 'integer' && !Number.isInteger(v)) return `${l}必须是整数`;
    if (leaf.options?.length && !leaf.open && !leaf.options.some((o) => o.value === v)) return `${l}的值不在可选范围内`;
    if (leaf.minimum !== undefined && v < leaf.minimum) return `${l}不能小于${leaf.minimum}`;
    if (leaf.maximum !== undefined && v > leaf.maximum) return `${l}不能大于${leaf.maximum}`;
    if (leaf.exclusiveMinimum !== undefined && v <= leaf.exclusiveMinimum)
      return `${l}必须大于${leaf.exclusiveMinimum}`;
    if (leaf.exclusiveMaximum !== undefined && v >= leaf.exclusiveMaximum)
      return `${l}必须小于${leaf.exclusiveMaximum}`;
    if (leaf.multipleOf !== undefined && !multipleOk(v, leaf.multipleOf)) {
      return leaf.multipleOf < 1 && decimals(leaf.multipleOf) > 0 && multipleOk(1, leaf.multipleOf)
        ? `${l}最多${decimals(leaf.multipleOf)}位小数`
        : `${l}必须是${leaf.multipleOf}的整数倍`;
    }
    return undefined;
  }
  if (typeof v !== 'string') return `${l}应为文本`;
  if (leaf.options?.length && !leaf.open && !leaf.options.some((o) => o.value === v)) return `${l}的值不在可选范围内`;
  if (leaf.minLength !== undefined && chars(v) < leaf.minLength) return `${l}不能少于${leaf.minLength}个字符`;
  if (leaf.maxLength !== undefined && chars(v) > leaf.maxLength) return `${l}不能超过${leaf.maxLength}个字符`;
  if (leaf.maxBytes !== undefined && utf8Bytes(v) > leaf.maxBytes) return `${l}不能超过${leaf.maxBytes}字节(UTF-8)`;
  if (leaf.format === 'date' && !validDate(v)) return `${l}应为日期,如 2025-01-31`;
  if (leaf.format === 'date-time' && !DATE_TIME.test(v)) return `${l}应为日期时间,如 2025-01-31T08:00:00Z`;
  if (leaf.format === 'date-or-time' && !validDate(v) && !DATE_TIME.test(v)) return `${l}应为日期,如 2025-01-31`;
  if (leaf.pattern !== undefined) {
    let re: RegExp | undefined;
    try {
      re = new RegExp(leaf.pattern, 'u');
    } catch {
      re = undefined;
    }
    if (re && !re.test(v)) {
      return leaf.format === 'uri' && /https\?/.test(leaf.pattern)
        ? `${l}应为以 http://、https:// 或 s3:// 开头的网址`
        : `${l}格式不正确`;
    }
  }
  if (leaf.format === 'uri' && !/^[a-z][a-z0-9+.-]*:\S+$/i.test(v)) return `${l}应为网址`;
  return undefined;
}

/** Errors of one attribute's value: path text -> Chinese message (empty when valid). */
export function validateAttr(def: AttrDef, value: unknown): Map<string, string> {
  const errors = new Map<string, string>();
  const visit = (node: FieldNode, v: unknown, path: Path) => {
    const at = pathText(def.name, path);
    if (node.kind === 'leaf') {
      const e = leafError(node, v);
      if (e) errors.set(at, e);
      return;
    }
    if (node.kind === 'list') {
      if (v === undefined || v === null) return;
      if (!Array.isArray(v)) {
        errors.set(at, `${node.label}格式不正确`);
        return;
      }
      visitList(node, v, path);
      return;
    }
    if (isBlank(v)) return;
    if (!isObject(v)) {
      errors.set(at, `${node.label}格式不正确`);
      return;
    }
    for (const f of node.fields) {
      const x = v[f.key];
      if (isBlank(x)) {
        if (f.required) errors.set(pathText(def.name, [...path, f.key]), requiredMessage(f));
        continue;
      }
      visit(f, x, [...path, f.key]);
    }
  };
  const visitList = (node: ListNode, list: unknown[], path: Path) => {
    const filled = list.filter((x) => !isBlank(x)).length;
    if (filled > node.max) errors.set(pathText(def.name, path), `${node.label}最多填写${node.max}个值`);
    list.forEach((item, i) => {
      visit(node.item, item, [...path, i]);
    });
  };
  if (value === undefined || value === null) return errors;
  if (!Array.isArray(value)) {
    errors.set(def.name, `${def.label}格式不正确`);
    return errors;
  }
  visitList(def, value, []);
  return errors;
}
