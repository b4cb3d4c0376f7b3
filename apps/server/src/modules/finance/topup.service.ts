import { usesTraderFinance } from '@console/shared/constants/finance';
import type { TopupAddBody, TopupListQuery } from '@console/shared/schemas/finance';
import type { Actor, AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import type { FileStorage } from '../files/file-storage.js';
import { storeImage } from '../files/images.service.js';
import { audit } from '../system/audit.js';
import { topupReviewed } from '../system/message-sources.service.js';
import {
  findBookTopup,
  findTenantTopup,
  insertTopup,
  listBookTopups,
  listTenantTopups,
  reviewTopup,
  setTopupEntry,
} from './finance.repository.js';
import { bookOf } from './finance.service.js';
import { findTenantBookFacts } from './ledger.repository.js';
import * as ledger from './ledger.service.js';

const IMAGE_KEY = /^t(\d+)\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/;
const NOT_FOUND = '充值记录不存在';

/** Stores a top-up's proof image (checked like product images) under the tenant's files. */
export async function storeProof(storage: FileStorage, tenantId: number, data: Buffer) {
  const image = await storeImage(storage, tenantId, data);
  const key = image.url.replace(/^\/PDD\/files\//, '');
  return { key, url: image.url, thumb: image.thumb };
}

/** Who keeps a tenant's money: 0 the platform, else its trader's uid (spec section 6 "trader finance"). */
export async function bookIdOf(deps: AppDeps, tenantId: number): Promise<number> {
  const facts = await findTenantBookFacts(deps.db, tenantId);
  if (!facts) throw notFound('账户不存在');
  return facts.auth !== 5 && facts.trader_id > 0 && usesTraderFinance(facts) ? facts.trader_id : 0;
}

/** Submits a top-up for review; the proof must be an image this tenant uploaded. */
export async function submitTopup(deps: AppDeps, storage: FileStorage, actor: Actor, body: TopupAddBody) {
  const m = IMAGE_KEY.exec(body.proof);
  if (!m || Number(m[1]) !== actor.tenantId || !(await storage.exists(body.proof)))
    throw badRequest('转账凭证不存在,请重新上传');
  const bookId = await bookIdOf(deps, actor.tenantId);
  return deps.db.transaction().execute(async (trx) => {
    const row = await insertTopup(trx, {
      tenant_id: actor.tenantId,
      book_id: bookId,
      amount: body.amount,
      channel: body.channel,
      payer: body.payer,
      reference: body.reference,
      paid_at: new Date(body.paid_at * 1000),
      proof_key: body.proof,
      note: body.note ?? '',
      created_by: actor.userId,
    });
    await audit(trx, actor, {
      action: 'finance.topup.submit',
      targetType: 'finance_topup',
      targetId: row.id,
      after: { amount: body.amount, channel: body.channel },
    });
    const saved = await findTenantTopup(trx, actor.tenantId, row.id);
    if (!saved) throw notFound(NOT_FOUND);
    return saved;
  });
}

/** One page of the caller's tenant's top-ups. */
export function ownTopups(deps: AppDeps, tenantId: number, q: TopupListQuery) {
  return listTenantTopups(deps.db, tenantId, q);
}

/** One page of the top-ups the reviewer's book holds (never another trader's clients). */
export function reviewTopups(deps: AppDeps, user: UserRow, q: TopupListQuery) {
  return listBookTopups(deps.db, bookOf(deps, user), q);
}

/**
 * Approves a pending top-up and posts it to the ledger, exactly once: the status change and the
 * entry commit together, and of two reviewers clicking at once the second finds it reviewed (409).
 */
export async function approveTopup(deps: AppDeps, actor: Actor, user: UserRow, id: number) {
  const bookId = bookOf(deps, user);
  return deps.db.transaction().execute(async (trx) => {
    const row = await reviewTopup(trx, bookId, id, { status: 1, reason: '', reviewer_id: actor.userId });
    if (!row) throw (await findBookTopup(trx, bookId, id)) ? conflict('该充值已审核,请刷新') : notFound(NOT_FOUND);
    const entry = await ledger.topUp(trx, {
      tenantId: row.tenant_id,
      idemKey: `topup:${row.id}`,
      ref: { type: 'topup', id: String(row.id) },
      currency: row.currency,
      amount: row.amount,
      createdBy: actor.userId,
    });
    await setTopupEntry(trx, bookId, row.id, entry.id);
    await audit(trx, actor, {
      action: 'finance.topup.approve',
      targetType: 'finance_topup',
      targetId: row.id,
      after: { uid: row.tenant_id, amount: row.amount, entry_id: entry.id },
    });
    await topupReviewed(trx, row);
    const saved = await findBookTopup(trx, bookId, id);
    if (!saved) throw notFound(NOT_FOUND);
    return saved;
  });
}

/** Refuses a pending top-up with a reason (nothing is posted). */
export async function refuseTopup(deps: AppDeps, actor: Actor, user: UserRow, id: number, reason: string) {
  const bookId = bookOf(deps, user);
  return deps.db.transaction().execute(async (trx) => {
    const row = await reviewTopup(trx, bookId, id, { status: 2, reason, reviewer_id: actor.userId });
    if (!row) throw (await findBookTopup(trx, bookId, id)) ? conflict('该充值已审核,请刷新') : notFound(NOT_FOUND);
    await audit(trx, actor, {
      action: 'finance.topup.refuse',
      targetType: 'finance_topup',
      targetId: row.id,
      after: { uid: row.tenant_id, amount: row.amount, reason },
    });
    await topupReviewed(trx, row, reason);
    const saved = await findBookTopup(trx, bookId, id);
    if (!saved) throw notFound(NOT_FOUND);
    return saved;
  });
}

/**
 * The proof image of a top-up, for its tenant or for the reviewer whose book holds it (a
 * trader cannot read its clients' files through `/files/*`, which serves only the own tenant's).
 */
export async function proofKeyFor(deps: AppDeps, user: UserRow, canReview: boolean, id: number, thumb: boolean) {
  const own = await findTenantTopup(deps.db, user.tenant_id, id);
  const row = own ?? (canReview ? await findBookTopup(deps.db, bookOf(deps, user), id) : undefined);
  if (!row) throw notFound(NOT_FOUND);
  return thumb ? row.proof_key.replace(/\.(jpg|png|webp|gif)$/, '_w200.jpg') : row.proof_key;
}
