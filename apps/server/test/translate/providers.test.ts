import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffDelay, type RetryPolicy } from '../../src/translation/http-retry.js';
import { providerCode } from '../../src/translation/language-codes.js';
import { DeeplProvider, deeplBaseUrl } from '../../src/translation/providers/deepl.provider.js';
import { DEMO_MARK, DemoProvider } from '../../src/translation/providers/demo.provider.js';
import { GoogleProvider } from '../../src/translation/providers/google.provider.js';
import { LibreTranslateProvider } from '../../src/translation/providers/libretranslate.provider.js';
import { OpenAiProvider } from '../../src/translation/providers/openai.provider.js';
import { DEEPL_SIM_KEY, startDeeplSimulator } from '../../src/translation/simulators/deepl.simulator.js';
import { GOOGLE_SIM_KEY, startGoogleSimulator } from '../../src/translation/simulators/google.simulator.js';
import { LIBRE_SIM_KEY, startLibreSimulator } from '../../src/translation/simulators/libretranslate.simulator.js';
import { OPENAI_SIM_KEY, startOpenAiSimulator } from '../../src/translation/simulators/openai.simulator.js';
import type { Simulator } from '../../src/translation/simulators/sim-server.js';
import { TranslateError } from '../../src/translation/translate-errors.js';

const retry: RetryPolicy = { attempts: 4, baseDelayMs: 5, maxDelayMs: 50 };
const texts = (n: number) => Array.from({ length: n }, (_, i) => `text ${i}`);

async function failure(p: Promise<unknown>): Promise<TranslateError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TranslateError);
  return err as TranslateError;
}

describe('language codes', () => {
  it('maps our keys to each provider in one table', () => {
    expect(providerCode('se', 'google')).toBe('sv');
    expect(providerCode('br', 'google')).toBe('pt');
    expect(providerCode('br', 'deeplTarget')).toBe('PT-BR');
    expect(providerCode('ae', 'libre')).toBe('ar');
    expect(providerCode('zh-CN', 'libre')).toBe('zh');
    expect(providerCode('en', 'deeplTarget')).toBe('EN-GB');
    expect(providerCode('en', 'deeplSource')).toBe('EN');
    expect(providerCode('ja', 'google')).toBe('ja');
  });

  it('backoff doubles, honours Retry-After, and is capped', () => {
    const p = { attempts: 4, baseDelayMs: 100, maxDelayMs: 1000 };
    expect([0, 1, 2].map((a) => backoffDelay(p, a, null))).toEqual([100, 200, 400]);
    expect(backoffDelay(p, 0, '0.3')).toBe(300);
    expect(backoffDelay(p, 0, '120')).toBe(1000);
  });
});

describe('Google v2 adapter', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startGoogleSimulator();
  });
  afterAll(() => sim.close());
  const google = () => new GoogleProvider({ apiKey: GOOGLE_SIM_KEY, baseUrl: sim.url, retry });

  it('sends the real request shape and keeps the order', async () => {
    sim.requests.length = 0;
    const r = await google().translate(['Hello', 'World'], 'se', 'en', 'text');
    expect(r.translations).toEqual(['[sv] HELLO', '[sv] WORLD']);
    const req = sim.requests[0]!;
    expect(req.path).toBe('/language/translate/v2');
    expect(req.query.get('key')).toBe(GOOGLE_SIM_KEY);
    expect(req.body).toEqual({ q: ['Hello', 'World'], target: 'sv', source: 'en', format: 'text' });
  });

  it('auto: omits source and reports detected languages', async () => {
    sim.requests.length = 0;
    const r = await google().translate(['你好', 'Hi'], 'de', 'auto', 'html');
    expect(r.detected).toEqual(['zh-CN', 'en']);
    expect(sim.requests[0]!.body).toEqual({ q: ['你好', 'Hi'], target: 'de', format: 'html' });
  });

  it('300 texts -> 3 requests of at most 128 segments, answers in order', async () => {
    sim.requests.length = 0;
    const r = await google().translate(texts(300), 'de', 'en', 'text');
    expect(sim.requests.map((q) => (q.body as { q: string[] }).q.length)).toEqual([128, 128, 44]);
    expect(r.translations[299]).toBe('[de] TEXT 299');
  });

  it('long texts split by characters', async () => {
    sim.requests.length = 0;
    await google().translate(['a'.repeat(3000), 'b'.repeat(3000), 'c'], 'de', 'en', 'text');
    expect(sim.requests).toHaveLength(2);
  });

  it('retries 429 (Retry-After) and 500, then succeeds', async () => {
    sim.requests.length = 0;
    sim.faults.push({
      status: 429,
      headers: { 'retry-after': '0' },
      body: { error: { code: 429, message: 'Too many' } },
    });
    sim.faults.push({ status: 500, body: { error: { code: 500, message: 'Backend Error' } } });
    const r = await google().translate(['x'], 'fr', 'en', 'text');
    expect(r.translations).toEqual(['[fr] X']);
    expect(sim.requests).toHaveLength(3);
  });

  it('the simulator rate limit answers 429 with Retry-After, which the adapter waits for', async () => {
    const limited = await startGoogleSimulator({ rateLimitPerSecond: 1 });
    const p = new GoogleProvider({
      apiKey: GOOGLE_SIM_KEY,
      baseUrl: limited.url,
      retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 1500 },
    });
    await p.translate(['a'], 'de', 'en', 'text');
    await p.translate(['b'], 'de', 'en', 'text');
    expect(limited.throttled).toBe(1);
    expect(limited.requests).toHaveLength(3);
    await limited.close();
  });

  it('gives up after the bounded attempts with a Chinese message', async () => {
    sim.requests.length = 0;
    for (let i = 0; i < 4; i++) sim.faults.push({ status: 503, body: {} });
    const err = await failure(google().translate(['x'], 'fr', 'en', 'text'));
    expect(err.message).toBe('翻译服务暂时不可用,请稍后重试');
    expect(sim.requests).toHaveLength(4);
  });

  it('quota and key errors map to Chinese messages without retry', async () => {
    sim.requests.length = 0;
    sim.faults.push({
      status: 403,
      body: { error: { code: 403, message: 'Daily Limit Exceeded', errors: [{ reason: 'dailyLimitExceeded' }] } },
    });
    expect((await failure(google().translate(['x'], 'fr', 'en', 'text'))).message).toMatch(/^翻译服务额度已用完/);
    expect(sim.requests).toHaveLength(1);
    const bad = new GoogleProvider({ apiKey: 'wrong', baseUrl: sim.url, retry });
    expect((await failure(bad.translate(['x'], 'fr', 'en', 'text'))).message).toMatch(/^翻译服务密钥无效/);
  });
});

describe('DeepL adapter', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startDeeplSimulator();
  });
  afterAll(() => sim.close());
  const deepl = () => new DeeplProvider({ apiKey: DEEPL_SIM_KEY, baseUrl: sim.url, retry });

  it('free keys use the free host, others the pro host', () => {
    expect(deeplBaseUrl('abc:fx')).toBe('https://api-free.deepl.com');
    expect(deeplBaseUrl('abc')).toBe('https://api.deepl.com');
    expect(deeplBaseUrl('abc', 'http://127.0.0.1:1/')).toBe('http://127.0.0.1:1');
  });

  it('sends DeepL-Auth-Key, text[], EN-GB / PT-BR targets and tag_handling for HTML', async () => {
    sim.requests.length = 0;
    const r = await deepl().translate(['<b>Hi</b>'], 'br', 'en', 'html');
    expect(r.translations).toEqual(['[pt-br] <b>HI</b>']);
    const req = sim.requests[0]!;
    expect(req.headers.authorization).toBe(`DeepL-Auth-Key ${DEEPL_SIM_KEY}`);
    expect(req.body).toEqual({ text: ['<b>Hi</b>'], target_lang: 'PT-BR', source_lang: 'EN', tag_handling: 'html' });
    await deepl().translate(['Hi'], 'en', 'auto', 'text');
    expect(sim.requests[1]!.body).toEqual({ text: ['Hi'], target_lang: 'EN-GB' });
  });

  it('batches by 50 texts and by body size (128 KiB)', async () => {
    sim.requests.length = 0;
    await deepl().translate(texts(120), 'de', 'en', 'text');
    expect(sim.requests.map((q) => (q.body as { text: string[] }).text.length)).toEqual([50, 50, 20]);
    sim.requests.length = 0;
    await deepl().translate(['x'.repeat(70_000), 'y'.repeat(70_000)], 'de', 'en', 'text');
    expect(sim.requests).toHaveLength(2);
    expect(sim.requests.every((q) => q.bytes <= 128 * 1024)).toBe(true);
  });

  it('456 quota, 403 key, 429 retried', async () => {
    sim.faults.push({ status: 456, body: { message: 'Quota Exceeded' } });
    expect((await failure(deepl().translate(['x'], 'de', 'en', 'text'))).message).toMatch(/^翻译服务额度已用完/);
    const bad = new DeeplProvider({ apiKey: 'nope', baseUrl: sim.url, retry });
    expect((await failure(bad.translate(['x'], 'de', 'en', 'text'))).message).toMatch(/^翻译服务密钥无效/);
    sim.requests.length = 0;
    sim.faults.push({ status: 429, body: { message: 'Too many requests' } }, { status: 529, body: {} });
    expect((await deepl().translate(['x'], 'de', 'en', 'text')).translations).toEqual(['[de] X']);
    expect(sim.requests).toHaveLength(3);
  });
});

describe('LibreTranslate adapter', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startLibreSimulator();
  });
  afterAll(() => sim.close());
  const libre = () => new LibreTranslateProvider({ apiKey: LIBRE_SIM_KEY, baseUrl: sim.url, retry });

  it('sends q[], source, target, format and api_key', async () => {
    sim.requests.length = 0;
    const r = await libre().translate(['Hi', '你好'], 'ae', 'auto', 'text');
    expect(r).toEqual({ translations: ['[ar] HI', '[ar] 你好'], detected: ['en', 'zh-CN'] });
    expect(sim.requests[0]!.body).toEqual({
      q: ['Hi', '你好'],
      source: 'auto',
      target: 'ar',
      format: 'text',
      api_key: LIBRE_SIM_KEY,
    });
  });

  it('batches, retries 429, maps a bad key', async () => {
    sim.requests.length = 0;
    await libre().translate(texts(60), 'de', 'en', 'text');
    expect(sim.requests).toHaveLength(3);
    sim.requests.length = 0;
    sim.faults.push({ status: 429, body: { error: 'Slowdown: 10 per 1 minute' } });
    await libre().translate(['x'], 'de', 'en', 'text');
    expect(sim.requests).toHaveLength(2);
    const bad = new LibreTranslateProvider({ apiKey: 'nope', baseUrl: sim.url, retry });
    expect((await failure(bad.translate(['x'], 'de', 'en', 'text'))).message).toMatch(/^翻译服务密钥无效/);
  });
});

describe('OpenAI-compatible adapter', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startOpenAiSimulator();
  });
  afterAll(() => sim.close());
  const oai = () => new OpenAiProvider({ apiKey: OPENAI_SIM_KEY, baseUrl: `${sim.url}/v1`, model: 'sim-model', retry });

  it('asks for a JSON array and validates the answer', async () => {
    sim.requests.length = 0;
    const r = await oai().translate(['Hi', 'There'], 'de', 'en', 'text');
    expect(r.translations).toEqual(['[ge] HI', '[ge] THERE']);
    const req = sim.requests[0]!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe(`Bearer ${OPENAI_SIM_KEY}`);
    const body = req.body as { model: string; messages: { role: string; content: string }[] };
    expect(body.model).toBe('sim-model');
    expect(JSON.parse(body.messages[1]!.content)).toEqual(['Hi', 'There']);
  });

  it('an answer that is not the expected array is a clear error (after one more try)', async () => {
    sim.requests.length = 0;
    const ok = (content: string) => ({ status: 200, body: { choices: [{ message: { role: 'assistant', content } }] } });
    sim.faults.push(ok('["only one"]'), ok('not json'));
    expect((await failure(oai().translate(['a', 'b'], 'de', 'en', 'text'))).message).toMatch(/格式不正确/);
    expect(sim.requests).toHaveLength(2);
    sim.faults.push(ok('```json\n["A","B"]\n```'));
    expect((await oai().translate(['a', 'b'], 'de', 'en', 'text')).translations).toEqual(['A', 'B']);
  });

  it('insufficient_quota is final; other 429 and 5xx are retried; 401 is the key', async () => {
    sim.requests.length = 0;
    sim.faults.push({ status: 429, body: { error: { type: 'insufficient_quota', code: 'insufficient_quota' } } });
    expect((await failure(oai().translate(['x'], 'de', 'en', 'text'))).message).toMatch(/^翻译服务额度已用完/);
    expect(sim.requests).toHaveLength(1);
    sim.faults.push({ status: 429, body: { error: { code: 'rate_limit_exceeded' } } }, { status: 502, body: {} });
    expect((await oai().translate(['x'], 'de', 'en', 'text')).translations).toHaveLength(1);
    const bad = new OpenAiProvider({ apiKey: 'nope', baseUrl: sim.url, retry });
    expect((await failure(bad.translate(['x'], 'de', 'en', 'text'))).message).toMatch(/^翻译服务密钥无效/);
  });
});

describe('demo provider', () => {
  it('uses the loopback simulator and marks every text', async () => {
    const demo = new DemoProvider(retry);
    const r = await demo.translate(['Hi'], 'fr', 'en', 'text');
    expect(r.translations).toEqual([`${DEMO_MARK}[fr] HI`]);
    await demo.close();
  });
});
