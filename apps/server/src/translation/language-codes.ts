/** Providers the console can talk to (TRANSLATE_PROVIDER). */
export type ProviderName = 'google' | 'deepl' | 'libretranslate' | 'openai' | 'demo';

type CodeRow = { google: string; deeplSource: string; deeplTarget: string; libre: string; name: string };

/**
 * Our language keys (DESC_LANGUAGES) -> each provider's code. The one place that knows that
 * `se` is Swedish, `br` Portuguese and `ae` Arabic, and that DeepL wants EN-GB / PT-BR targets.
 */
export const LANGUAGE_CODES: Record<string, CodeRow> = {
  'zh-CN': { google: 'zh-CN', deeplSource: 'ZH', deeplTarget: 'ZH-HANS', libre: 'zh', name: 'Simplified Chinese' },
  en: { google: 'en', deeplSource: 'EN', deeplTarget: 'EN-GB', libre: 'en', name: 'English (UK)' },
  fr: { google: 'fr', deeplSource: 'FR', deeplTarget: 'FR', libre: 'fr', name: 'French' },
  de: { google: 'de', deeplSource: 'DE', deeplTarget: 'DE', libre: 'de', name: 'German' },
  it: { google: 'it', deeplSource: 'IT', deeplTarget: 'IT', libre: 'it', name: 'Italian' },
  es: { google: 'es', deeplSource: 'ES', deeplTarget: 'ES', libre: 'es', name: 'Spanish' },
  nl: { google: 'nl', deeplSource: 'NL', deeplTarget: 'NL', libre: 'nl', name: 'Dutch' },
  ja: { google: 'ja', deeplSource: 'JA', deeplTarget: 'JA', libre: 'ja', name: 'Japanese' },
  se: { google: 'sv', deeplSource: 'SV', deeplTarget: 'SV', libre: 'sv', name: 'Swedish' },
  pl: { google: 'pl', deeplSource: 'PL', deeplTarget: 'PL', libre: 'pl', name: 'Polish' },
  br: { google: 'pt', deeplSource: 'PT', deeplTarget: 'PT-BR', libre: 'pt', name: 'Portuguese (Brazil)' },
  ae: { google: 'ar', deeplSource: 'AR', deeplTarget: 'AR', libre: 'ar', name: 'Arabic' },
};

/** Every language key a translate call accepts. */
export const TRANSLATE_LANGS = Object.keys(LANGUAGE_CODES);

/** The provider's code for one of our keys (`auto` stays `auto`). */
export function providerCode(key: string, column: keyof CodeRow): string {
  if (key === 'auto') return 'auto';
  const row = LANGUAGE_CODES[key];
  if (!row) throw new Error(`unknown language key ${key}`);
  return row[column];
}

/** Our key for a code a provider detected (e.g. `sv` -> `se`), or the code itself when unknown. */
export function keyOfCode(code: string): string {
  const c = code.toLowerCase();
  for (const [key, row] of Object.entries(LANGUAGE_CODES)) {
    if (row.google.toLowerCase() === c || row.deeplSource.toLowerCase() === c || row.libre === c) return key;
  }
  if (c.startsWith('zh')) return 'zh-CN';
  return code;
}
