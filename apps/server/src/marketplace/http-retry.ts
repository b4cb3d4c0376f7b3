/**
 * Retries of calls to Amazon (SP-API and LWA): bounded attempts with exponential backoff and
 * jitter, all delays divided by the time scale so tests run them fast.
 */

/** How often and how patiently a call is retried. */
export interface RetryPolicy {
  /** Attempts in all (the first one included). */
  attempts: number;
  /** Backoff before the second attempt; doubles per attempt. */
  baseMs: number;
  /** No single backoff is longer than this. */
  capMs: number;
}

/** Production defaults: 6 attempts, 1 s doubling up to 30 s (about a minute in all before giving up). */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseMs: 1000, capMs: 30_000 };

/**
 * The wait before attempt `attempt + 1` ("equal jitter": half the exponential delay fixed,
 * half random, so processes that were throttled together do not retry together).
 */
export function backoffMs(policy: RetryPolicy, attempt: number, scale = 1, random: () => number = Math.random): number {
  const exp = Math.min(policy.capMs, policy.baseMs * 2 ** attempt);
  return (exp / 2 + random() * (exp / 2)) / scale;
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/** One HTTP answer read completely. */
export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** What went wrong before an answer arrived. */
export type TransportFailure = 'timeout' | 'network';

/**
 * Sends one request with a timeout and reads the whole body; a transport failure is returned,
 * not thrown, so the caller's retry loop decides.
 */
export async function sendOnce(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<RawAnswer | TransportFailure> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text };
  } catch (err) {
    const name = (err as { name?: string } | null)?.name;
    return name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network';
  }
}

/** A body parsed as JSON, or `undefined` when it is not JSON. */
export function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
