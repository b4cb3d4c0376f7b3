import {
  adjustBody,
  bookEntriesPage,
  creditLimitBody,
  creditLimitData,
  depositPayBody,
  depositReturnBody,
  entriesExportQuery,
  entriesPage,
  entriesQuery,
  expressLogQuery,
  financeClients,
  financeClientsQuery,
  financeOverview,
  overviewQuery,
  postedEntry,
  purchasePage,
  purchaseQuery,
  reverseBody,
  totalFreezeData,
  warningBody,
  warningData,
} from '@console/shared/schemas/finance';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { fileReplies, replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { tenantTimeZone } from '../account/tenant-time-zone.repository.js';
import { presentEntry } from './finance.presenter.js';
import {
  adjustClient,
  clients,
  expressLog,
  overview,
  payOwnDeposit,
  purchases,
  returnClientDeposit,
  reverseClientEntry,
  setClientCreditLimit,
  setWarning,
  statement,
  statementForExport,
  totalFreeze,
} from './finance.service.js';
import { statementWorkbook } from './finance-export.js';
import type { LedgerEntry } from './ledger.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const posted = (e: LedgerEntry) => ({ ...presentEntry(e), replayed: e.replayed });

/** The tenant's money screens (财务首页, 财务管理, 采购明细) and the reviewers' adjustments (docs/finance.md). */
export async function financeRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const view = { access: 'finance.view' as const };
  const review = { access: 'finance.review' as const };

  app.get(
    '/finance/overview',
    { schema: { querystring: overviewQuery, response: replies(financeOverview) }, config: view },
    async (req) => ok(await overview(deps, authOf(req).user, req.query.days)),
  );

  app.post(
    '/finance/warning',
    { schema: { body: warningBody, response: replies(warningData) }, config: view },
    async (req) => {
      await setWarning(deps, actorOf(req, authOf(req)), req.body.warning);
      return ok({ warning: req.body.warning }, '设置成功');
    },
  );

  app.get(
    '/amazon-user/getCompanyInfoTotalFreeze',
    { schema: { response: replies(totalFreezeData) }, config: view },
    async (req) => ok({ total_freeze: await totalFreeze(deps, authOf(req).tenantId), currency: 'CNY' }),
  );

  app.get(
    '/finance/entries',
    { schema: { querystring: entriesQuery, response: replies(entriesPage) }, config: view },
    async (req) => {
      const r = await statement(deps, authOf(req).user, req.query);
      return ok({ list: r.rows.map(presentEntry), total: r.total, page: req.query.page, pageSize: req.query.pageSize });
    },
  );

  app.get(
    '/finance/entries/export',
    { schema: { querystring: entriesExportQuery, response: fileReplies([XLSX]) }, config: view },
    async (req, reply) => {
      const auth = authOf(req);
      const rows = await statementForExport(deps, auth.user, req.query);
      const book = await statementWorkbook(rows.map(presentEntry), await tenantTimeZone(deps.db, auth.tenantId));
      return reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent('财务明细.xlsx')}`)
        .send(book);
    },
  );

  app.get(
    '/finance/purchase',
    { schema: { querystring: purchaseQuery, response: replies(purchasePage) }, config: view },
    async (req) => {
      const r = await purchases(deps, authOf(req).user, req.query);
      return ok({ list: r.rows, total: r.total, page: req.query.page, pageSize: req.query.pageSize });
    },
  );

  app.post(
    '/finance/deposit/pay',
    { schema: { body: depositPayBody, response: replies(postedEntry) }, config: { access: 'finance.payMargin' } },
    async (req) => {
      const auth = authOf(req);
      return ok(posted(await payOwnDeposit(deps, actorOf(req, auth), req.body.amount, req.body.idem_key)), '缴纳成功');
    },
  );

  app.get(
    '/finance/clients',
    { schema: { querystring: financeClientsQuery, response: replies(financeClients) }, config: review },
    async (req) => ok(await clients(deps, authOf(req).user, req.query.keyword)),
  );

  app.get(
    '/finance/express-log',
    { schema: { querystring: expressLogQuery, response: replies(bookEntriesPage) }, config: review },
    async (req) => {
      const r = await expressLog(deps, authOf(req).user, req.query);
      return ok({
        list: r.rows.map((e) => ({ ...presentEntry(e), account: e.account })),
        total: r.total,
        page: req.query.page,
        pageSize: req.query.pageSize,
      });
    },
  );

  app.post(
    '/finance/adjust',
    { schema: { body: adjustBody, response: replies(postedEntry) }, config: review },
    async (req) => {
      const auth = authOf(req);
      return ok(posted(await adjustClient(deps, actorOf(req, auth), auth.user, req.body)), '调整成功');
    },
  );

  app.post(
    '/finance/credit-limit',
    { schema: { body: creditLimitBody, response: replies(creditLimitData) }, config: review },
    async (req) => {
      const auth = authOf(req);
      const { uid, credit_limit } = req.body;
      return ok(await setClientCreditLimit(deps, actorOf(req, auth), auth.user, uid, credit_limit), '设置成功');
    },
  );

  app.post(
    '/finance/deposit/return',
    { schema: { body: depositReturnBody, response: replies(postedEntry) }, config: review },
    async (req) => {
      const auth = authOf(req);
      return ok(posted(await returnClientDeposit(deps, actorOf(req, auth), auth.user, req.body)), '退还成功');
    },
  );

  app.post(
    '/finance/reverse',
    { schema: { body: reverseBody, response: replies(postedEntry) }, config: review },
    async (req) => {
      const auth = authOf(req);
      return ok(posted(await reverseClientEntry(deps, actorOf(req, auth), auth.user, req.body)), '冲正成功');
    },
  );
}
