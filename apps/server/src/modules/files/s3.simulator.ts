import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback S3 for tests: PutObject, GetObject, HeadObject, DeleteObject (and HeadBucket)
 * on the real REST wire format, path-style (`/bucket/key`) and virtual-hosted-style
 * (`Host: bucket.<virtualHost>`). Every request must carry a valid AWS Signature Version 4
 * `Authorization` header, recomputed here from the configured secret; failures answer with
 * S3's XML errors (`SignatureDoesNotMatch`, `InvalidAccessKeyId`, `NoSuchKey`, ...).
 * Faults queued in `faults` (500 InternalError, 503 SlowDown) answer instead, in order.
 */

export interface S3SimOptions {
  accessKeyId?: string;
  secretAccessKey?: string;
  region?: string;
  buckets?: string[];
  /** Host name whose sub-domains are buckets (virtual-hosted style), e.g. `s3.sim.test`. */
  virtualHost?: string;
}

/** An error answer given instead of handling a request (consumed in order, one per matching request). */
export interface S3SimFault {
  status: 500 | 503;
  code: 'InternalError' | 'SlowDown';
  /** Only requests with this method get the fault (others pass). */
  method?: string;
}

export interface S3SimObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

/** One request the simulator answered. */
export interface S3SimRequest {
  method: string;
  style: 'path' | 'virtual';
  bucket: string;
  key: string;
  status: number;
  /** S3 error code, when it answered with one. */
  code?: string;
  payloadHash?: string;
  headers: http.IncomingHttpHeaders;
}

export interface S3Simulator {
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Stored objects by `bucket/key`. */
  objects: Map<string, S3SimObject>;
  requests: S3SimRequest[];
  faults: S3SimFault[];
  close(): Promise<void>;
}

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 defines it: unreserved characters stay, everything else %XX (upper case). */
export function uriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9_.~-]/.test(c) || (keepSlash && c === '/')) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** What a SigV4 signature is computed over. */
export interface CanonicalInput {
  method: string;
  /** The path as sent (percent-encoded); S3 encodes it once, without normalising. */
  rawPath: string;
  /** The query string as sent, without `?`. */
  rawQuery: string;
  headers: Record<string, string | string[] | undefined>;
  signedHeaders: string[];
  payloadHash: string;
}

/** The canonical request of Signature Version 4 (S3 flavour). */
export function canonicalRequest(r: CanonicalInput): string {
  const path = r.rawPath
    .split('/')
    .map((seg) => uriEncode(decodeURIComponent(seg)))
    .join('/');
  const query = r.rawQuery
    ? r.rawQuery
        .split('&')
        .filter(Boolean)
        .map((pair) => {
          const i = pair.indexOf('=');
          const k = decodeURIComponent(i < 0 ? pair : pair.slice(0, i));
          const v = i < 0 ? '' : decodeURIComponent(pair.slice(i + 1));
          return [uriEncode(k), uriEncode(v)] as const;
        })
        .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1))
        .map(([k, v]) => `${k}=${v}`)
        .join('&')
    : '';
  const headers = r.signedHeaders
    .map((name) => {
      const raw = r.headers[name];
      const value = (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).trim().replace(/\s+/g, ' ');
      return `${name}:${value}\n`;
    })
    .join('');
  return [r.method, path || '/', query, headers, r.signedHeaders.join(';'), r.payloadHash].join('\n');
}

/** The signature: HMAC chain over date, region, service, then over the string to sign. */
export function signature(secret: string, amzDate: string, region: string, canonical: string): string {
  const date = amzDate.slice(0, 8);
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${sha256(canonical)}`;
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

class S3Failure {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly message: string,
    readonly extra: Record<string, string> = {},
  ) {}
}

const MESSAGES = {
  AccessDenied: 'Access Denied',
  InvalidAccessKeyId: 'The AWS Access Key Id you provided does not exist in our records.',
  SignatureDoesNotMatch:
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  RequestTimeTooSkewed: 'The difference between the request time and the current time is too large.',
  NoSuchBucket: 'The specified bucket does not exist',
  NoSuchKey: 'The specified key does not exist.',
  SlowDown: 'Please reduce your request rate.',
  InternalError: 'We encountered an internal error. Please try again.',
  XAmzContentSHA256Mismatch: "The provided 'x-amz-content-sha256' header does not match what was computed.",
  NotImplemented: 'A header or query you provided implies functionality that is not implemented.',
  MethodNotAllowed: 'The specified method is not allowed against this resource.',
} as const;

const fail = (status: number, code: keyof typeof MESSAGES, extra: Record<string, string> = {}) =>
  new S3Failure(status, code, MESSAGES[code], extra);

/** Starts the simulator on 127.0.0.1 (random port). */
export async function startS3Simulator(opts: S3SimOptions = {}): Promise<S3Simulator> {
  const sim = {
    accessKeyId: opts.accessKeyId ?? 'SIMACCESSKEY0000001',
    secretAccessKey: opts.secretAccessKey ?? 'sim/secret/key/0123456789abcdefghijklmn',
    region: opts.region ?? 'us-east-1',
    objects: new Map<string, S3SimObject>(),
    requests: [] as S3SimRequest[],
    faults: [] as S3SimFault[],
  };
  const buckets = new Set(opts.buckets ?? ['console-test']);

  /** Checks the Authorization header; returns the payload hash the client declared. */
  function authenticate(req: http.IncomingMessage, rawPath: string, rawQuery: string, body: Buffer): string {
    const auth = req.headers.authorization;
    if (!auth) throw fail(403, 'AccessDenied');
    const m = /^AWS4-HMAC-SHA256 Credential=([^,]+),\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]{64})$/.exec(auth);
    if (!m) throw new S3Failure(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
    const [, credential = '', signedList = '', provided = ''] = m;
    const [keyId, date, region, service, terminator] = credential.split('/');
    if (keyId !== sim.accessKeyId) throw fail(403, 'InvalidAccessKeyId', { AWSAccessKeyId: keyId ?? '' });
    if (region !== sim.region)
      throw new S3Failure(
        400,
        'AuthorizationHeaderMalformed',
        `The authorization header is malformed; the region '${region}' is wrong; expecting '${sim.region}'`,
        { Region: sim.region },
      );
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    if (
      service !== 's3' ||
      terminator !== 'aws4_request' ||
      !/^\d{8}T\d{6}Z$/.test(amzDate) ||
      !amzDate.startsWith(date ?? '-')
    )
      throw new S3Failure(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
    const when = Date.UTC(
      Number(amzDate.slice(0, 4)),
      Number(amzDate.slice(4, 6)) - 1,
      Number(amzDate.slice(6, 8)),
      Number(amzDate.slice(9, 11)),
      Number(amzDate.slice(11, 13)),
      Number(amzDate.slice(13, 15)),
    );
    if (Math.abs(Date.now() - when) > 15 * 60_000) throw fail(403, 'RequestTimeTooSkewed');
    const signedHeaders = signedList.split(';');
    const payloadHash = req.headers['x-amz-content-sha256'];
    if (typeof payloadHash !== 'string')
      throw new S3Failure(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    // S3 wants host and every x-amz-* header signed.
    const unsigned = Object.keys(req.headers).filter(
      (h) => (h === 'host' || h.startsWith('x-amz-')) && !signedHeaders.includes(h),
    );
    if (unsigned.length)
      throw fail(403, 'AccessDenied', {
        Reason: `There were headers present in the request which were not signed: ${unsigned.join(', ')}`,
      });
    const canonical = canonicalRequest({
      method: req.method ?? 'GET',
      rawPath,
      rawQuery,
      headers: req.headers,
      signedHeaders,
      payloadHash,
    });
    const expected = signature(sim.secretAccessKey, amzDate, sim.region, canonical);
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(provided)))
      throw fail(403, 'SignatureDoesNotMatch', {
        AWSAccessKeyId: keyId,
        StringToSign: `AWS4-HMAC-SHA256\n${amzDate}\n${date}/${region}/s3/aws4_request\n${sha256(canonical)}`,
        SignatureProvided: provided,
        CanonicalRequest: canonical,
      });
    if (payloadHash.startsWith('STREAMING-')) throw fail(501, 'NotImplemented', { Header: 'x-amz-content-sha256' });
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
      throw fail(400, 'XAmzContentSHA256Mismatch', {
        ClientComputedContentSHA256: payloadHash,
        S3ComputedContentSHA256: sha256(body),
      });
    return payloadHash;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const requestId = randomBytes(8).toString('hex').toUpperCase();
      const rawUrl = req.url ?? '/';
      const q = rawUrl.indexOf('?');
      const rawPath = q < 0 ? rawUrl : rawUrl.slice(0, q);
      const rawQuery = q < 0 ? '' : rawUrl.slice(q + 1);
      const hostName = String(req.headers.host ?? '').replace(/:\d+$/, '');
      const virtual = opts.virtualHost && hostName.endsWith(`.${opts.virtualHost}`);
      let bucket = '';
      let key = '';
      const record: S3SimRequest = {
        method: req.method ?? 'GET',
        style: virtual ? 'virtual' : 'path',
        bucket,
        key,
        status: 200,
        headers: req.headers,
      };
      const send = (status: number, headers: Record<string, string>, payload?: Buffer) => {
        record.status = status;
        sim.requests.push(record);
        res.writeHead(status, { 'x-amz-request-id': requestId, ...headers });
        res.end(req.method === 'HEAD' ? undefined : payload);
      };
      try {
        let path: string;
        try {
          path = decodeURIComponent(rawPath);
        } catch {
          throw new S3Failure(400, 'InvalidURI', "Couldn't parse the specified URI.");
        }
        if (virtual) {
          bucket = hostName.slice(0, -(opts.virtualHost!.length + 1));
          key = path.slice(1);
        } else {
          const [, b = '', ...rest] = path.split('/');
          bucket = b;
          key = rest.join('/');
        }
        Object.assign(record, { bucket, key });
        record.payloadHash = authenticate(req, rawPath, rawQuery, body);
        const fault = sim.faults.findIndex((f) => !f.method || f.method === req.method);
        if (fault >= 0) {
          const [f] = sim.faults.splice(fault, 1);
          throw fail(f!.status, f!.code);
        }
        if (!buckets.has(bucket)) throw fail(404, 'NoSuchBucket', { BucketName: bucket });
        const params = new URLSearchParams(rawQuery);
        for (const name of params.keys()) if (name !== 'x-id') throw fail(501, 'NotImplemented', { Parameter: name });
        const id = `${bucket}/${key}`;
        if (!key) {
          if (req.method === 'HEAD') return send(200, { 'x-amz-bucket-region': sim.region });
          throw fail(501, 'NotImplemented');
        }
        switch (req.method) {
          case 'PUT': {
            const etag = `"${createHash('md5').update(body).digest('hex')}"`;
            const md5 = req.headers['content-md5'];
            if (md5 && md5 !== createHash('md5').update(body).digest('base64'))
              throw new S3Failure(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
            sim.objects.set(id, {
              body,
              contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
              etag,
              lastModified: new Date(),
            });
            return send(200, { etag });
          }
          case 'GET':
          case 'HEAD': {
            const obj = sim.objects.get(id);
            if (!obj) throw fail(404, 'NoSuchKey', { Key: key });
            return send(
              200,
              {
                'content-type': obj.contentType,
                'content-length': String(obj.body.length),
                etag: obj.etag,
                'last-modified': obj.lastModified.toUTCString(),
                'accept-ranges': 'bytes',
              },
              obj.body,
            );
          }
          case 'DELETE':
            sim.objects.delete(id);
            return send(204, {});
          default:
            throw fail(405, 'MethodNotAllowed', { Method: req.method ?? '' });
        }
      } catch (err) {
        if (!(err instanceof S3Failure)) throw err;
        record.code = err.code;
        const resource = virtual ? `/${key}` : `/${bucket}${key ? `/${key}` : ''}`;
        const extra = Object.entries(err.extra)
          .map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`)
          .join('');
        const xml =
          `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${err.code}</Code><Message>${xmlEscape(err.message)}</Message>` +
          `${extra}<Resource>${xmlEscape(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`;
        send(err.status, { 'content-type': 'application/xml' }, Buffer.from(xml));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(sim, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
