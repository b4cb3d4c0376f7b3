import { gunzipSync, gzipSync } from 'node:zlib';
import { backoffMs, DEFAULT_RETRY, type RetryPolicy, sleep } from './http-retry.js';
import { SpApiError } from './sp-api.errors.js';

/** Options of a transfer to or from a pre-signed URL. */
export interface TransferOptions {
  retry?: RetryPolicy;
  timeoutMs?: number;
  scale?: number;
}

async function transfer(url: string, init: RequestInit, opts: TransferOptions, operation: string): Promise<Buffer> {
  const policy = opts.retry ?? DEFAULT_RETRY;
  let last = SpApiError.of('network', { operation, attempts: 0 });
  for (let attempt = 0; attempt < policy.attempts; attempt++) {
    if (attempt > 0) await sleep(backoffMs(policy, attempt - 1, opts.scale ?? 1));
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(opts.timeoutMs ?? 120_000) });
      const buf = Buffer.from(await res.arrayBuffer());
      if (res.ok) return buf;
      const kind = res.status === 429 ? 'throttled' : res.status >= 500 ? 'unavailable' : 'rejected';
      last = SpApiError.of(kind, {
        operation,
        status: res.status,
        attempts: attempt + 1,
        detail: `HTTP ${res.status}`,
      });
      if (kind === 'rejected') throw last;
    } catch (err) {
      if (err instanceof SpApiError) throw err;
      const name = (err as { name?: string } | null)?.name;
      last = SpApiError.of(name === 'TimeoutError' ? 'timeout' : 'network', { operation, attempts: attempt + 1 });
    }
  }
  throw last;
}

/**
 * Uploads a feed document to the pre-signed URL of createFeedDocument (a plain HTTP PUT with
 * the content type given at creation; no SP-API token, no rate limit). `gzip` compresses the
 * content and says so in `Content-Encoding`.
 */
export async function uploadFeedDocument(
  url: string,
  content: string | Buffer,
  contentType: string,
  opts: TransferOptions & { gzip?: boolean } = {},
): Promise<void> {
  const raw = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const body = opts.gzip ? gzipSync(raw) : raw;
  const headers: Record<string, string> = { 'content-type': contentType };
  if (opts.gzip) headers['content-encoding'] = 'gzip';
  await transfer(url, { method: 'PUT', headers, body: new Uint8Array(body) }, opts, 'uploadFeedDocument');
}

/** Downloads a document from a pre-signed URL, unzipped when `compressionAlgorithm` is `GZIP`. */
export async function downloadDocument(
  url: string,
  compressionAlgorithm: string | undefined,
  opts: TransferOptions = {},
): Promise<Buffer> {
  const buf = await transfer(url, { method: 'GET' }, opts, 'downloadDocument');
  if (compressionAlgorithm !== 'GZIP') return buf;
  try {
    return gunzipSync(buf);
  } catch {
    throw SpApiError.of('malformed', { operation: 'downloadDocument', detail: 'GZIP解压失败' });
  }
}
