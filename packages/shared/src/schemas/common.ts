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

/** A paged list result. */
export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Unix seconds (spec: a date range becomes startTime and endTime in seconds, 0 if invalid). */
export const secondsQuery = z.coerce.number({ error: '时间必须为秒数' }).int().min(0).optional();
