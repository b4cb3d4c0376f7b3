import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

/**
 * Issue 27 §5: every address a request carries is http(s) only, checked in the shared schema.
 * This walks every schema of `packages/shared/src/schemas/` and tries each field whose name says
 * it holds an address (in strict objects: the request bodies and queries), so a new schema or
 * field is covered without editing this test.
 */

const modules = import.meta.glob<Record<string, unknown>>(
  ['../../../../packages/shared/src/schemas/*.ts', '!../../../../packages/shared/src/schemas/*.test.ts'],
  { eager: true },
);

type AnySchema = z.ZodType & { _zod: { def: Record<string, unknown> } };
const defOf = (s: AnySchema) => s._zod.def as { type: string; [k: string]: unknown };
const WRAPPERS = ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'];

/** The schema under optional/default/nullable wrappers and the input side of pipes. */
function unwrap(s: AnySchema): AnySchema {
  let cur = s;
  for (;;) {
    const d = defOf(cur);
    if (WRAPPERS.includes(d.type)) cur = d.innerType as AnySchema;
    else if (d.type === 'pipe') cur = d.in as AnySchema;
    else return cur;
  }
}

/** A field name that holds a web address. */
const URL_KEY = /(url|link|href|website|logo|icon|image)s?$/i;

/** The address fields of strict objects reachable from the schemas, with their paths. */
function urlFields(schemas: [string, AnySchema][]): { where: string; field: AnySchema }[] {
  const found: { where: string; field: AnySchema }[] = [];
  const seen = new Set<unknown>();
  const walk = (s: AnySchema, where: string, depth: number) => {
    if (depth > 12 || seen.has(s)) return;
    seen.add(s);
    const d = defOf(unwrap(s));
    if (d.type === 'object') {
      const strict = d.catchall !== undefined && defOf(d.catchall as AnySchema).type === 'never';
      for (const [key, field] of Object.entries(d.shape as Record<string, AnySchema>)) {
        const f = unwrap(field);
        const leaf = defOf(f).type === 'array' ? unwrap(defOf(f).element as AnySchema) : f;
        if (strict && URL_KEY.test(key) && defOf(leaf).type === 'string') {
          found.push({ where: `${where}.${key}`, field: leaf });
        }
        walk(field, `${where}.${key}`, depth + 1);
      }
    } else if (d.type === 'array') walk(d.element as AnySchema, `${where}[]`, depth + 1);
    else if (d.type === 'union') {
      for (const [i, o] of (d.options as AnySchema[]).entries()) walk(o, `${where}|${i}`, depth + 1);
    } else if (d.type === 'record') walk(d.valueType as AnySchema, `${where}{}`, depth + 1);
  };
  for (const [where, s] of schemas) walk(s, where, 0);
  return found;
}

describe('every address field of the shared request schemas (issue 27 §5)', () => {
  it('refuses javascript: and data: and accepts https', () => {
    const schemas: [string, AnySchema][] = [];
    for (const [file, mod] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(mod)) {
        if (value && typeof value === 'object' && '_zod' in value) {
          schemas.push([`${file.split('/').pop()}:${name}`, value as AnySchema]);
        }
      }
    }
    expect(schemas.length).toBeGreaterThan(100);
    const fields = urlFields(schemas);
    // The walk finds the product's supplier link and its images (a guard that it still walks).
    expect(fields.map((f) => f.where)).toEqual(
      expect.arrayContaining([expect.stringMatching(/link_url$/), expect.stringMatching(/images\[\]\.url$/)]),
    );
    const failures: string[] = [];
    for (const { where, field } of fields) {
      for (const bad of ['javascript:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=']) {
        if (field.safeParse(bad).success) failures.push(`${where} accepts ${bad}`);
      }
      // A field may be stricter than https: only an address of the console's own file store (a
      // document, or an image such as a site's logo).
      const ownFiles = ['pdf', 'jpg'].map((ext) => `/PDD/files/t1/2026/11/0f8fad5b-d9cb-469f-a165-70867728950e.${ext}`);
      if (!field.safeParse('https://example.com/a.jpg').success && !ownFiles.some((f) => field.safeParse(f).success))
        failures.push(`${where} refuses https`);
    }
    expect(failures).toEqual([]);
  });
});
