import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * 首页's 独立站 figures (docs/home.md): the tenant's site orders placed since `since` (any state),
 * and those 已付款 and 待付款 (`site_orders_status_idx`, migration 20261210_710000).
 */
export async function siteOrderFigures(db: Database, tenantId: number, since: Date) {
  const r = await sql<{ today: string; paid: string; pending: string }>`
    select
      (select count(*) from site_orders where tenant_id = ${tenantId} and created_at >= ${since}) as today,
      (select count(*) from site_orders where tenant_id = ${tenantId} and status = 'paid') as paid,
      (select count(*) from site_orders where tenant_id = ${tenantId} and status = 'pending') as pending`.execute(db);
  const row = r.rows[0];
  return { today: Number(row?.today ?? 0), paid: Number(row?.paid ?? 0), pending: Number(row?.pending ?? 0) };
}
