import {
  type SimAnswer,
  type SimOptions,
  type SimRequest,
  type Simulator,
  simDetect,
  simTranslate,
  startSimServer,
} from './sim-server.js';

/** The API key the DeepL simulator accepts (a free-plan key). */
export const DEEPL_SIM_KEY = 'sim-deepl-key:fx';

const TARGETS = new Set([
  'AR',
  'DE',
  'EN-GB',
  'EN-US',
  'ES',
  'FR',
  'IT',
  'JA',
  'NL',
  'PL',
  'PT-BR',
  'PT-PT',
  'SV',
  'ZH',
  'ZH-HANS',
]);

/** DeepL simulator: `POST /v2/translate` with `Authorization: DeepL-Auth-Key`, `{text: [...], target_lang, source_lang?, tag_handling?}`. */
export function handleDeepl(r: SimRequest): SimAnswer {
  if (r.method !== 'POST' || r.path !== '/v2/translate') return { status: 404, body: { message: 'Not found' } };
  if (r.headers.authorization !== `DeepL-Auth-Key ${DEEPL_SIM_KEY}`) {
    return { status: 403, body: { message: 'Authorization failed. Please supply a valid auth_key parameter.' } };
  }
  if (r.bytes > 128 * 1024) return { status: 413, body: { message: 'Request Entity Too Large' } };
  const b = r.body as { text?: unknown; target_lang?: unknown; tag_handling?: unknown } | null;
  if (!Array.isArray(b?.text) || b.text.length === 0 || b.text.some((t) => typeof t !== 'string')) {
    return { status: 400, body: { message: "Value for 'text' not supported." } };
  }
  if (b.text.length > 50) return { status: 413, body: { message: 'Too many texts in request' } };
  if (typeof b.target_lang !== 'string' || !TARGETS.has(b.target_lang.toUpperCase())) {
    return { status: 400, body: { message: "Value for 'target_lang' not supported." } };
  }
  if (b.tag_handling !== undefined && b.tag_handling !== 'html' && b.tag_handling !== 'xml') {
    return { status: 400, body: { message: "Value for 'tag_handling' not supported." } };
  }
  const target = b.target_lang;
  return {
    status: 200,
    body: {
      translations: (b.text as string[]).map((t) => ({
        detected_source_language: simDetect(t).toUpperCase(),
        text: simTranslate(t, target),
      })),
    },
  };
}

/** Starts the DeepL simulator on 127.0.0.1. */
export const startDeeplSimulator = (opts: SimOptions = {}): Promise<Simulator> => startSimServer(handleDeepl, opts);
