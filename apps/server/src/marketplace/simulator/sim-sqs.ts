import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback Amazon SQS speaking the wire protocol the AWS SDK for JavaScript v3 uses: AWS JSON
 * 1.0 (`POST /`, `Content-Type: application/x-amz-json-1.0`, `X-Amz-Target: AmazonSQS.<Action>`),
 * every request signed with Signature Version 4 (the `Authorization` header is checked in full:
 * shape, known access key, credential scope of the region and service `sqs`, and the signature),
 * errors as `{__type, message}` with `x-amzn-query-error`. Actions: SendMessage, ReceiveMessage
 * (long polling with `WaitTimeSeconds`, visibility timeout, `ApproximateReceiveCount`, `MD5OfBody`
 * as the SDK checks it), DeleteMessage, ChangeMessageVisibility, GetQueueUrl, GetQueueAttributes.
 * The SP-API simulator's Notifications API delivers to its queues by ARN (`sqsQueueByArn`).
 */

/** Settings of the SQS simulator. */
export interface SqsSimOptions {
  /** Signing region of the queues (default us-east-1). */
  region?: string;
  /** Account id in queue URLs and ARNs (default 000000000000). */
  accountId?: string;
  /** Credentials accepted (default one pair, `SQS_SIM_CREDENTIALS`). */
  credentials?: { accessKeyId: string; secretAccessKey: string }[];
  /** Visibility timeouts and long-poll waits run this many times faster. */
  timeScale?: number;
  host?: string;
  port?: number;
}

/** The credentials every SQS simulator accepts unless told otherwise. */
export const SQS_SIM_CREDENTIALS = { accessKeyId: 'AKIASIMULATOR0000000', secretAccessKey: 'sqs-simulator-secret-key' };

interface SimMessage {
  id: string;
  body: string;
  md5: string;
  sentAt: number;
  visibleAt: number;
  receiveCount: number;
  receipt: string;
}

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
const sha256 = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

/** One queue: messages in memory, in order of sending. */
export class SimQueue {
  readonly messages: SimMessage[] = [];
  private readonly waiters = new Set<() => void>();
  /** Messages received and deleted (tests read them). */
  deleted = 0;

  constructor(
    readonly name: string,
    readonly url: string,
    readonly arn: string,
    private readonly scale: () => number,
  ) {}

  /** Puts a message in the queue (what SendMessage and Amazon's delivery do). */
  send(body: string): { MessageId: string; MD5OfMessageBody: string } {
    const m: SimMessage = {
      id: randomUUID(),
      body,
      md5: md5(body),
      sentAt: Date.now(),
      visibleAt: 0,
      receiveCount: 0,
      receipt: '',
    };
    this.messages.push(m);
    for (const w of this.waiters) w();
    return { MessageId: m.id, MD5OfMessageBody: m.md5 };
  }

  /** Takes up to `max` visible messages, hidden for `visibilityMs` (real milliseconds at scale 1). */
  take(max: number, visibilityMs: number): SimMessage[] {
    const now = performance.now();
    const out: SimMessage[] = [];
    for (const m of this.messages) {
      if (out.length >= max) break;
      if (m.visibleAt > now) continue;
      m.visibleAt = now + visibilityMs / this.scale();
      m.receiveCount++;
      m.receipt = `${m.id}#${randomBytes(16).toString('base64url')}`;
      out.push(m);
    }
    return out;
  }

  /** Waits until a message may be visible or `ms` passed (long polling). */
  wait(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
      signal.addEventListener('abort', done);
    });
  }

  /** Deletes by receipt handle; false when no message has it. */
  delete(receipt: string): boolean {
    const i = this.messages.findIndex((m) => m.receipt === receipt);
    if (i < 0) return false;
    this.messages.splice(i, 1);
    this.deleted++;
    return true;
  }

  /** Makes every in-flight message visible again at once (a consumer crashed; tests). */
  expireVisibility(): void {
    for (const m of this.messages) m.visibleAt = 0;
    for (const w of this.waiters) w();
  }

  /** When the earliest hidden message becomes visible (ms from now), or undefined. */
  nextVisibleIn(): number | undefined {
    const now = performance.now();
    const hidden = this.messages.filter((m) => m.visibleAt > now).map((m) => m.visibleAt - now);
    return hidden.length ? Math.min(...hidden) : undefined;
  }
}

const byArn = new Map<string, SimQueue>();

/** The simulated queue of an ARN in this process (where the SP-API simulator delivers), if any. */
export function sqsQueueByArn(arn: string): SimQueue | undefined {
  return byArn.get(arn);
}

class SqsError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly queryCode: string,
    message: string,
  ) {
    super(message);
  }
}

const ACTIONS = new Set([
  'SendMessage',
  'ReceiveMessage',
  'DeleteMessage',
  'ChangeMessageVisibility',
  'GetQueueUrl',
  'GetQueueAttributes',
]);

/** The SQS simulator: `listen()`, `createQueue(name)`, `close()`. */
export class SqsSimulator {
  readonly region: string;
  readonly accountId: string;
  readonly timeScale: number;
  readonly queues = new Map<string, SimQueue>();
  /** Requests per action (tests read them). */
  readonly requests = new Map<string, number>();
  private readonly credentials: { accessKeyId: string; secretAccessKey: string }[];
  private server: http.Server | undefined;
  private readonly closing = new AbortController();
  url = '';

  constructor(private readonly opts: SqsSimOptions = {}) {
    this.region = opts.region ?? 'us-east-1';
    this.accountId = opts.accountId ?? '000000000000';
    this.timeScale = opts.timeScale ?? 1;
    this.credentials = opts.credentials ?? [SQS_SIM_CREDENTIALS];
  }

  /** Creates (or returns) a queue; its URL is `<url>/<account>/<name>`, its ARN `arn:aws:sqs:<region>:<account>:<name>`. */
  createQueue(name: string): SimQueue {
    const url = `${this.url}/${this.accountId}/${name}`;
    let q = this.queues.get(url);
    if (!q) {
      q = new SimQueue(name, url, `arn:aws:sqs:${this.region}:${this.accountId}:${name}`, () => this.timeScale);
      this.queues.set(url, q);
      byArn.set(q.arn, q);
    }
    return q;
  }

  /** Starts listening on loopback (a free port unless `port`). */
  async listen(): Promise<this> {
    const server = http.createServer((req, res) => {
      this.onRequest(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    const host = this.opts.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.opts.port ?? 0, host, resolve);
    });
    this.server = server;
    this.url = `http://${host}:${(server.address() as AddressInfo).port}`;
    return this;
  }

  /** Stops the server, ends pending long polls and forgets the queues' ARNs. */
  async close(): Promise<void> {
    this.closing.abort();
    for (const q of this.queues.values()) if (byArn.get(q.arn) === q) byArn.delete(q.arn);
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Checks the SigV4 `Authorization` header of a request against the known credentials. */
  private verify(req: http.IncomingMessage, body: Buffer): void {
    const auth = String(req.headers.authorization ?? '');
    const m =
      /^AWS4-HMAC-SHA256 Credential=([A-Z0-9]+)\/(\d{8})\/([a-z0-9-]+)\/([a-z0-9]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!m)
      throw new SqsError(
        400,
        'com.amazon.coral.service#IncompleteSignatureException',
        'IncompleteSignature',
        'Authorization header is not a SigV4 signature.',
      );
    const [, keyId, date, region, service, signedList, signature] = m as unknown as string[];
    const cred = this.credentials.find((c) => c.accessKeyId === keyId);
    if (!cred)
      throw new SqsError(
        400,
        'com.amazon.coral.service#UnrecognizedClientException',
        'InvalidClientTokenId',
        'The security token included in the request is invalid.',
      );
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const signed = signedList!.split(';');
    if (
      region !== this.region ||
      service !== 'sqs' ||
      !amzDate.startsWith(date!) ||
      !signed.includes('host') ||
      !signed.includes('x-amz-date')
    )
      throw new SqsError(
        403,
        'com.amazon.coral.service#InvalidSignatureException',
        'SignatureDoesNotMatch',
        'Credential scope does not match the queue.',
      );
    const url = new URL(req.url ?? '/', 'http://x');
    const query = [...url.searchParams]
      .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)])
      .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const headers = signed
      .map((h) => {
        const v = req.headers[h];
        return `${h}:${(Array.isArray(v) ? v.join(',') : String(v ?? '')).trim().replace(/\s+/g, ' ')}\n`;
      })
      .join('');
    const canonical = [req.method, url.pathname, query, headers, signedList, sha256(body)].join('\n');
    const scope = `${date}/${region}/${service}/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    let k = hmac(`AWS4${cred.secretAccessKey}`, date!);
    for (const part of [region!, service!, 'aws4_request']) k = hmac(k, part);
    const want = Buffer.from(createHmac('sha256', k).update(toSign, 'utf8').digest('hex'));
    const got = Buffer.from(signature!);
    if (want.length !== got.length || !timingSafeEqual(want, got))
      throw new SqsError(
        403,
        'com.amazon.coral.service#InvalidSignatureException',
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      );
  }

  private queueOf(input: Record<string, unknown>): SimQueue {
    const url = typeof input.QueueUrl === 'string' ? input.QueueUrl : '';
    // The SDK may send the URL with another host (an endpoint override): match by path.
    const path = (() => {
      try {
        return new URL(url).pathname;
      } catch {
        return '';
      }
    })();
    for (const q of this.queues.values()) if (new URL(q.url).pathname === path) return q;
    throw new SqsError(
      400,
      'com.amazonaws.sqs#QueueDoesNotExist',
      'AWS.SimpleQueueService.NonExistentQueue',
      'The specified queue does not exist.',
    );
  }

  private async act(action: string, input: Record<string, unknown>): Promise<unknown> {
    switch (action) {
      case 'SendMessage': {
        const q = this.queueOf(input);
        if (typeof input.MessageBody !== 'string' || !input.MessageBody)
          throw new SqsError(
            400,
            'com.amazonaws.sqs#InvalidParameterValue',
            'InvalidParameterValue',
            'MessageBody is required.',
          );
        return q.send(input.MessageBody);
      }
      case 'ReceiveMessage': {
        const q = this.queueOf(input);
        const max = Number(input.MaxNumberOfMessages ?? 1);
        const wait = Number(input.WaitTimeSeconds ?? 0);
        const visibility = Number(input.VisibilityTimeout ?? 30);
        if (!(max >= 1 && max <= 10) || !(wait >= 0 && wait <= 20) || !(visibility >= 0 && visibility <= 43_200))
          throw new SqsError(
            400,
            'com.amazonaws.sqs#InvalidParameterValue',
            'InvalidParameterValue',
            'MaxNumberOfMessages 1-10, WaitTimeSeconds 0-20, VisibilityTimeout 0-43200.',
          );
        const until = performance.now() + (wait * 1000) / this.timeScale;
        let got = q.take(max, visibility * 1000);
        while (got.length === 0 && performance.now() < until && !this.closing.signal.aborted) {
          const left = until - performance.now();
          await q.wait(Math.min(left, q.nextVisibleIn() ?? left), this.closing.signal);
          got = q.take(max, visibility * 1000);
        }
        if (got.length === 0) return {};
        return {
          Messages: got.map((m) => ({
            MessageId: m.id,
            ReceiptHandle: m.receipt,
            MD5OfBody: m.md5,
            Body: m.body,
            Attributes: { ApproximateReceiveCount: String(m.receiveCount), SentTimestamp: String(m.sentAt) },
          })),
        };
      }
      case 'DeleteMessage': {
        const q = this.queueOf(input);
        if (typeof input.ReceiptHandle !== 'string' || !q.delete(input.ReceiptHandle))
          throw new SqsError(
            400,
            'com.amazonaws.sqs#ReceiptHandleIsInvalid',
            'ReceiptHandleIsInvalid',
            'The input receipt handle is invalid.',
          );
        return {};
      }
      case 'ChangeMessageVisibility': {
        const q = this.queueOf(input);
        const m = q.messages.find((x) => x.receipt === input.ReceiptHandle);
        if (!m)
          throw new SqsError(
            400,
            'com.amazonaws.sqs#ReceiptHandleIsInvalid',
            'ReceiptHandleIsInvalid',
            'The input receipt handle is invalid.',
          );
        m.visibleAt = performance.now() + (Number(input.VisibilityTimeout ?? 0) * 1000) / this.timeScale;
        return {};
      }
      case 'GetQueueUrl': {
        const q = [...this.queues.values()].find((x) => x.name === input.QueueName);
        if (!q)
          throw new SqsError(
            400,
            'com.amazonaws.sqs#QueueDoesNotExist',
            'AWS.SimpleQueueService.NonExistentQueue',
            'The specified queue does not exist.',
          );
        return { QueueUrl: q.url };
      }
      default: {
        const q = this.queueOf(input);
        const now = performance.now();
        return {
          Attributes: {
            QueueArn: q.arn,
            ApproximateNumberOfMessages: String(q.messages.filter((m) => m.visibleAt <= now).length),
            ApproximateNumberOfMessagesNotVisible: String(q.messages.filter((m) => m.visibleAt > now).length),
          },
        };
      }
    }
  }

  private async onRequest(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const reply = (status: number, json: unknown, extra: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/x-amz-json-1.0',
        'x-amzn-requestid': randomUUID(),
        ...extra,
      });
      res.end(JSON.stringify(json));
    };
    try {
      const target = String(req.headers['x-amz-target'] ?? '');
      const action = target.startsWith('AmazonSQS.') ? target.slice('AmazonSQS.'.length) : '';
      if (req.method !== 'POST' || !ACTIONS.has(action))
        throw new SqsError(
          400,
          'com.amazon.coral.service#UnknownOperationException',
          'InvalidAction',
          `Unknown action ${target}.`,
        );
      if (!String(req.headers['content-type'] ?? '').startsWith('application/x-amz-json-1.0'))
        throw new SqsError(
          400,
          'com.amazon.coral.service#SerializationException',
          'InvalidParameterValue',
          'Content-Type must be application/x-amz-json-1.0.',
        );
      this.verify(req, body);
      this.requests.set(action, (this.requests.get(action) ?? 0) + 1);
      let input: unknown;
      try {
        input = JSON.parse(body.toString('utf8') || '{}');
      } catch {
        throw new SqsError(
          400,
          'com.amazon.coral.service#SerializationException',
          'InvalidParameterValue',
          'The body is not JSON.',
        );
      }
      reply(200, await this.act(action, (input ?? {}) as Record<string, unknown>));
    } catch (err) {
      if (!(err instanceof SqsError)) throw err;
      reply(
        err.status,
        { __type: err.type, message: err.message },
        { 'x-amzn-query-error': `${err.queryCode};Sender` },
      );
    }
  }
}

/** Starts an SQS simulator on loopback. */
export function startSqsSimulator(opts: SqsSimOptions = {}): Promise<SqsSimulator> {
  return new SqsSimulator(opts).listen();
}
