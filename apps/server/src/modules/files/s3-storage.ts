import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type http from 'node:http';
import type https from 'node:https';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Setting } from '../../config.js';
import { contentTypeOf, type FileStorage, isStorageKey, StorageError } from './file-storage.js';

/** Test and tuning knobs; production uses the defaults. */
export interface S3StorageOptions {
  /** Custom agents (tests resolve virtual-host names to the loopback simulator). */
  httpAgent?: http.Agent;
  httpsAgent?: https.Agent;
  /** Attempts per request for 5xx, throttling and network errors (SDK standard retry mode). Default 3. */
  maxAttempts?: number;
}

/** Object written by the start-up check (`checkS3Storage`), under the prefix. */
export const PROBE_KEY = '.console-storage-check';

interface SdkError {
  name?: string;
  message?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number; attempts?: number };
}

const sdkError = (err: unknown): SdkError => (typeof err === 'object' && err !== null ? (err as SdkError) : {});

/** `NoSuchKey (404) after 3 attempts`, or the network error's code. */
function describe(err: unknown): string {
  const e = sdkError(err);
  const status = e.$metadata?.httpStatusCode;
  const attempts = e.$metadata?.attempts;
  const what = status ? `${e.name ?? 'error'} (HTTP ${status})` : `${e.code ?? e.name ?? 'error'}: ${e.message ?? err}`;
  return attempts && attempts > 1 ? `${what} after ${attempts} attempts` : what;
}

const isMissing = (err: unknown) => {
  const e = sdkError(err);
  // HEAD answers carry no body, so a missing object is just "NotFound" there.
  return e.name === 'NoSuchKey' || (e.name === 'NotFound' && e.$metadata?.httpStatusCode === 404);
};

const retryable = (err: unknown) => {
  const status = sdkError(err).$metadata?.httpStatusCode;
  return status === undefined || status >= 500 || status === 429;
};

/** The SDK prints warnings to the console unless given a logger; failures reach our log as StorageError instead. */
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** Builds the SDK client for a setting (no network traffic until the first call). */
export function s3Client(setting: S3Setting, opts: S3StorageOptions = {}): S3Client {
  return new S3Client({
    region: setting.region,
    ...(setting.endpoint ? { endpoint: setting.endpoint } : {}),
    forcePathStyle: setting.forcePathStyle,
    credentials: { accessKeyId: setting.accessKeyId, secretAccessKey: setting.secretAccessKey },
    // Checksums only where S3 requires them: the newer default (CRC32 on every upload) is refused by
    // several S3-compatible services.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: opts.maxAttempts ?? 3,
    logger: quiet,
    requestHandler: {
      connectionTimeout: 5_000,
      requestTimeout: 60_000,
      throwOnRequestTimeout: true,
      ...(opts.httpAgent ? { httpAgent: opts.httpAgent } : {}),
      ...(opts.httpsAgent ? { httpsAgent: opts.httpsAgent } : {}),
    },
  });
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Aliyun OSS ...), every key
 * under `setting.prefix`. Reads stream straight from the bucket; a missing object is null.
 * Any other failure (after the SDK's retries) is a StorageError: 503 with a Chinese message
 * for the user, the S3 error code in the log.
 */
export function s3Storage(setting: S3Setting, opts: S3StorageOptions = {}): FileStorage {
  const client = s3Client(setting, opts);
  const Bucket = setting.bucket;
  const where = `s3://${Bucket}/${setting.prefix}`;
  const objectKey = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`unsafe file key ${key}`);
    return `${setting.prefix}${key}`;
  };
  const fail = (op: string, key: string, err: unknown) =>
    new StorageError(`S3 ${op} of ${where}${key} failed: ${describe(err)}`, err);

  async function get(key: string): Promise<Readable | null> {
    if (!isStorageKey(key)) return null;
    try {
      const res = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
      return res.Body instanceof Readable ? res.Body : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw fail('GetObject', key, err);
    }
  }

  return {
    kind: 's3',
    async put(key, data) {
      const Key = objectKey(key);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: data, ContentType: contentTypeOf(key) }));
      } catch (err) {
        throw fail('PutObject', key, err);
      }
    },
    async putFile(key, file) {
      const Key = objectKey(key);
      const { size } = await fs.stat(file);
      // A stream body is sent once by the SDK (it cannot rewind it), so retries reopen the file here.
      const attempts = opts.maxAttempts ?? 3;
      for (let attempt = 1; ; attempt++) {
        try {
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key,
              Body: createReadStream(file),
              ContentLength: size,
              ContentType: contentTypeOf(key),
            }),
          );
          break;
        } catch (err) {
          if (attempt >= attempts || !retryable(err)) throw fail('PutObject', key, err);
          await new Promise((r) => setTimeout(r, 200 * 2 ** (attempt - 1)));
        }
      }
      await fs.rm(file, { force: true });
    },
    get,
    async read(key) {
      const stream = await get(key);
      if (!stream) return null;
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of stream) chunks.push(chunk as Buffer);
      } catch (err) {
        throw fail('GetObject (body)', key, err);
      }
      return Buffer.concat(chunks);
    },
    async exists(key) {
      if (!isStorageKey(key)) return false;
      // HEAD answers have no body: a missing bucket also reads as "no such file" here (the start-up check rules it out).
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw fail('HeadObject', key, err);
      }
    },
    async remove(key) {
      // S3 answers 204 for a missing key too.
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (err) {
        if (isMissing(err)) return;
        throw fail('DeleteObject', key, err);
      }
    },
  };
}

/** Why the start-up check failed, in words an operator can act on. */
function explain(setting: S3Setting, err: unknown): string {
  const e = sdkError(err);
  const endpoint = setting.endpoint ?? `AWS S3 (${setting.region})`;
  const bucket = `bucket "${setting.bucket}"`;
  switch (e.name) {
    case 'InvalidAccessKeyId':
      return `${endpoint} does not know S3_ACCESS_KEY_ID "${setting.accessKeyId}" (InvalidAccessKeyId)`;
    case 'SignatureDoesNotMatch':
      return `${endpoint} rejected the request signature: S3_SECRET_ACCESS_KEY does not belong to S3_ACCESS_KEY_ID (SignatureDoesNotMatch)`;
    case 'NoSuchBucket':
      return `${bucket} does not exist at ${endpoint} (NoSuchBucket)`;
    case 'AuthorizationHeaderMalformed':
    case 'PermanentRedirect':
    case 'IllegalLocationConstraintException':
      return `${bucket} is not in region S3_REGION="${setting.region}" (${e.name}: ${e.message})`;
    case 'AccessDenied':
    case 'Forbidden':
      return `access to ${bucket} denied: the key needs s3:GetObject, s3:PutObject and s3:ListBucket (without ListBucket a missing file answers 403 instead of 404) (${e.name})`;
  }
  if (!e.$metadata?.httpStatusCode)
    return `cannot reach ${endpoint}: ${e.code ?? e.name ?? 'error'} ${e.message ?? ''}`.trim();
  return `${endpoint} answered ${describe(err)}: ${e.message ?? ''}`.trim();
}

/**
 * The start-up check: reading a key that does not exist must answer "no such key" (proves the
 * endpoint, region, credentials, bucket and list permission), and writing a small probe object
 * must succeed. Throws an Error whose message says what to fix.
 */
export async function checkS3Storage(setting: S3Setting, opts: S3StorageOptions = {}): Promise<void> {
  const client = s3Client(setting, { ...opts, maxAttempts: opts.maxAttempts ?? 2 });
  const Bucket = setting.bucket;
  const fail = (why: string) =>
    new Error(`STORAGE=s3: storage check of s3://${Bucket}/${setting.prefix} failed: ${why}`);
  try {
    const missing = await client
      .send(new GetObjectCommand({ Bucket, Key: `${setting.prefix}${PROBE_KEY}-${randomUUID()}` }))
      .then(
        (res) => {
          res.Body?.transformToByteArray().catch(() => {});
          return false;
        },
        (err) => {
          if (isMissing(err)) return true;
          throw fail(explain(setting, err));
        },
      );
    if (!missing) throw fail('reading a random key returned an object instead of NoSuchKey');
    await client
      .send(
        new PutObjectCommand({
          Bucket,
          Key: `${setting.prefix}${PROBE_KEY}`,
          Body: `written by the console at start-up, ${new Date().toISOString()}\n`,
          ContentType: 'text/plain; charset=utf-8',
        }),
      )
      .catch((err) => {
        throw fail(explain(setting, err));
      });
  } finally {
    client.destroy();
  }
}
