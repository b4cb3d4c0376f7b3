import { mapBatches, splitBatches } from '../batching.js';
import { DEFAULT_RETRY, genericFailure, sendWithRetry } from '../http-retry.js';
import { keyOfCode, providerCode } from '../language-codes.js';
import type { ProviderOptions, TextFormat, TranslateResult, TranslationProvider } from '../provider.js';
import { translateError } from '../translate-errors.js';

/** LibreTranslate servers cap texts per request (batch limit) and characters (char limit); these fit the common defaults. */
export const LIBRE_LIMITS = { texts: 25, chars: 5000 };

type LibreBody = {
  translatedText?: unknown;
  detectedLanguage?: { language?: string }[] | { language?: string };
  error?: string;
};

/** LibreTranslate (`POST /translate`, `api_key` in the body; self-hosted or libretranslate.com). */
export class LibreTranslateProvider implements TranslationProvider {
  readonly name = 'libretranslate' as const;
  constructor(private readonly opts: ProviderOptions) {}

  async translate(texts: string[], target: string, source: string, format: TextFormat): Promise<TranslateResult> {
    const url = `${(this.opts.baseUrl || 'https://libretranslate.com').replace(/\/+$/, '')}/translate`;
    return mapBatches(splitBatches(texts, LIBRE_LIMITS.texts, LIBRE_LIMITS.chars), async (q) => {
      const body: Record<string, unknown> = {
        q,
        source: providerCode(source, 'libre'),
        target: providerCode(target, 'libre'),
        format,
      };
      if (this.opts.apiKey) body.api_key = this.opts.apiKey;
      const a = await sendWithRetry(
        url,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        this.opts.retry ?? DEFAULT_RETRY,
      );
      const b = a.body as LibreBody | null;
      if (a.status === 403) {
        throw /quota|limit/i.test(b?.error ?? '') ? translateError('quota') : translateError('auth');
      }
      if (a.status === 400) throw translateError('rejected', b?.error ?? 'Bad Request');
      if (a.status !== 200) throw genericFailure(a.status);
      const out = b?.translatedText;
      if (!Array.isArray(out) || out.length !== q.length || out.some((t) => typeof t !== 'string')) {
        throw translateError('badAnswer');
      }
      const det = Array.isArray(b?.detectedLanguage) ? b.detectedLanguage : [];
      return {
        translations: out.map(String),
        detected: source === 'auto' ? q.map((_, i) => keyOfCode(det[i]?.language ?? '')) : [],
      };
    });
  }
}
