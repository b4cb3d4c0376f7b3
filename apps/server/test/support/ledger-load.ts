import type { AppDeps } from '../../src/context.js';
import type { Database } from '../../src/db/database.js';
import type { UserRow } from '../../src/db/types.js';
import { insertTopup } from '../../src/modules/finance/finance.repository.js';
import * as ledger from '../../src/modules/finance/ledger.service.js';
import { approveTopup } from '../../src/modules/finance/topup.service.js';

/**
 * A mixed money load for the concurrency test, the crash test and `npm run bench:ledger`:
 * `clients` concurrent clients each send their share of `ops` operations (top-ups approved by
 * the operator or posted directly, deductions, freezes, releases) on random tenants, and
 * `retryRate` of them are sent twice with the same idempotency key (half at once, half after
 * the first answer). Deterministic for a seed, apart from the interleaving.
 */
export interface LoadOptions {
  clients: number;
  ops: number;
  tenants: readonly number[];
  retryRate: number;
  seed: number;
  /** Prefix of every idempotency key and reference (one per run of a test). */
  prefix: string;
  /** Top-ups go through the review (submitted and approved by this operator); else `ledger.topUp`. */
  approvals?: { deps: AppDeps; operator: UserRow };
  /** Called with every posting the ledger acknowledged (first answers and replays). */
  onAck?: (ack: Ack) => void;
}

/** One acknowledged posting. */
export interface Ack {
  key: string;
  tenantId: number;
  entryId: number;
  replayed: boolean;
  available: number;
  frozen: number;
}

/** What the load did and what the ledger must now hold. */
export interface LoadResult {
  /** Expected available and frozen per tenant, from the acknowledged operations' own amounts. */
  expected: Map<number, { available: number; frozen: number }>;
  /** Entry id per idempotency key (a retry answered another id: a duplicate). */
  entries: Map<string, number>;
  acked: number;
  refused: number;
  retried: number;
  duplicates: string[];
  ms: number;
}

/** mulberry32: a small seeded generator. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Op =
  | { kind: 'topup'; tenantId: number; amount: number; key: string }
  | { kind: 'charge'; tenantId: number; amount: number; key: string }
  | { kind: 'freeze'; tenantId: number; amount: number; key: string; ref: string }
  | { kind: 'release'; tenantId: number; key: string; ref: string; amount: number };

/** Runs the load; refusals (余额不足, a release of a freeze that failed) are counted, not thrown. */
export async function runLedgerLoad(db: Database, o: LoadOptions): Promise<LoadResult> {
  const expected = new Map(o.tenants.map((id) => [id, { available: 0, frozen: 0 }]));
  const entries = new Map<string, number>();
  const duplicates: string[] = [];
  let acked = 0;
  let refused = 0;
  let retried = 0;
  const perClient = Math.ceil(o.ops / o.clients);
  const started = performance.now();

  const ack = (op: Op, e: ledger.LedgerEntry) => {
    const seen = entries.get(op.key);
    if (seen !== undefined && seen !== e.id) duplicates.push(op.key);
    o.onAck?.({
      key: op.key,
      tenantId: op.tenantId,
      entryId: e.id,
      replayed: e.replayed,
      available: e.available_change,
      frozen: e.frozen_change,
    });
    if (seen !== undefined) return;
    entries.set(op.key, e.id);
    acked++;
    const m = expected.get(op.tenantId)!;
    if (op.kind === 'topup') m.available += op.amount;
    else if (op.kind === 'charge') m.available -= op.amount;
    else if (op.kind === 'freeze') {
      m.available -= op.amount;
      m.frozen += op.amount;
    } else {
      m.available += op.amount;
      m.frozen -= op.amount;
    }
  };

  async function send(op: Op, topupId: number | undefined): Promise<ledger.LedgerEntry | null> {
    const ref = { type: 'order' as const, id: op.key };
    try {
      if (op.kind === 'topup') {
        if (o.approvals && topupId !== undefined) {
          const { deps, operator } = o.approvals;
          const actor = {
            userId: operator.id,
            tenantId: operator.tenant_id,
            account: operator.account,
            ip: '',
            requestId: 'load',
          };
          const row = await approveTopup(deps, actor, operator, topupId);
          return {
            ...(await ledger.topUp(db, {
              tenantId: op.tenantId,
              idemKey: `topup:${row.id}`,
              ref: { type: 'topup', id: String(row.id) },
              amount: op.amount,
            })),
          };
        }
        return await ledger.topUp(db, {
          tenantId: op.tenantId,
          idemKey: op.key,
          ref: { type: 'topup', id: op.key },
          amount: op.amount,
        });
      }
      if (op.kind === 'charge')
        return await ledger.charge(db, {
          tenantId: op.tenantId,
          idemKey: op.key,
          ref,
          amount: op.amount,
          fee: 'logisticsFee',
        });
      if (op.kind === 'freeze')
        return await ledger.freeze(db, {
          tenantId: op.tenantId,
          idemKey: op.key,
          ref: { type: 'waybill', id: op.ref },
          amount: op.amount,
          fee: 'logisticsFee',
        });
      return await ledger.releaseFreeze(db, {
        tenantId: op.tenantId,
        idemKey: op.key,
        ref: { type: 'waybill', id: op.ref },
      });
    } catch (err) {
      const status = (err as { status?: number }).status;
      // 400 余额不足, 404 nothing frozen (its freeze was refused), 409 a top-up already approved.
      if (status === 400 || status === 404 || status === 409) return null;
      throw err;
    }
  }

  async function client(c: number) {
    const rand = rng(o.seed * 1000 + c);
    const held: { tenantId: number; ref: string; amount: number }[] = [];
    for (let i = 0; i < perClient && c * perClient + i < o.ops; i++) {
      const key = `${o.prefix}-c${c}-${i}`;
      const tenantId = o.tenants[Math.floor(rand() * o.tenants.length)]!;
      const amount = 1 + Math.floor(rand() * 3_000);
      const r = rand();
      let op: Op;
      if (r < 0.3) op = { kind: 'topup', tenantId, amount: amount * 2, key };
      else if (r < 0.65) op = { kind: 'charge', tenantId, amount, key };
      else if (r < 0.85 || held.length === 0) op = { kind: 'freeze', tenantId, amount, key, ref: key };
      else {
        const f = held.splice(Math.floor(rand() * held.length), 1)[0]!;
        op = { kind: 'release', tenantId: f.tenantId, key, ref: f.ref, amount: f.amount };
      }
      const retry = rand() < o.retryRate;
      const together = rand() < 0.5;
      let topupId: number | undefined;
      if (op.kind === 'topup' && o.approvals) {
        topupId = (
          await insertTopup(db, {
            tenant_id: tenantId,
            book_id: 0,
            amount: op.amount,
            channel: 'bank',
            payer: 'load',
            reference: key,
            paid_at: new Date(),
            proof_key: `t${tenantId}/2026/01/00000000-0000-0000-0000-000000000000.png`,
            note: '',
            created_by: tenantId,
          })
        ).id;
        // The approval's key is the top-up's: a retry is a second click on the same row.
        op = { ...op, key: `topup:${topupId}` };
      }
      const answers =
        retry && together
          ? await Promise.all([send(op, topupId), send(op, topupId)])
          : [await send(op, topupId), ...(retry ? [await send(op, topupId)] : [])];
      if (retry) retried++;
      const posted = answers.filter((e): e is ledger.LedgerEntry => e !== null);
      if (posted.length === 0) refused++;
      for (const e of posted) ack(op, e);
      // Held whatever the answer, so the operations (and keys) are the same in every run of a seed.
      if (op.kind === 'freeze') held.push({ tenantId, ref: op.ref, amount: op.amount });
    }
  }

  await Promise.all(Array.from({ length: o.clients }, (_, c) => client(c)));
  return { expected, entries, acked, refused, retried, duplicates, ms: performance.now() - started };
}
