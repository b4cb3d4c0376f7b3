import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import './marketplace.tables.js';

/** What a reservation left in the bucket: tokens after taking one (negative: reservations queued) and the rate. */
export interface BucketState {
  tokens: number;
  rate: number;
}

/**
 * Takes one token from the (seller, operation) bucket in one atomic statement: the row is
 * created full on first use, refilled by the time since its last change at `rate * scale`
 * (capped at `burst`), then decremented. The row lock serializes concurrent reservations of
 * every process; the clock is the database's, so processes need not agree on time.
 */
export async function reserveToken(
  db: Database,
  p: { sellerId: string; operation: string; rate: number; burst: number; scale: number },
): Promise<BucketState> {
  const r = await sql<BucketState>`
    insert into spapi_rate_buckets as b (seller_id, operation, tokens, rate, burst, updated_at)
    values (${p.sellerId}, ${p.operation}, ${p.burst - 1}, ${p.rate}, ${p.burst}, clock_timestamp())
    on conflict (seller_id, operation) do update set
      tokens = least(${p.burst}::float8,
        b.tokens + greatest(0, extract(epoch from clock_timestamp() - b.updated_at)) * b.rate * ${p.scale}::float8) - 1,
      burst = ${p.burst},
      updated_at = clock_timestamp()
    returning tokens, rate`.execute(db);
  return r.rows[0]!;
}

/** Gives back a token reserved but not used (the caller chose not to wait for it). */
export async function refundToken(db: Database, sellerId: string, operation: string): Promise<void> {
  await sql`
    update spapi_rate_buckets set tokens = least(burst, tokens + 1)
    where seller_id = ${sellerId} and operation = ${operation}`.execute(db);
}

/** Sets the rate Amazon reported in `x-amzn-RateLimit-Limit` (refilling first at the old rate). */
export async function adoptRate(
  db: Database,
  p: { sellerId: string; operation: string; rate: number; scale: number },
): Promise<void> {
  await sql`
    update spapi_rate_buckets as b set
      tokens = least(b.burst, b.tokens + greatest(0, extract(epoch from clock_timestamp() - b.updated_at)) * b.rate * ${p.scale}::float8),
      rate = ${p.rate},
      updated_at = clock_timestamp()
    where seller_id = ${p.sellerId} and operation = ${p.operation} and rate <> ${p.rate}`.execute(db);
}

/**
 * After a 429: nothing is left in the bucket, so every process waits a full interval. The
 * bucket is refilled to this moment first (as every other change does): resetting its clock
 * alone would drop the refill since the last reservation, and push every queued one later.
 */
export async function drainBucket(
  db: Database,
  p: { sellerId: string; operation: string; scale: number },
): Promise<void> {
  await sql`
    update spapi_rate_buckets as b set
      tokens = least(0, b.burst, b.tokens + greatest(0, extract(epoch from clock_timestamp() - b.updated_at)) * b.rate * ${p.scale}::float8),
      updated_at = clock_timestamp()
    where seller_id = ${p.sellerId} and operation = ${p.operation}`.execute(db);
}

/** The bucket as it is now (refilled to this moment), or undefined before its first use. */
export async function peekBucket(
  db: Database,
  p: { sellerId: string; operation: string; scale: number },
): Promise<(BucketState & { burst: number }) | undefined> {
  const r = await sql<BucketState & { burst: number }>`
    select least(burst, tokens + greatest(0, extract(epoch from clock_timestamp() - updated_at)) * rate * ${p.scale}::float8) as tokens,
      rate, burst
    from spapi_rate_buckets where seller_id = ${p.sellerId} and operation = ${p.operation}`.execute(db);
  return r.rows[0];
}
