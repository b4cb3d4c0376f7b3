import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

/**
 * Request hygiene for every route, present and future (issue 27 §5, docs/api.md "Request
 * limits"): one JSON parser that refuses bodies nested deeper than {@link MAX_JSON_DEPTH} and
 * prototype-poisoning keys, and one hook that refuses a NUL character anywhere in a body, query
 * or path parameter before validation and handlers run. Each refusal is a 400 envelope with a
 * Chinese message.
 */

/**
 * Deepest nesting of arrays and objects a JSON body may have. The deepest legitimate body
 * (a product's Amazon attribute values in `extraAttrs`) nests about 8 levels; 32 leaves room
 * and keeps every recursive step after parsing (validation, JSON.stringify, PostgreSQL's jsonb
 * input) far from any stack limit.
 */
export const MAX_JSON_DEPTH = 32;

export const NUL_MSG = '内容不能包含空字符';
export const DEPTH_MSG = '请求内容嵌套过深';
export const FORBIDDEN_KEY_MSG = '请求内容包含不允许的字段名';

/**
 * Whether JSON text nests arrays/objects deeper than `limit`: one pass over the characters,
 * brackets inside strings skipped, no recursion (a 6,000-deep body cannot overflow anything).
 */
export function jsonDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // Skip the string in one search per quote (a 2 MB base64 file is one jump).
      for (let q = text.indexOf('"', i + 1); ; q = text.indexOf('"', q + 1)) {
        if (q < 0) return false; // unterminated: JSON.parse refuses it
        let b = q - 1;
        while (text.charCodeAt(b) === 92 /* \ */) b--;
        if ((q - 1 - b) % 2 === 0) {
          i = q;
          break;
        }
      }
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/** A path step while walking a parsed value (a linked list: the path is built only when needed). */
interface Step {
  value: unknown;
  key: string;
  parent: Step | undefined;
}

const pathOf = (s: Step): string => {
  const keys: string[] = [];
  for (let p: Step | undefined = s; p?.parent; p = p.parent) keys.push(p.key);
  return keys.reverse().join('.');
};

/**
 * The first place in a parsed value (breadth-first, no recursion) where `test` is true of a
 * key or a string: its dotted path (`a.0.b`), else undefined.
 */
function findIn(root: unknown, test: (s: string) => boolean, testKey: (k: string, v: unknown) => boolean) {
  const queue: Step[] = [{ value: root, key: '', parent: undefined }];
  for (let i = 0; i < queue.length; i++) {
    const step = queue[i]!;
    const v = step.value;
    if (typeof v === 'string') {
      if (test(v)) return pathOf(step);
    } else if (Array.isArray(v)) {
      for (let j = 0; j < v.length; j++) queue.push({ value: v[j], key: String(j), parent: step });
    } else if (v !== null && typeof v === 'object') {
      for (const k of Object.keys(v)) {
        const child = (v as Record<string, unknown>)[k];
        const at: Step = { value: child, key: k, parent: step };
        if (testKey(k, child)) return pathOf(at);
        queue.push(at);
      }
    }
  }
  return undefined;
}

const hasNul = (s: string) => s.includes('\u0000');

/**
 * `__proto__` anywhere, or `constructor` holding `prototype` (what secure-json-parse refuses):
 * such keys could reach an object's prototype once a body is copied or merged.
 */
const poisonKey = (k: string, v: unknown) =>
  k === '__proto__' || (k === 'constructor' && v !== null && typeof v === 'object' && 'prototype' in v);

/** Where a value holds a NUL character (in a string or a key): its path, else undefined. */
export function nulPath(value: unknown): string | undefined {
  return findIn(value, hasNul, hasNul);
}

const nulRefusal = (field: string) => new AppError(400, NUL_MSG, { field, issues: [{ field, msg: NUL_MSG }] });

/**
 * Text that may hold a `__proto__` or `constructor` key, escapes included (the patterns of
 * secure-json-parse, which Fastify's own parser uses): only such bodies are walked for them.
 */
const SUSPECT_PROTO =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;
const SUSPECT_CONSTRUCTOR =
  /"(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072)"\s*:/;

const invalidJson = () =>
  Object.assign(new Error('invalid JSON body'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });

/**
 * Parses a JSON body: the depth on the text first, then JSON.parse, then poisoned keys and NUL
 * characters, each walked only when the text can hold one (a NUL in JSON text is always the
 * escape `\u0000`), so an ordinary 2 MB body costs little more than JSON.parse.
 */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0) {
    throw Object.assign(new Error('empty JSON body'), { statusCode: 400, code: 'FST_ERR_CTP_EMPTY_JSON_BODY' });
  }
  if (jsonDeeperThan(text, MAX_JSON_DEPTH)) throw new AppError(400, DEPTH_MSG, { limit: MAX_JSON_DEPTH });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidJson();
  }
  if (SUSPECT_PROTO.test(text) || SUSPECT_CONSTRUCTOR.test(text)) {
    const poisoned = findIn(value, () => false, poisonKey);
    if (poisoned !== undefined) throw new AppError(400, FORBIDDEN_KEY_MSG, { field: poisoned });
  }
  if (text.includes('\\u0000')) {
    const at = nulPath(value);
    if (at !== undefined) throw nulRefusal(at);
  }
  return value;
}

/** Requests whose body came through {@link parseJsonBody} (already checked for NUL). */
const parsedJson = new WeakSet<object>();

export function registerRequestHygiene(app: FastifyInstance): void {
  // Replaces Fastify's JSON parser (same body limit, set per route where a route has its own).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    try {
      const value = parseJsonBody(body as string);
      parsedJson.add(req);
      done(null, value);
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  // PostgreSQL text cannot hold NUL (a query with one fails): refused for every route here,
  // whatever its schema says, before validation (the field is named as validation names it).
  app.addHook('preValidation', (req, _reply, done) => {
    for (const part of [req.params, req.query, parsedJson.has(req) ? undefined : req.body]) {
      if (part === undefined || part === null) continue;
      const at = typeof part === 'string' ? (hasNul(part) ? '' : undefined) : nulPath(part);
      if (at !== undefined) return done(nulRefusal(at));
    }
    done();
  });
}
