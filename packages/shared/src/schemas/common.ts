import { z } from 'zod';
import { MSG } from '../validation/rules.js';

/** Every response: `{status, msg, data}` (spec section 7). */
export interface ApiEnvelope<T> {
  status: number;
  msg: string;
  data: T;
}

/**
 * The envelope of a JSON answer around the schema of its `data` (spec section 7). Every
 * route declares its success answer as `envelope(dataSchema)`; the server validates what it
 * sends against it and the web client's types are inferred from the same schema.
 */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.number().int(), msg: z.string(), data });

/**
 * The `data` type of an answer schema, for clients: `get<Answer<typeof goodsListPage>>(...)`.
 * Types of answers are never written by hand (CONVENTIONS.md "One contract, written once").
 */
export type Answer<T extends z.ZodType> = z.output<T>;

/** A failure's envelope: `msg` is the Chinese message; `data` depends on the failure (e.g. `{field, issues}`). */
export const errorEnvelope = envelope(z.unknown().meta({ description: 'details of the failure, or null' }));

/** `data: null` answers (a write that has nothing to return but its message). */
export const nullData = z.null();

/** The `{deleted}` answer of batch deletes. */
export const deletedData = z.object({ deleted: z.number().int() });
/** The `{affected}` answer of batch writes. */
export const affectedData = z.object({ affected: z.number().int() });
/** The `{id, version}` answer of a versioned create or copy. */
export const savedVersionData = z.object({ id: z.number().int(), version: z.number().int() });

/** A paged list: the rows of one page and the total over all pages. */
export const paged = <T extends z.ZodType>(row: T) =>
  z.object({ list: z.array(row), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/**
 * A route that answers a file instead of JSON (downloads, images, zip), for the OpenAPI
 * document: `{ content: { [mediaType]: { schema: binaryFile } } }` in a route's `response`.
 */
export const binaryFile = z.string().meta({ format: 'binary', description: 'file content' });

/** A required, trimmed, non-empty string with the specification's message. */
export const requiredString = (max = 255) =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .max(max, { error: MSG.maxLength(max) });

/** A 0/1 switch as the specification's user fields use. */
export const flag01 = z.union([z.literal(0), z.literal(1)], { error: '只能为0或1' });

/** Largest value of a PostgreSQL `integer` column (and of a `serial` id). */
export const DB_INT_MAX = 2_147_483_647;
/** Largest `bigserial` id a JavaScript number holds exactly (the column holds more; no row gets there). */
export const DB_BIGINT_MAX = Number.MAX_SAFE_INTEGER;
/** Latest Unix second PostgreSQL's `to_timestamp` turns into a date we show (9999-12-31). */
export const UNIX_SECONDS_MAX = 253_402_300_799;

/** The id column a request field refers to: `serial` (integer) or `bigserial` (bigint). */
export type IdColumn = 'integer' | 'bigint';
const ID_MAX: Record<IdColumn, number> = { integer: DB_INT_MAX, bigint: DB_BIGINT_MAX };

/**
 * A row id in a body or query (numbers arrive as strings in a query): a positive whole
 * number no larger than its column holds, so an absurd id is a clear 400, never a 500.
 */
export const dbId = (label: string, column: IdColumn = 'bigint') =>
  z.coerce
    .number({ error: `${label}必须为数字` })
    .int({ error: `${label}不合法` })
    .positive({ error: `${label}不合法` })
    .max(ID_MAX[column], { error: `${label}不合法` });

/**
 * A whole number stored in an `integer` column (or a narrower business range), bounded on
 * both sides with the label in every message.
 */
export const dbInt = (label: string, min = 0, max = DB_INT_MAX) =>
  z.coerce
    .number({ error: `${label}必须为数字` })
    .int({ error: `${label}必须为整数` })
    .min(min, { error: `${label}不能小于${min}` })
    .max(max, { error: `${label}不能大于${max}` });

/**
 * Ids as the specification sends a list: text ("1,2,3" or "[1,2,3]") or an array; each a
 * positive whole number its column holds, duplicates dropped.
 */
export const dbIdList = (o: { label: string; empty: string; invalid: string; column?: IdColumn }) =>
  z
    .union([z.string().max(200_000), z.array(dbId(o.label, o.column)).max(20_000)], { error: o.empty })
    .transform((v, ctx) => {
      const max = ID_MAX[o.column ?? 'bigint'];
      const parts = Array.isArray(v)
        ? v
        : v
            .replace(/[[\]\s"]/g, '')
            .split(',')
            .filter(Boolean)
            .map(Number);
      if (parts.length === 0 || parts.some((n) => !Number.isSafeInteger(n) || n <= 0 || n > max)) {
        ctx.addIssue({ code: 'custom', message: o.invalid });
        return z.NEVER;
      }
      return [...new Set(parts)];
    });

/** Page query; numbers come as strings in a query string. */
export const pageQuery = {
  page: z.coerce
    .number({ error: '页码必须为数字' })
    .int()
    .min(1, { error: '页码必须大于0' })
    .max(DB_INT_MAX, { error: '页码过大' })
    .default(1),
  pageSize: z.coerce
    .number({ error: '每页条数必须为数字' })
    .int()
    .min(1, { error: '每页条数必须大于0' })
    .max(200, { error: '每页条数不能大于200' })
    .default(20),
};

/** A paged list result (the type of `paged(row)`). */
export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Unix seconds (spec: a date range becomes startTime and endTime in seconds, 0 if invalid). */
export const secondsQuery = z.coerce
  .number({ error: '时间必须为秒数' })
  .int()
  .min(0)
  .max(UNIX_SECONDS_MAX, { error: '时间不合法' })
  .optional();
