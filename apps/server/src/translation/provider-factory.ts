import type { Config } from '../config.js';
import type { RetryPolicy } from './http-retry.js';
import type { TranslationProvider } from './provider.js';
import { DeeplProvider } from './providers/deepl.provider.js';
import { DemoProvider } from './providers/demo.provider.js';
import { GoogleProvider } from './providers/google.provider.js';
import { LibreTranslateProvider } from './providers/libretranslate.provider.js';
import { OpenAiProvider } from './providers/openai.provider.js';
import { TRANSLATE_MSG, TranslateError } from './translate-errors.js';

const cache = new WeakMap<Config, TranslationProvider | null>();

/** Builds the configured provider (null for `none`). */
export function createProvider(config: Config): TranslationProvider | null {
  const retry: RetryPolicy = { attempts: 4, baseDelayMs: config.translateRetryBaseMs, maxDelayMs: 8000 };
  const opts = {
    apiKey: config.translateApiKey,
    baseUrl: config.translateBaseUrl,
    model: config.translateModel,
    retry,
  };
  switch (config.translateProvider) {
    case 'google':
      return new GoogleProvider(opts);
    case 'deepl':
      return new DeeplProvider(opts);
    case 'libretranslate':
      return new LibreTranslateProvider(opts);
    case 'openai':
      return new OpenAiProvider(opts);
    case 'demo':
      return new DemoProvider(retry);
    default:
      return null;
  }
}

/** The app's provider (one per configuration); 400 with how to configure one when there is none. */
export function providerOf(config: Config): TranslationProvider {
  if (!cache.has(config)) cache.set(config, createProvider(config));
  const p = cache.get(config);
  if (!p) throw new TranslateError(TRANSLATE_MSG.notConfigured, 'rejected', 400);
  return p;
}

/** Stops what the provider started (the demo simulator). */
export async function closeProvider(config: Config): Promise<void> {
  const p = cache.get(config);
  if (p instanceof DemoProvider) await p.close();
  cache.delete(config);
}
