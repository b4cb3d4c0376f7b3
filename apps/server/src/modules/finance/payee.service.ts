import { TOPUP_CHANNELS } from '@console/shared/constants/finance';
import { PAYEE_ACCOUNTS_MAX, type PayeeAccount, type PayeeSaveBody } from '@console/shared/schemas/finance-payee';
import type { Actor, AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import type { FileStorage } from '../files/file-storage.js';
import { audit } from '../system/audit.js';
import { bookOf } from './finance.service.js';
import {
  countPayeesLocked,
  deletePayee,
  findPayee,
  insertPayee,
  listPayees,
  payeeQrOf,
  updatePayee,
} from './payee.repository.js';
import { bookIdOf } from './topup.service.js';

const NOT_FOUND = '收款账户不存在';
/** A stored image of the keeper's own files (what `POST /finance/payee/qr` answers). */
const QR_KEY = /^t(\d+)\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/;

type PayeeRow = Awaited<ReturnType<typeof listPayees>>[number];

/** A payee account as the screens show it (the QR image through its own route: the reader may be a client). */
export function presentPayee(p: PayeeRow): PayeeAccount {
  const qr = p.qr_key ? `/PDD/finance/payee/qr-file?id=${p.id}` : '';
  return {
    id: p.id,
    kind: p.kind,
    kind_name: TOPUP_CHANNELS[p.kind],
    bank_name: p.bank_name,
    account_name: p.account_name,
    account_no: p.account_no,
    branch: p.branch,
    qr_key: p.qr_key,
    qr_url: qr,
    qr_thumb: qr ? `${qr}&thumb=1` : '',
    note: p.note,
    sort: p.sort,
  };
}

/** The fields a kind keeps (the others are cleared, so a bank account never shows a stale QR). */
function fieldsOf(body: PayeeSaveBody) {
  const bank = body.kind === 'bank';
  return {
    kind: body.kind,
    bank_name: bank ? body.bank_name : '',
    account_name: body.account_name,
    account_no: body.kind === 'wechat' ? '' : body.account_no,
    branch: bank ? body.branch : '',
    qr_key: body.kind === 'wechat' ? body.qr_key : '',
    note: body.note,
    sort: body.sort,
  };
}

/** The payee accounts of the reviewer's book (收款账户 tab of 物流充值). */
export async function bookPayees(deps: AppDeps, user: UserRow) {
  return (await listPayees(deps.db, bookOf(deps, user))).map(presentPayee);
}

/** The payee accounts of the book that keeps the caller's tenant's money (提交充值): never another book's. */
export async function ownPayees(deps: AppDeps, tenantId: number) {
  return (await listPayees(deps.db, await bookIdOf(deps, tenantId))).map(presentPayee);
}

/**
 * Adds or changes a payee account of the reviewer's book. A new QR image must be one the
 * reviewer's tenant uploaded (`POST /finance/payee/qr`) and still stored; a book keeps at most
 * PAYEE_ACCOUNTS_MAX accounts. Audited.
 */
export async function savePayee(deps: AppDeps, storage: FileStorage, actor: Actor, user: UserRow, body: PayeeSaveBody) {
  const bookId = bookOf(deps, user);
  const fields = fieldsOf(body);
  return deps.db.transaction().execute(async (trx) => {
    const before = body.id === undefined ? undefined : await findPayee(trx, bookId, body.id);
    if (body.id !== undefined && !before) throw notFound(NOT_FOUND);
    if (fields.qr_key && fields.qr_key !== before?.qr_key) {
      const m = QR_KEY.exec(fields.qr_key);
      if (!m || Number(m[1]) !== actor.tenantId || !(await storage.exists(fields.qr_key)))
        throw badRequest('收款码图片不存在,请重新上传');
    }
    let row: PayeeRow | undefined;
    if (body.id === undefined) {
      if ((await countPayeesLocked(trx, bookId)) >= PAYEE_ACCOUNTS_MAX)
        throw badRequest(`收款账户最多${PAYEE_ACCOUNTS_MAX}个`);
      row = await insertPayee(trx, { ...fields, book_id: bookId, created_by: actor.userId });
    } else row = await updatePayee(trx, bookId, body.id, fields);
    if (!row) throw notFound(NOT_FOUND);
    await audit(trx, actor, {
      action: 'finance.payee.save',
      targetType: 'finance_payee_account',
      targetId: row.id,
      ...(before ? { before: { kind: before.kind, account_no: before.account_no } } : {}),
      after: { kind: row.kind, account_name: row.account_name, account_no: row.account_no },
    });
    return presentPayee(row);
  });
}

/** Removes a payee account of the reviewer's book (another book's: 404). Audited. */
export async function removePayee(deps: AppDeps, actor: Actor, user: UserRow, id: number) {
  const bookId = bookOf(deps, user);
  await deps.db.transaction().execute(async (trx) => {
    const before = await findPayee(trx, bookId, id);
    if (!before || !(await deletePayee(trx, bookId, id))) throw notFound(NOT_FOUND);
    await audit(trx, actor, {
      action: 'finance.payee.delete',
      targetType: 'finance_payee_account',
      targetId: id,
      before: { kind: before.kind, account_name: before.account_name, account_no: before.account_no },
    });
  });
}

/**
 * The QR image of a payee account, for the clients of its book and for its keepers; anyone else
 * (another book's client or keeper) gets 404 as for a missing one.
 */
export async function payeeQrKey(deps: AppDeps, user: UserRow, canReview: boolean, id: number, thumb: boolean) {
  const row = await payeeQrOf(deps.db, id);
  if (!row?.qr_key) throw notFound(NOT_FOUND);
  const own = row.book_id === (await bookIdOf(deps, user.tenant_id));
  const keeper = canReview && row.book_id === bookOf(deps, user);
  if (!own && !keeper) throw notFound(NOT_FOUND);
  return thumb ? row.qr_key.replace(/\.(jpg|png|webp|gif)$/, '_w200.jpg') : row.qr_key;
}
