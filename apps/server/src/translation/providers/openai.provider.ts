import { mapBatches, splitBatches } from '../batching.js';
import { DEFAULT_RETRY, genericFailure, type HttpAnswer, sendWithRetry } from '../http-retry.js';
import { LANGUAGE_CODES } from '../language-codes.js';
import type { ProviderOptions, TextFormat, TranslateResult, TranslationProvider } from '../provider.js';
import { TranslateError, translateError } from '../translate-errors.js';

/** Texts and characters per chat request (keeps answers well inside common output limits). */
export const OPENAI_LIMITS = { texts: 40, chars: 6000 };

type ChatBody = { choices?: { message?: { content?: unknown } }[]; error?: { code?: string; type?: string } };

const isQuota = (a: HttpAnswer) => {
  const e = (a.body as ChatBody | null)?.error;
  return a.status === 429 && (e?.code === 'insufficient_quota' || e?.type === 'insufficient_quota');
};

/** Parses the model's answer: a JSON array of strings of the expected length (code fences tolerated). */
export function parseJsonArrayAnswer(content: unknown, expected: number): string[] {
  if (typeof content !== 'string') throw translateError('badAnswer');
  const m = content.trim().match(/^```(?:json)?\s*([\s\S]*?)\s*```$/);
  let parsed: unknown;
  try {
    parsed = JSON.parse(m ? m[1]! : content.trim());
  } catch {
    throw translateError('badAnswer');
  }
  if (!Array.isArray(parsed) || parsed.length !== expected || parsed.some((t) => typeof t !== 'string')) {
    throw translateError('badAnswer');
  }
  return parsed as string[];
}

/** Builds the system prompt: translate each array element, keep tags and ⟦n⟧ tokens, answer a JSON array only. */
export function systemPrompt(target: string, source: string, format: TextFormat): string {
  const to = LANGUAGE_CODES[target]?.name ?? target;
  const from = source === 'auto' ? 'the detected language' : (LANGUAGE_CODES[source]?.name ?? source);
  return [
    `You translate e-commerce product listings from ${from} into ${to}.`,
    'The user sends a JSON array of strings. Answer with a JSON array of the same length containing the translations in the same order, and nothing else.',
    `Keep tokens like ⟦0⟧ exactly as they are${format === 'html' ? ' and keep every HTML tag unchanged' : ''}.`,
  ].join(' ');
}

/** Any OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style gateways, local servers). */
export class OpenAiProvider implements TranslationProvider {
  readonly name = 'openai' as const;
  constructor(private readonly opts: ProviderOptions) {}

  async translate(texts: string[], target: string, source: string, format: TextFormat): Promise<TranslateResult> {
    const base = (this.opts.baseUrl || 'https://api.openai.com').replace(/\/+$/, '').replace(/\/v1$/, '');
    const url = `${base}/v1/chat/completions`;
    return mapBatches(splitBatches(texts, OPENAI_LIMITS.texts, OPENAI_LIMITS.chars), async (batch) => {
      const body = {
        model: this.opts.model || 'gpt-4o-mini',
        temperature: 0,
        messages: [
          { role: 'system', content: systemPrompt(target, source, format) },
          { role: 'user', content: JSON.stringify(batch) },
        ],
      };
      // One more try when the model answers something that is not the expected array.
      for (let attempt = 0; ; attempt++) {
        const a = await sendWithRetry(
          url,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${this.opts.apiKey}` },
            body: JSON.stringify(body),
          },
          this.opts.retry ?? DEFAULT_RETRY,
          isQuota,
        );
        if (isQuota(a)) throw translateError('quota');
        if (a.status === 401 || a.status === 403) throw translateError('auth');
        if (a.status !== 200) throw genericFailure(a.status);
        try {
          return {
            translations: parseJsonArrayAnswer(
              (a.body as ChatBody | null)?.choices?.[0]?.message?.content,
              batch.length,
            ),
          };
        } catch (err) {
          if (attempt >= 1 || !(err instanceof TranslateError)) throw err;
        }
      }
    });
  }
}
