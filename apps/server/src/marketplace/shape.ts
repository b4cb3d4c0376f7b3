/**
 * Light checks of Amazon's answers: the fields the console relies on, with their JSON types.
 * An answer that fails is "malformed" (retried, then reported), never passed on half-read.
 */

/** A checked body: the typed value, or why it is not what the model describes. */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/** JSON types a field may be required to have. */
export type FieldType = 'string' | 'number' | 'boolean' | 'array' | 'object';

function typeOf(v: unknown): FieldType | 'null' | 'other' {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  const t = typeof v;
  return t === 'string' || t === 'number' || t === 'boolean' || t === 'object' ? t : 'other';
}

/**
 * A check that the body is an object with the required fields of the given types (and the
 * optional ones, when present, too: `name?`). Nested checks run on object fields.
 */
export function shape<T>(
  fields: Record<string, FieldType | ((v: unknown) => string | null)>,
  label = '应答',
): (body: unknown) => Checked<T> {
  return (body) => {
    const reason = shapeReason(body, fields, label);
    return reason ? { ok: false, reason } : { ok: true, value: body as T };
  };
}

/** Why a value does not have the fields, or null. */
export function shapeReason(
  body: unknown,
  fields: Record<string, FieldType | ((v: unknown) => string | null)>,
  label: string,
): string | null {
  if (typeOf(body) !== 'object') return `${label}不是对象`;
  const obj = body as Record<string, unknown>;
  for (const [rawName, want] of Object.entries(fields)) {
    const optional = rawName.endsWith('?');
    const name = optional ? rawName.slice(0, -1) : rawName;
    const v = obj[name];
    if (v === undefined) {
      if (optional) continue;
      return `${label}缺少${name}`;
    }
    if (typeof want === 'function') {
      const r = want(v);
      if (r) return r;
    } else if (typeOf(v) !== want) return `${label}的${name}类型不对`;
  }
  return null;
}

/** A check for an array whose every element has the fields. */
export function arrayOf(
  fields: Record<string, FieldType | ((v: unknown) => string | null)>,
  label: string,
): (v: unknown) => string | null {
  return (v) => {
    if (!Array.isArray(v)) return `${label}不是数组`;
    for (const item of v) {
      const r = shapeReason(item, fields, label);
      if (r) return r;
    }
    return null;
  };
}
