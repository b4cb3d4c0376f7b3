import type { RetryPolicy } from './http-retry.js';
import type { ProviderName } from './language-codes.js';

/** Plain text or HTML (tags kept by the provider). */
export type TextFormat = 'text' | 'html';

/** What a provider answers: one translation per input text, same order; detected source keys for `auto`. */
export interface TranslateResult {
  translations: string[];
  detected?: string[];
}

/** One machine-translation service behind the common interface. Languages are our keys (DESC_LANGUAGES). */
export interface TranslationProvider {
  readonly name: ProviderName;
  translate(texts: string[], target: string, source: string | 'auto', format: TextFormat): Promise<TranslateResult>;
}

/** Connection settings every adapter takes. */
export interface ProviderOptions {
  apiKey: string;
  /** Overrides the provider's public endpoint (self-hosted LibreTranslate, proxies, simulators). */
  baseUrl?: string | undefined;
  model?: string | undefined;
  retry?: RetryPolicy | undefined;
}
