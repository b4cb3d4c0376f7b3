import type { caseListQuery, caseStatusBody } from '@console/shared/schemas/monitor';
import type { z } from 'zod';
import type { AppDeps } from '../../context.js';
import { conflict, isUniqueViolation, notFound, staleSave } from '../../lib/app-error.js';
import { audit } from '../system/audit.js';
import type { MonitorCaller } from './monitor.service.js';
import { casePage, findCase, setCaseStatus } from './monitor-cases.repository.js';
import { caseTexts } from './monitor-complaint.js';

type CaseRow = NonNullable<Awaited<ReturnType<typeof findCase>>>;

function caseView(c: CaseRow) {
  return {
    id: Number(c.id),
    monitor_id: Number(c.monitor_id),
    marketplace: c.marketplace,
    asin: c.asin,
    title: c.title,
    brand: c.brand,
    currency: c.currency,
    seller_id: c.seller_id,
    seller_name: c.seller_name,
    status: c.status,
    first_seen_at: c.first_seen_at.toISOString(),
    last_seen_at: c.last_seen_at.toISOString(),
    gone_since: c.gone_since ? c.gone_since.toISOString() : null,
    closed_at: c.closed_at ? c.closed_at.toISOString() : null,
    evidence_count: c.evidence.length,
    version: c.version,
  };
}

/** 跟卖移除 list. */
export async function casesPage(deps: AppDeps, tenantId: number, q: z.output<typeof caseListQuery>) {
  const { rows, total } = await casePage(deps.db, tenantId, q);
  return { list: rows.map(caseView), total, page: q.page, pageSize: q.pageSize };
}

/** One case with its evidence and generated texts. */
export async function caseDetail(deps: AppDeps, tenantId: number, id: number) {
  const c = await findCase(deps.db, tenantId, id);
  if (!c) throw notFound('案件不存在');
  return {
    case: caseView(c),
    evidence: c.evidence,
    ...caseTexts({
      asin: c.asin,
      marketplace: c.marketplace,
      title: c.title,
      brand: c.brand,
      currency: c.currency,
      sellerId: c.seller_id,
      sellerName: c.seller_name,
      evidence: c.evidence,
    }),
  };
}

/**
 * The user moves a case (open, warned, reported, removed, unresolved) and may note the
 * follower's name; removed and unresolved close it. Versioned: a stale save is refused.
 */
export async function changeCaseStatus(deps: AppDeps, c: MonitorCaller, b: z.output<typeof caseStatusBody>) {
  const tenantId = c.actor.tenantId;
  const before = await findCase(deps.db, tenantId, b.id);
  if (!before) throw notFound('案件不存在');
  const closed = b.status === 'removed' || b.status === 'unresolved';
  const run = deps.db.transaction().execute(async (trx) => {
    const version = await setCaseStatus(trx, tenantId, b.id, b.version, {
      status: b.status,
      ...(b.seller_name === undefined ? {} : { seller_name: b.seller_name }),
      closed_at: closed ? (before.closed_at ?? new Date()) : null,
    });
    if (version === null) throw staleSave(before.version);
    await audit(trx, c.actor, {
      action: 'monitor.caseStatus',
      targetType: 'monitor_case',
      targetId: b.id,
      before: { status: before.status, asin: before.asin, seller_id: before.seller_id },
      after: { status: b.status },
    });
    return { id: b.id, version };
  });
  return run.catch((err: unknown) => {
    // Reopening a closed case while a newer live case of the same follower exists.
    if (isUniqueViolation(err)) throw conflict('该跟卖者在此ASIN上已有进行中的案件');
    throw err;
  });
}
