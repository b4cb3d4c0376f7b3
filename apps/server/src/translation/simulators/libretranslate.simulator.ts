import {
  type SimAnswer,
  type SimOptions,
  type SimRequest,
  type Simulator,
  simDetect,
  simTranslate,
  startSimServer,
} from './sim-server.js';

/** The API key the LibreTranslate simulator accepts. */
export const LIBRE_SIM_KEY = 'sim-libre-key';

/** LibreTranslate simulator: `POST /translate` with `{q, source, target, format, api_key}`. */
export function handleLibre(r: SimRequest): SimAnswer {
  if (r.method !== 'POST' || r.path !== '/translate') return { status: 404, body: { error: 'Not Found' } };
  const b = r.body as { q?: unknown; source?: unknown; target?: unknown; format?: unknown; api_key?: unknown } | null;
  if (b?.api_key !== LIBRE_SIM_KEY) {
    return { status: 403, body: { error: 'Invalid API key' } };
  }
  if (b.q === undefined) return { status: 400, body: { error: 'Invalid request: missing q parameter' } };
  if (typeof b.source !== 'string')
    return { status: 400, body: { error: 'Invalid request: missing source parameter' } };
  if (typeof b.target !== 'string')
    return { status: 400, body: { error: 'Invalid request: missing target parameter' } };
  if (b.format !== 'text' && b.format !== 'html') return { status: 400, body: { error: 'Invalid format' } };
  const target = b.target;
  if (typeof b.q === 'string') {
    return { status: 200, body: { translatedText: simTranslate(b.q, target) } };
  }
  if (!Array.isArray(b.q) || b.q.some((t) => typeof t !== 'string')) {
    return { status: 400, body: { error: 'Invalid request: q must be a string or a list of strings' } };
  }
  const q = b.q as string[];
  return {
    status: 200,
    body: {
      translatedText: q.map((t) => simTranslate(t, target)),
      ...(b.source === 'auto' ? { detectedLanguage: q.map((t) => ({ confidence: 90, language: simDetect(t) })) } : {}),
    },
  };
}

/** Starts the LibreTranslate simulator on 127.0.0.1. */
export const startLibreSimulator = (opts: SimOptions = {}): Promise<Simulator> => startSimServer(handleLibre, opts);
