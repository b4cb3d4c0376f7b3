import { z } from 'zod';
import { dbId, paged, pageQuery, secondsQuery } from './common.js';

/** GET /opera-log/list filters. */
export const operaLogQuery = z.strictObject({
  ...pageQuery,
  user_id: dbId('用户ID', 'integer').optional(),
  action: z.string().trim().max(64).optional(),
  startTime: secondsQuery,
  endTime: secondsQuery,
});
export type OperaLogQuery = z.infer<typeof operaLogQuery>;

/** One operation-log row (the one definition; server, web and OpenAPI use it). */
export const operaLogEntry = z.object({
  id: z.number().int(),
  tenant_id: z.number().int(),
  user_id: z.number().int(),
  account: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  summary: z.object({ before: z.unknown().optional(), after: z.unknown().optional() }),
  ip: z.string(),
  request_id: z.string(),
  created_at: z.number().int(),
});
export type OperaLogEntry = z.infer<typeof operaLogEntry>;

/**
 * One row of GET /opera-log/list: the stored row (the technical detail) with who did it by name,
 * the action's Chinese name and the sentence a customer reads (issue 13 §3).
 */
export const operaLogView = operaLogEntry.extend({
  actor_name: z.string(),
  action_label: z.string(),
  text: z.string(),
});
export type OperaLogView = z.infer<typeof operaLogView>;

/** GET /opera-log/list. */
export const operaLogPage = paged(operaLogView);
