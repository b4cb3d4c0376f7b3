import { TRANSLATE_MSG, TranslateError, translateError } from './translate-errors.js';

/** Retry policy for 429 and 5xx answers: bounded attempts, exponential backoff, Retry-After honoured up to `maxDelayMs`. */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Production defaults: 4 attempts, 500 ms doubling, never more than 8 s between tries. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 500, maxDelayMs: 8000 };

/** A provider answer: status, parsed JSON body (or null) and headers. */
export interface HttpAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Delay before the next try: Retry-After (seconds or date) when given, else base * 2^n; capped. */
export function backoffDelay(policy: RetryPolicy, attempt: number, retryAfter: string | null): number {
  let ms = policy.baseDelayMs * 2 ** attempt;
  if (retryAfter) {
    const secs = Number(retryAfter);
    if (Number.isFinite(secs)) ms = secs * 1000;
    else {
      const at = Date.parse(retryAfter);
      if (!Number.isNaN(at)) ms = at - Date.now();
    }
  }
  return Math.max(0, Math.min(ms, policy.maxDelayMs));
}

/**
 * Sends a request, retrying 429 and 5xx answers (and network errors). `isFinal` may mark a 429
 * as not retryable (e.g. an exhausted quota reported as 429). Returns the last answer.
 */
export async function sendWithRetry(
  url: string,
  init: RequestInit,
  policy: RetryPolicy,
  isFinal: (a: HttpAnswer) => boolean = () => false,
): Promise<HttpAnswer> {
  let last: HttpAnswer | undefined;
  for (let attempt = 0; attempt < policy.attempts; attempt++) {
    let answer: HttpAnswer;
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
      const text = await res.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      answer = { status: res.status, body, headers: res.headers };
    } catch {
      if (attempt === policy.attempts - 1) throw new TranslateError(TRANSLATE_MSG.unavailable, 'unavailable');
      await sleep(backoffDelay(policy, attempt, null));
      continue;
    }
    last = answer;
    const retryable = answer.status === 429 || answer.status >= 500;
    if (!retryable || isFinal(answer) || attempt === policy.attempts - 1) return answer;
    await sleep(backoffDelay(policy, attempt, answer.headers.get('retry-after')));
  }
  if (!last) throw translateError('unavailable');
  return last;
}

/** The error for a final non-2xx answer that no provider-specific rule matched. */
export function genericFailure(status: number): TranslateError {
  if (status === 429) return translateError('rateLimited');
  if (status === 401 || status === 403) return translateError('auth');
  if (status >= 500) return translateError('unavailable');
  return translateError('rejected', `HTTP ${status}`);
}
