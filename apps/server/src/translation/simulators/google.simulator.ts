import {
  type SimAnswer,
  type SimOptions,
  type SimRequest,
  type Simulator,
  simDetect,
  simTranslate,
  startSimServer,
} from './sim-server.js';

/** The API key the Google simulator accepts. */
export const GOOGLE_SIM_KEY = 'sim-google-key';

const googleError = (code: number, message: string, reason: string): SimAnswer => ({
  status: code,
  body: { error: { code, message, errors: [{ message, domain: 'global', reason }] } },
});

/** Google Cloud Translation v2 simulator: `POST /language/translate/v2?key=` with `{q, target, source?, format}`. */
export function handleGoogle(r: SimRequest): SimAnswer {
  if (r.method !== 'POST' || r.path !== '/language/translate/v2') return googleError(404, 'Not Found', 'notFound');
  if (r.query.get('key') !== GOOGLE_SIM_KEY) {
    return googleError(400, 'API key not valid. Please pass a valid API key.', 'keyInvalid');
  }
  const b = r.body as { q?: unknown; target?: unknown; source?: unknown; format?: unknown } | null;
  const q = typeof b?.q === 'string' ? [b.q] : b?.q;
  if (!Array.isArray(q) || q.some((t) => typeof t !== 'string')) {
    return googleError(400, 'Required Text', 'required');
  }
  if (typeof b?.target !== 'string' || !/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(b.target)) {
    return googleError(400, 'Invalid Value', 'invalid');
  }
  if (q.length > 128) return googleError(400, 'Too many text segments', 'invalid');
  if (b.format !== undefined && b.format !== 'text' && b.format !== 'html') {
    return googleError(400, 'Invalid Value', 'invalid');
  }
  const target = b.target;
  return {
    status: 200,
    body: {
      data: {
        translations: (q as string[]).map((t) => ({
          translatedText: simTranslate(t, target),
          ...(b.source ? {} : { detectedSourceLanguage: simDetect(t) }),
        })),
      },
    },
  };
}

/** Starts the Google simulator on 127.0.0.1. */
export const startGoogleSimulator = (opts: SimOptions = {}): Promise<Simulator> => startSimServer(handleGoogle, opts);
