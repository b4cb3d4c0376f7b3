import { z } from 'zod';
import { dbId, pageQuery, secondsQuery } from './common.js';

/** GET /opera-log/list filters. */
export const operaLogQuery = z.strictObject({
  ...pageQuery,
  user_id: dbId('用户ID', 'integer').optional(),
  action: z.string().trim().max(64).optional(),
  startTime: secondsQuery,
  endTime: secondsQuery,
});
export type OperaLogQuery = z.infer<typeof operaLogQuery>;

/** One operation-log row. */
export interface OperaLogEntry {
  id: number;
  tenant_id: number;
  user_id: number;
  account: string;
  action: string;
  target_type: string;
  target_id: string;
  summary: { before?: unknown; after?: unknown };
  ip: string;
  request_id: string;
  created_at: number;
}
