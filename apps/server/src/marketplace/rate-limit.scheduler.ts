import type { Database } from '../db/database.js';
import { adoptRate, drainBucket, peekBucket, refundToken, reserveToken } from './rate-limit.repository.js';
import { bookedBurst, parseRateLimitHeader, type SpApiOperation, USAGE_PLANS } from './rate-limits.js';

/** The outcome of asking for a request slot. */
export type Reservation = { granted: true; waitMs: number } | { granted: false; waitMs: number };

/**
 * The one rate-limit scheduler of the store group: a token bucket per (selling partner,
 * operation) with the usage plans of `rate-limits.ts` (one token of each burst kept back as a
 * cushion against jitter, `bookedBurst`). `reserve` books the next slot and says how long to
 * wait for it; the caller sleeps, then sends.
 */
export interface RateLimitScheduler {
  /**
   * Books one request. With `maxWaitMs`, a slot further away than that is not booked
   * (`granted: false` with the wait it would have been), so a job can come back later.
   */
  reserve(sellerId: string, operation: SpApiOperation, opts?: { maxWaitMs?: number }): Promise<Reservation>;
  /** Reads `x-amzn-RateLimit-Limit` of an answer and adopts the rate when it differs. */
  observe(sellerId: string, operation: SpApiOperation, rateLimitHeader: string | null): Promise<void>;
  /** After a 429: empty the bucket so every process backs off. */
  throttled(sellerId: string, operation: SpApiOperation): Promise<void>;
  /** Expected wait in ms before `count` more requests of the operation are sent (for ETAs). */
  estimateMs(sellerId: string, operation: SpApiOperation, count: number): Promise<number>;
  /** The time scale (1 in production; tests run the clock `scale` times faster). */
  readonly scale: number;
}

function waitFor(tokens: number, rate: number, scale: number): number {
  return tokens >= 0 ? 0 : Math.ceil((-tokens / (rate * scale)) * 1000);
}

/**
 * The scheduler shared by every server process through PostgreSQL (`spapi_rate_buckets`):
 * reservations are one atomic upsert each on the database's clock.
 */
export class PgRateLimitScheduler implements RateLimitScheduler {
  /** The rate last read from a header per bucket, so an unchanged header costs no query. */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly db: Database,
    readonly scale = 1,
  ) {}

  async reserve(sellerId: string, operation: SpApiOperation, opts: { maxWaitMs?: number } = {}): Promise<Reservation> {
    const plan = USAGE_PLANS[operation];
    const state = await reserveToken(this.db, {
      sellerId,
      operation,
      rate: plan.rate,
      burst: bookedBurst(operation),
      scale: this.scale,
    });
    const waitMs = waitFor(state.tokens, state.rate, this.scale);
    if (opts.maxWaitMs !== undefined && waitMs > opts.maxWaitMs) {
      await refundToken(this.db, sellerId, operation);
      return { granted: false, waitMs };
    }
    return { granted: true, waitMs };
  }

  async observe(sellerId: string, operation: SpApiOperation, header: string | null): Promise<void> {
    const rate = parseRateLimitHeader(header);
    const key = `${sellerId}\u0000${operation}`;
    if (rate === undefined || this.seen.get(key) === rate) return;
    await adoptRate(this.db, { sellerId, operation, rate, scale: this.scale });
    this.seen.set(key, rate);
  }

  async throttled(sellerId: string, operation: SpApiOperation): Promise<void> {
    await drainBucket(this.db, { sellerId, operation, scale: this.scale });
  }

  async estimateMs(sellerId: string, operation: SpApiOperation, count: number): Promise<number> {
    const plan = USAGE_PLANS[operation];
    const b = (await peekBucket(this.db, { sellerId, operation, scale: this.scale })) ?? {
      tokens: bookedBurst(operation),
      rate: plan.rate,
      burst: bookedBurst(operation),
    };
    return waitFor(b.tokens - count, b.rate, this.scale);
  }
}

/**
 * The same buckets in one process's memory: for tools and tests that run without a database
 * (the simulator's command line, unit tests). Never for several server processes.
 */
export class MemoryRateLimitScheduler implements RateLimitScheduler {
  private readonly buckets = new Map<string, { tokens: number; rate: number; at: number }>();

  constructor(readonly scale = 1) {}

  private refill(sellerId: string, operation: SpApiOperation) {
    const plan = USAGE_PLANS[operation];
    const key = `${sellerId}\u0000${operation}`;
    const now = performance.now();
    const burst = bookedBurst(operation);
    const b = this.buckets.get(key) ?? { tokens: burst, rate: plan.rate, at: now };
    b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 1000) * b.rate * this.scale);
    b.at = now;
    this.buckets.set(key, b);
    return b;
  }

  async reserve(sellerId: string, operation: SpApiOperation, opts: { maxWaitMs?: number } = {}): Promise<Reservation> {
    const b = this.refill(sellerId, operation);
    const waitMs = waitFor(b.tokens - 1, b.rate, this.scale);
    if (opts.maxWaitMs !== undefined && waitMs > opts.maxWaitMs) return { granted: false, waitMs };
    b.tokens -= 1;
    return { granted: true, waitMs };
  }

  async observe(sellerId: string, operation: SpApiOperation, header: string | null): Promise<void> {
    const rate = parseRateLimitHeader(header);
    if (rate !== undefined) this.refill(sellerId, operation).rate = rate;
  }

  async throttled(sellerId: string, operation: SpApiOperation): Promise<void> {
    const b = this.refill(sellerId, operation);
    b.tokens = Math.min(b.tokens, 0);
  }

  async estimateMs(sellerId: string, operation: SpApiOperation, count: number): Promise<number> {
    const b = this.refill(sellerId, operation);
    return waitFor(b.tokens - count, b.rate, this.scale);
  }
}
