import { mapBatches, splitBatches } from '../batching.js';
import { DEFAULT_RETRY, genericFailure, type HttpAnswer, sendWithRetry } from '../http-retry.js';
import { keyOfCode, providerCode } from '../language-codes.js';
import type { ProviderOptions, TextFormat, TranslateResult, TranslationProvider } from '../provider.js';
import { translateError } from '../translate-errors.js';

/** Google documents at most 128 segments per request; characters are kept to its recommended 5,000. */
export const GOOGLE_LIMITS = { segments: 128, chars: 5000 };

type GoogleBody = {
  data?: { translations?: { translatedText?: unknown; detectedSourceLanguage?: unknown }[] };
  error?: { code?: number; message?: string; errors?: { reason?: string }[] };
};

/** Maps a final Google error answer (`{error: {code, message, errors: [{reason}]}}`) to a Chinese message. */
function googleFailure(a: HttpAnswer) {
  const err = (a.body as GoogleBody | null)?.error;
  const reasons = (err?.errors ?? []).map((e) => e.reason ?? '');
  const text = `${reasons.join(' ')} ${err?.message ?? ''}`;
  if (/keyInvalid|API key not valid|keyExpired/i.test(text)) return translateError('auth');
  if (/dailyLimitExceeded|quotaExceeded|billing/i.test(text)) return translateError('quota');
  if (/rateLimitExceeded/i.test(text)) return translateError('rateLimited');
  if (a.status === 400) return translateError('rejected', err?.message ?? 'Bad Request');
  return genericFailure(a.status);
}

/** Google Cloud Translation v2 (REST, API key in the query). */
export class GoogleProvider implements TranslationProvider {
  readonly name = 'google' as const;
  constructor(private readonly opts: ProviderOptions) {}

  async translate(texts: string[], target: string, source: string, format: TextFormat): Promise<TranslateResult> {
    const base = (this.opts.baseUrl || 'https://translation.googleapis.com').replace(/\/+$/, '');
    const url = `${base}/language/translate/v2?key=${encodeURIComponent(this.opts.apiKey)}`;
    const batches = splitBatches(texts, GOOGLE_LIMITS.segments, GOOGLE_LIMITS.chars);
    return mapBatches(batches, async (q) => {
      const body: Record<string, unknown> = { q, target: providerCode(target, 'google'), format };
      if (source !== 'auto') body.source = providerCode(source, 'google');
      const a = await sendWithRetry(
        url,
        { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) },
        this.opts.retry ?? DEFAULT_RETRY,
      );
      if (a.status !== 200) throw googleFailure(a);
      const list = (a.body as GoogleBody | null)?.data?.translations;
      if (!Array.isArray(list) || list.length !== q.length || list.some((t) => typeof t.translatedText !== 'string')) {
        throw translateError('badAnswer');
      }
      return {
        translations: list.map((t) => String(t.translatedText)),
        detected: source === 'auto' ? list.map((t) => keyOfCode(String(t.detectedSourceLanguage ?? ''))) : [],
      };
    });
  }
}
