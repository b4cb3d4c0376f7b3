import type { Kysely } from 'kysely';
import type { Actor } from '../../context.js';
import type { DB } from '../../db/types.js';
import { insertOperaLog } from './opera-log.repository.js';

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/** The account name of the system actor (user id 0; the CLI's is `cli`). */
export const SYSTEM_ACCOUNT = 'system';

/**
 * The named actor of a scheduled job (docs/messages.md "System actor"): what a job changes on
 * its own is logged as 系统 (user id 0, account `system`), never as a person of the tenant.
 */
export function systemActor(tenantId: number, job: string): Actor {
  return { userId: 0, tenantId, account: SYSTEM_ACCOUNT, ip: '', requestId: `job:${job}` };
}

/** Writes one operation-log row; call it inside the transaction that makes the change. */
export function audit(trx: Kysely<DB>, actor: Actor, entry: AuditEntry): Promise<void> {
  return insertOperaLog(trx, {
    tenant_id: actor.tenantId,
    user_id: actor.userId,
    account: actor.account,
    action: entry.action,
    target_type: entry.targetType,
    target_id: String(entry.targetId),
    summary: { before: entry.before ?? null, after: entry.after ?? null },
    ip: actor.ip,
    request_id: actor.requestId,
  });
}

/** Only the keys whose values differ, as {before, after} (keeps the log readable and free of secrets). */
export function diff<T extends object>(before: T, after: Partial<T>): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}
