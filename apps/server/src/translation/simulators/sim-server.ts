import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An error answer the simulator sends instead of translating (consumed in order, one per request). */
export interface SimFault {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One request the simulator received. */
export interface SimRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  bytes: number;
}

/** What a provider simulator answers for one request. */
export interface SimAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Sent as is instead of `body` as JSON (an HTML page; set its content-type in `headers`). */
  text?: string;
}

/** Simulator knobs: latency per answer and a rate limit. */
export interface SimOptions {
  latencyMs?: number;
  rateLimitPerSecond?: number;
}

/** A running loopback simulator: its URL, the requests it saw, and knobs for faults and latency. */
export interface Simulator {
  url: string;
  requests: SimRequest[];
  /** Faults to answer with before translating again. */
  faults: SimFault[];
  latencyMs: number;
  /** Requests per second answered before 429 with Retry-After (0: unlimited). */
  rateLimitPerSecond: number;
  /** How many 429 answers the rate limit gave. */
  throttled: number;
  close(): Promise<void>;
}

/** Starts an HTTP server on 127.0.0.1 (random port) that answers with `handle` unless a fault is queued. */
export async function startSimServer(
  handle: (req: SimRequest) => SimAnswer,
  opts: SimOptions = {},
): Promise<Simulator> {
  const sim = {
    requests: [] as SimRequest[],
    faults: [] as SimFault[],
    latencyMs: opts.latencyMs ?? 0,
    rateLimitPerSecond: opts.rateLimitPerSecond ?? 0,
    throttled: 0,
  };
  let windowStart = 0;
  let inWindow = 0;
  const overLimit = () => {
    if (!sim.rateLimitPerSecond) return false;
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      inWindow = 0;
    }
    inWindow++;
    return inWindow > sim.rateLimitPerSecond;
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      let body: unknown = null;
      try {
        body = raw.length ? JSON.parse(raw.toString('utf8')) : null;
      } catch {
        body = raw.toString('utf8');
      }
      const r: SimRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        bytes: raw.length,
      };
      sim.requests.push(r);
      const fault: SimFault | undefined = overLimit()
        ? { status: 429, body: { error: 'rate limited' }, headers: { 'retry-after': '1' } }
        : sim.faults.shift();
      if (fault?.status === 429 && sim.rateLimitPerSecond) sim.throttled++;
      const answer: SimAnswer = fault
        ? { status: fault.status, body: fault.body ?? {}, headers: fault.headers }
        : handle(r);
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...(answer.headers ?? {}) });
        res.end(answer.text ?? JSON.stringify(answer.body));
      }, sim.latencyMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(sim, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/**
 * The simulators' deterministic "translation": `[code] ` followed by the text with letters
 * outside HTML tags, entities and ⟦n⟧ tokens upper-cased. Tags and tokens survive; anything
 * unprotected (a brand, a `%s`) visibly changes, which is what the tests look for.
 */
export function simTranslate(text: string, code: string): string {
  const parts = text.split(/(<[^>]*>|&[a-zA-Z#0-9]+;|⟦\d+⟧)/);
  const body = parts.map((p, i) => (i % 2 === 1 ? p : p.toUpperCase())).join('');
  return `[${code.toLowerCase()}] ${body}`;
}

/** A crude language guess for `auto`: CJK characters mean Chinese, anything else English. */
export const simDetect = (text: string) => (/[\u4e00-\u9fff]/.test(text) ? 'zh' : 'en');
