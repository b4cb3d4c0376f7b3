import { operaActionLabel } from '@console/shared/constants/opera-log';
import type { OperaLogView } from '@console/shared/schemas/system';
import type { AppDeps } from '../../context.js';
import { SYSTEM_ACCOUNT } from './audit.js';
import { accountNames, goodsLabels, listOperaLog, type OperaLogFilter } from './opera-log.repository.js';
import { describeOperaLog } from './opera-log.sentences.js';

/** Ids are bigint-safe integers below 2^31 for accounts and products. */
const MAX_ID = 2_147_483_647;
const idOf = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= MAX_ID ? v : undefined);
const numericTarget = (id: string) => (/^\d{1,10}$/.test(id) ? idOf(Number(id)) : undefined);

type Row = Awaited<ReturnType<typeof listOperaLog>>['rows'][number];

/** The products a row names: its target, the ids a batch logged, the source of a copy. */
function goodsIdsOf(r: Row): number[] {
  const out: number[] = [];
  const summary = (r.summary ?? {}) as { before?: { from?: unknown }; after?: { ids?: unknown } };
  if (r.target_type === 'goods') {
    const t = numericTarget(r.target_id);
    if (t) out.push(t);
    const ids = Array.isArray(summary.after?.ids) ? summary.after.ids : [];
    for (const id of ids.slice(0, 3)) if (idOf(id)) out.push(id as number);
    const from = idOf(summary.before?.from);
    if (from) out.push(from);
  }
  return out;
}

/**
 * A page of the operation log, each row with who did it by name and the sentence a customer
 * reads (issue 13 §3); codes, ids and the before/after diff stay on the row for the detail view.
 * `tenantId` null: every tenant (platform operator).
 */
export async function operaLogPage(deps: AppDeps, tenantId: number | null, f: OperaLogFilter) {
  const { rows, total } = await listOperaLog(deps.db, tenantId, f);
  const tenants = [...new Set(rows.map((r) => r.tenant_id))];
  const userIds = new Set<number>();
  const goodsIds = new Set<number>();
  for (const r of rows) {
    if (idOf(r.user_id)) userIds.add(r.user_id);
    const t = r.target_type === 'user' ? numericTarget(r.target_id) : undefined;
    if (t) userIds.add(t);
    for (const id of goodsIdsOf(r)) goodsIds.add(id);
  }
  const [names, goods] = await Promise.all([
    accountNames(deps.db, tenants, [...userIds]),
    goodsLabels(deps.db, tenants, [...goodsIds]),
  ]);
  const list: OperaLogView[] = rows.map((r) => {
    const summary = (r.summary ?? {}) as OperaLogView['summary'];
    const byNobody = r.account === SYSTEM_ACCOUNT ? '系统' : '管理员(命令行)';
    const actorName = r.user_id === 0 ? byNobody : (names.get(`${r.tenant_id}:${r.user_id}`) ?? r.account);
    const entry = {
      ...r,
      // bigint key: pg parses int8 as a number (db/database.ts); system.tables.ts still says string.
      id: Number(r.id),
      summary,
      created_at: Math.floor(r.created_at.getTime() / 1000),
    };
    return {
      ...entry,
      actor_name: actorName,
      action_label: operaActionLabel(r.action),
      text: describeOperaLog({
        ...entry,
        actor: actorName,
        goods: (id) => goods.get(`${r.tenant_id}:${id}`),
        user: (id) => names.get(`${r.tenant_id}:${id}`),
      }),
    };
  });
  return { list, total };
}
