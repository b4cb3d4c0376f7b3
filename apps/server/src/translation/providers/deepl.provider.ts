import { mapBatches, splitBatches } from '../batching.js';
import { DEFAULT_RETRY, genericFailure, sendWithRetry } from '../http-retry.js';
import { keyOfCode, providerCode } from '../language-codes.js';
import type { ProviderOptions, TextFormat, TranslateResult, TranslationProvider } from '../provider.js';
import { translateError } from '../translate-errors.js';

/** DeepL /v2/translate: at most 50 texts per request and a request body of at most 128 KiB (kept under with a margin). */
export const DEEPL_LIMITS = { texts: 50, bodyBytes: 120 * 1024 };

/** Free-plan keys end with `:fx` and must use the free host. */
export function deeplBaseUrl(apiKey: string, override?: string): string {
  if (override) return override.replace(/\/+$/, '');
  return apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com';
}

type DeeplBody = { translations?: { text?: unknown; detected_source_language?: unknown }[]; message?: string };

/** DeepL API (free and pro hosts, `Authorization: DeepL-Auth-Key`). */
export class DeeplProvider implements TranslationProvider {
  readonly name = 'deepl' as const;
  constructor(private readonly opts: ProviderOptions) {}

  async translate(texts: string[], target: string, source: string, format: TextFormat): Promise<TranslateResult> {
    const url = `${deeplBaseUrl(this.opts.apiKey, this.opts.baseUrl)}/v2/translate`;
    // JSON string escaping can grow a text; count its encoded size plus separators.
    const size = (t: string) => Buffer.byteLength(JSON.stringify(t)) + 1;
    const batches = splitBatches(texts, DEEPL_LIMITS.texts, DEEPL_LIMITS.bodyBytes - 512, size);
    return mapBatches(batches, async (text) => {
      const body: Record<string, unknown> = { text, target_lang: providerCode(target, 'deeplTarget') };
      if (source !== 'auto') body.source_lang = providerCode(source, 'deeplSource');
      if (format === 'html') body.tag_handling = 'html';
      const a = await sendWithRetry(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `DeepL-Auth-Key ${this.opts.apiKey}` },
          body: JSON.stringify(body),
        },
        this.opts.retry ?? DEFAULT_RETRY,
      );
      if (a.status === 456) throw translateError('quota');
      if (a.status === 403 || a.status === 401) throw translateError('auth');
      if (a.status === 413 || a.status === 414) throw translateError('rejected', '请求过大');
      if (a.status === 400) throw translateError('rejected', (a.body as DeeplBody | null)?.message ?? 'Bad Request');
      if (a.status !== 200) throw genericFailure(a.status);
      const list = (a.body as DeeplBody | null)?.translations;
      if (!Array.isArray(list) || list.length !== text.length || list.some((t) => typeof t.text !== 'string')) {
        throw translateError('badAnswer');
      }
      return {
        translations: list.map((t) => String(t.text)),
        detected: source === 'auto' ? list.map((t) => keyOfCode(String(t.detected_source_language ?? ''))) : [],
      };
    });
  }
}
