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

/** Page query; numbers come as strings in a query string. */
export const pageQuery = {
  page: z.coerce.number({ error: '页码必须为数字' }).int().min(1, { error: '页码必须大于0' }).default(1),
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
export const secondsQuery = z.coerce.number({ error: '时间必须为秒数' }).int().min(0).optional();
