import { formatMoney, minor } from '@console/shared/money';
import {
  SITE_ORDER_SOURCE,
  SITE_ORDER_STATUS_TEXT,
  type SiteOrderRow,
  siteOrderList,
  siteOrderListQuery,
} from '@console/shared/schemas/site-order';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { authOf } from '../../plugins/auth.js';
import { listSiteOrders } from './site-order.repository.js';

/**
 * The own site's orders in the console (docs/site.md "Cart and checkout"): one page of the
 * tenant's site orders, newest first, filterable by state and by order number or buyer email.
 * Company and personal admins (`site.manage`): the buyer's address is in every row.
 */
export async function siteOrderRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  app.get(
    '/site/orders/list',
    {
      schema: { querystring: siteOrderListQuery, response: replies(siteOrderList) },
      config: { access: 'site.manage' },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await listSiteOrders(deps.db, authOf(req).tenantId, q);
      const list: SiteOrderRow[] = rows.map((r) => ({
        id: Number(r.id),
        source: SITE_ORDER_SOURCE,
        order_no: r.order_no,
        status: r.status,
        status_text: SITE_ORDER_STATUS_TEXT[r.status],
        currency: r.currency,
        total_minor: Number(r.total_minor),
        total_text: formatMoney(minor(Number(r.total_minor)), r.currency),
        item_count: r.item_count,
        lines: r.lines,
        buyer: r.buyer,
        payment_provider: r.payment_provider,
        created_at: Number(r.created_s),
        paid_at: r.paid_s === null ? null : Number(r.paid_s),
      }));
      return ok({ list, total, page: q.page, pageSize: q.pageSize });
    },
  );
}
