import { z } from 'zod';
import { MSG } from '../validation/rules.js';

/** Every response: `{status, msg, data}` (spec section 7). */
export interface ApiEnvelope<T> {
  status: number;
  msg: string;
  data: T;
}

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

/** A paged list result. */
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
