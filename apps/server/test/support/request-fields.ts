import { z } from 'zod';
import type { RouteAccessEntry } from '../../src/context.js';

/** Where a request field sits. */
export type FieldPlace = 'querystring' | 'body';

/** One field of a route's request schema, as its JSON schema describes the input. */
export interface RequestField {
  place: FieldPlace;
  /** Property path from the query or body root; `[]` stands for an array's items. */
  path: string[];
  /** A JSON number (or its text in a query string) is accepted here. */
  numeric: boolean;
  /** Only whole numbers are accepted (JSON schema `integer`). */
  integer: boolean;
  /** Inclusive lower bound, when the schema declares one. */
  minimum?: number;
  /** The field's JSON schema (input side). */
  schema: JsonSchema;
}

/** The part of a JSON schema the walkers read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  exclusiveMinimum?: number;
}

/** The input JSON schema of a zod schema (what a client may send). */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The path segment of an array's items. */
export const ITEM = '[]';

const variants = (s: JsonSchema): JsonSchema[] => [s, ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
const types = (s: JsonSchema): string[] =>
  variants(s).flatMap((v) => (Array.isArray(v.type) ? v.type : v.type ? [v.type] : []));

function walk(place: FieldPlace, s: JsonSchema, path: string[], out: RequestField[]): void {
  const all = variants(s);
  const t = types(s);
  if (path.length && (t.includes('number') || t.includes('integer'))) {
    const bounded = all.find((v) => v.minimum !== undefined || v.exclusiveMinimum !== undefined);
    const minimum = bounded ? (bounded.minimum ?? (bounded.exclusiveMinimum as number) + Number.EPSILON) : undefined;
    out.push({
      place,
      path,
      numeric: true,
      integer: t.includes('integer') && !t.includes('number'),
      ...(minimum !== undefined && { minimum }),
      schema: s,
    });
  } else if (path.length) {
    out.push({ place, path, numeric: false, integer: false, schema: s });
  }
  for (const v of all) {
    for (const [k, p] of Object.entries(v.properties ?? {})) walk(place, p, [...path, k], out);
    const items = [...(Array.isArray(v.items) ? v.items : v.items ? [v.items] : []), ...(v.prefixItems ?? [])];
    for (const it of items) walk(place, it, [...path, ITEM], out);
  }
}

/** Every field (nested ones too) of a route's query and body schemas. */
export function requestFields(entry: RouteAccessEntry): RequestField[] {
  const out: RequestField[] = [];
  for (const place of ['querystring', 'body'] as const) {
    const schema = entry.request?.[place];
    if (schema) walk(place, inputJsonSchema(schema), [], out);
  }
  const seen = new Set<string>();
  return out.filter((f) => {
    const key = `${f.place}:${f.path.join('.')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Field names that hold a row id (`id`, `ids`, `uid`, `goods_id`, `parent_id`, ...). */
export const ID_NAME = /^(id|ids|uid|uids|.+_id|.+_ids|.+Id|.+Ids)$/;

/** A field's name: the last path segment that is not an array's items. */
export const fieldName = (f: RequestField) => f.path.filter((p) => p !== ITEM).at(-1) ?? '';

/** A field's path as the validation answer names it (`a.0.b`). */
export const issuePath = (f: RequestField) => f.path.map((p) => (p === ITEM ? '0' : p)).join('.');

/** The fields of a route whose name says they carry row ids (the outermost field of each name). */
export function idFields(entry: RouteAccessEntry): RequestField[] {
  return requestFields(entry).filter((f) => ID_NAME.test(fieldName(f)) && f.path.at(-1) !== ITEM);
}

/** A query or body with `value` at the field's path (arrays get one item). */
export function withValue(f: RequestField, value: unknown): Record<string, unknown> {
  const build = (path: string[]): unknown => {
    if (path.length === 0) return value;
    const [head, ...rest] = path;
    return head === ITEM ? [build(rest)] : { [head!]: build(rest) };
  };
  return build(f.path) as Record<string, unknown>;
}
