import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, type S3Setting, storageSetting } from '../src/config.js';
import { exportKey, StorageError } from '../src/modules/files/file-storage.js';
import { canonicalRequest, EMPTY_SHA256, signature, startS3Simulator } from '../src/modules/files/s3.simulator.js';
import { checkS3Storage, PROBE_KEY, s3Storage } from '../src/modules/files/s3-storage.js';

const sim = await startS3Simulator({ buckets: ['console-test', 'other-bucket'], virtualHost: 's3.sim.test' });
afterAll(() => sim.close());

const setting = (over: Partial<S3Setting> = {}): S3Setting => ({
  kind: 's3',
  endpoint: sim.url,
  region: sim.region,
  bucket: 'console-test',
  accessKeyId: sim.accessKeyId,
  secretAccessKey: sim.secretAccessKey,
  forcePathStyle: true,
  prefix: 'unit/',
  ...over,
});
const imageKey = (ext = 'png') => `t7/2026/05/${randomUUID()}.${ext}`;
const text = async (s: NodeJS.ReadableStream | null) => {
  const chunks: Buffer[] = [];
  for await (const c of s!) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};
const captured = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as StorageError;
  }
  throw new Error('expected a failure');
};

describe('the simulator verifies Signature Version 4 like S3', () => {
  // The worked examples of Amazon's "Signature Calculations for the Authorization Header" page
  // (secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY, 2013-05-24, us-east-1), so the verifier is
  // checked against published answers and not only against the SDK that also signs our requests.
  const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
  const host = 'examplebucket.s3.amazonaws.com';
  const amzDate = '20130524T000000Z';

  it('GET Object with a Range header', () => {
    const canonical = canonicalRequest({
      method: 'GET',
      rawPath: '/test.txt',
      rawQuery: '',
      headers: { host, range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_SHA256, 'x-amz-date': amzDate },
      signedHeaders: ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'],
      payloadHash: EMPTY_SHA256,
    });
    expect(signature(secret, amzDate, 'us-east-1', canonical)).toBe(
      'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('PUT Object with a key that needs encoding', () => {
    const payloadHash = '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072';
    const headers = {
      date: 'Fri, 24 May 2013 00:00:00 GMT',
      host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
      'x-amz-storage-class': 'REDUCED_REDUNDANCY',
    };
    const signedHeaders = Object.keys(headers);
    for (const rawPath of ['/test%24file.text', '/test$file.text']) {
      const canonical = canonicalRequest({ method: 'PUT', rawPath, rawQuery: '', headers, signedHeaders, payloadHash });
      expect(signature(secret, amzDate, 'us-east-1', canonical)).toBe(
        '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
      );
    }
  });

  it('GET Bucket with query parameters (sorted, valueless)', () => {
    const headers = { host, 'x-amz-content-sha256': EMPTY_SHA256, 'x-amz-date': amzDate };
    const signedHeaders = Object.keys(headers);
    const sign = (rawQuery: string) =>
      signature(
        secret,
        amzDate,
        'us-east-1',
        canonicalRequest({ method: 'GET', rawPath: '/', rawQuery, headers, signedHeaders, payloadHash: EMPTY_SHA256 }),
      );
    expect(sign('prefix=J&max-keys=2')).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
    expect(sign('lifecycle')).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
  });

  it('answers S3 XML errors: unsigned, wrong secret, unknown key id, missing key, missing bucket', async () => {
    const anonymous = await fetch(`${sim.url}/console-test/a.txt`);
    expect(anonymous.status).toBe(403);
    expect(anonymous.headers.get('content-type')).toBe('application/xml');
    expect(await anonymous.text()).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>AccessDenied<\/Code>/,
    );

    const client = (secretAccessKey: string, accessKeyId = sim.accessKeyId) =>
      new S3Client({
        region: sim.region,
        endpoint: sim.url,
        forcePathStyle: true,
        credentials: { accessKeyId, secretAccessKey },
        maxAttempts: 1,
      });
    const good = client(sim.secretAccessKey);
    await good.send(new PutObjectCommand({ Bucket: 'console-test', Key: 'raw/a b+ü.txt', Body: 'hello' }));
    expect(sim.objects.get('console-test/raw/a b+ü.txt')?.body.toString()).toBe('hello');
    const got = await good.send(new GetObjectCommand({ Bucket: 'console-test', Key: 'raw/a b+ü.txt' }));
    expect(await got.Body!.transformToString()).toBe('hello');
    await good.send(new DeleteObjectCommand({ Bucket: 'console-test', Key: 'raw/a b+ü.txt' }));
    expect(sim.objects.has('console-test/raw/a b+ü.txt')).toBe(false);

    const errorOf = (p: Promise<unknown>) =>
      p.then(
        () => ({ name: 'none', status: 0, raw: '' }),
        (e: { name: string; $metadata: { httpStatusCode: number }; $response?: { body?: unknown } }) => ({
          name: e.name,
          status: e.$metadata.httpStatusCode,
        }),
      );
    expect(
      await errorOf(client('wrong-secret').send(new GetObjectCommand({ Bucket: 'console-test', Key: 'x' }))),
    ).toEqual({ name: 'SignatureDoesNotMatch', status: 403 });
    expect(
      await errorOf(
        client(sim.secretAccessKey, 'NOSUCHKEYID').send(new GetObjectCommand({ Bucket: 'console-test', Key: 'x' })),
      ),
    ).toEqual({ name: 'InvalidAccessKeyId', status: 403 });
    expect(await errorOf(good.send(new GetObjectCommand({ Bucket: 'console-test', Key: 'missing' })))).toEqual({
      name: 'NoSuchKey',
      status: 404,
    });
    expect(await errorOf(good.send(new GetObjectCommand({ Bucket: 'no-such-bucket', Key: 'x' })))).toEqual({
      name: 'NoSuchBucket',
      status: 404,
    });
    const tampered = sim.requests.find((r) => r.code === 'SignatureDoesNotMatch');
    expect(tampered).toMatchObject({ status: 403, bucket: 'console-test', key: 'x' });
    good.destroy();
  });
});

describe('s3Storage against the simulator', () => {
  it('puts with the content type of the key, gets as a stream, reads, tells what exists; missing is null', async () => {
    const storage = s3Storage(setting());
    const key = imageKey();
    await storage.put(key, Buffer.from('png bytes'));
    const stored = sim.objects.get(`console-test/unit/${key}`);
    expect(stored?.contentType).toBe('image/png');
    expect(stored?.body.toString()).toBe('png bytes');
    // A buffer is sent with its SHA-256 signed (the simulator checked it against the body).
    expect(sim.requests.find((r) => r.method === 'PUT' && r.key === `unit/${key}`)?.payloadHash).toBe(
      createHash('sha256').update('png bytes').digest('hex'),
    );
    expect(await text(await storage.get(key))).toBe('png bytes');
    expect((await storage.read(key))?.toString()).toBe('png bytes');
    expect(await storage.exists(key)).toBe(true);

    const missing = imageKey('jpg');
    expect(await storage.get(missing)).toBeNull();
    expect(await storage.read(missing)).toBeNull();
    expect(await storage.exists(missing)).toBe(false);
    // Keys of another shape never reach the bucket.
    const before = sim.requests.length;
    expect(await storage.get('../etc/passwd')).toBeNull();
    expect(await storage.exists('t1/../../x.png')).toBe(false);
    await expect(storage.put('t1/x.png', Buffer.from('x'))).rejects.toThrow('unsafe file key');
    expect(sim.requests.length).toBe(before);
  });

  it('moves a local file (an export) into the bucket and removes it', async () => {
    const storage = s3Storage(setting({ prefix: '' }));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3-put-file-'));
    const file = path.join(dir, 'x.xlsx.part');
    fs.writeFileSync(file, 'workbook bytes');
    const key = exportKey(randomUUID());
    sim.faults.push({ status: 503, code: 'SlowDown', method: 'PUT' });
    await storage.putFile(key, file);
    expect(sim.objects.get(`console-test/${key}`)?.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(sim.objects.get(`console-test/${key}`)?.body.toString()).toBe('workbook bytes');
    expect(fs.existsSync(file)).toBe(false);
    const puts = sim.requests.filter((r) => r.key === key);
    expect(puts.map((r) => r.code ?? r.status)).toEqual(['SlowDown', 200]);
    // A stream cannot be hashed up front: sent as UNSIGNED-PAYLOAD with a length (no aws-chunked encoding).
    expect(puts[1]).toMatchObject({ payloadHash: 'UNSIGNED-PAYLOAD', headers: { 'content-length': '14' } });
    fs.rmSync(dir, { recursive: true, force: true });

    // The job retention deletes expired exports; deleting a missing key is no error.
    await storage.remove(key);
    expect(sim.objects.has(`console-test/${key}`)).toBe(false);
    await storage.remove(key);
  });

  it('retries 500 InternalError and 503 SlowDown, then fails with a StorageError naming the S3 code', async () => {
    const storage = s3Storage(setting());
    const key = imageKey();
    sim.faults.push({ status: 500, code: 'InternalError' }, { status: 503, code: 'SlowDown' });
    await storage.put(key, Buffer.from('after two faults'));
    expect((await storage.read(key))?.toString()).toBe('after two faults');
    expect(sim.requests.filter((r) => r.key === `unit/${key}`).map((r) => r.code ?? r.method)).toEqual([
      'InternalError',
      'SlowDown',
      'PUT',
      'GET',
    ]);

    sim.faults.push(...Array.from({ length: 3 }, () => ({ status: 503 as const, code: 'SlowDown' as const })));
    const err = await captured(storage.get(key));
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ status: 503, message: '文件存储暂时不可用,请稍后再试' });
    expect(err.detail).toBe(
      `S3 GetObject of s3://console-test/unit/${key} failed: SlowDown (HTTP 503) after 3 attempts`,
    );
    expect(sim.faults).toEqual([]);
  });

  it('bad credentials and a missing bucket are StorageErrors (not "missing file"), without retries', async () => {
    const key = imageKey();
    const before = sim.requests.length;
    const wrong = await captured(s3Storage(setting({ secretAccessKey: 'not-the-secret' })).get(key));
    expect(wrong.detail).toContain('SignatureDoesNotMatch (HTTP 403)');
    expect(sim.requests.length).toBe(before + 1);
    const bucket = await captured(s3Storage(setting({ bucket: 'gone-bucket' })).get(key));
    expect(bucket.detail).toContain('NoSuchBucket (HTTP 404)');
    const put = await captured(s3Storage(setting({ accessKeyId: 'UNKNOWN' })).put(key, Buffer.from('x')));
    expect(put.detail).toContain('InvalidAccessKeyId (HTTP 403)');
  });

  it('an unreachable endpoint is a StorageError too', async () => {
    const closed = await new Promise<number>((resolve) => {
      const srv = http.createServer().listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as { port: number };
        srv.close(() => resolve(port));
      });
    });
    const err = await captured(
      s3Storage(setting({ endpoint: `http://127.0.0.1:${closed}` }), { maxAttempts: 1 }).get(imageKey()),
    );
    expect(err).toBeInstanceOf(StorageError);
    expect(err.detail).toContain('ECONNREFUSED');
  });

  it('virtual-hosted style: the bucket goes in the host name', async () => {
    // Every *.s3.sim.test name resolves to the simulator.
    const lookup = (_host: string, o: { all?: boolean }, cb: (...args: unknown[]) => void) =>
      o.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4);
    const httpAgent = new http.Agent({ lookup } as http.AgentOptions);
    const port = new URL(sim.url).port;
    const storage = s3Storage(
      setting({ endpoint: `http://s3.sim.test:${port}`, forcePathStyle: false, bucket: 'other-bucket' }),
      {
        httpAgent,
      },
    );
    const key = imageKey('webp');
    await storage.put(key, Buffer.from('webp'));
    expect(sim.objects.get(`other-bucket/unit/${key}`)?.contentType).toBe('image/webp');
    expect((await storage.read(key))?.toString()).toBe('webp');
    const mine = sim.requests.filter((r) => r.key === `unit/${key}`);
    expect(mine.map((r) => [r.style, r.bucket, r.headers.host])).toEqual([
      ['virtual', 'other-bucket', `other-bucket.s3.sim.test:${port}`],
      ['virtual', 'other-bucket', `other-bucket.s3.sim.test:${port}`],
    ]);
    httpAgent.destroy();
  });
});

describe('start-up check', () => {
  it('passes on a good setting and writes its probe object', async () => {
    await checkS3Storage(setting({ prefix: 'probe/' }));
    expect(sim.objects.get(`console-test/probe/${PROBE_KEY}`)?.contentType).toBe('text/plain; charset=utf-8');
  });

  it('names what to fix', async () => {
    await expect(checkS3Storage(setting({ secretAccessKey: 'typo' }))).rejects.toThrow(
      'S3_SECRET_ACCESS_KEY does not belong to S3_ACCESS_KEY_ID (SignatureDoesNotMatch)',
    );
    await expect(checkS3Storage(setting({ accessKeyId: 'AKIAWRONG' }))).rejects.toThrow(
      `${sim.url} does not know S3_ACCESS_KEY_ID "AKIAWRONG" (InvalidAccessKeyId)`,
    );
    await expect(checkS3Storage(setting({ bucket: 'nope-bucket' }))).rejects.toThrow(
      `STORAGE=s3: storage check of s3://nope-bucket/unit/ failed: bucket "nope-bucket" does not exist at ${sim.url} (NoSuchBucket)`,
    );
    await expect(checkS3Storage(setting({ region: 'eu-west-1' }))).rejects.toThrow(
      'is not in region S3_REGION="eu-west-1"',
    );
    await expect(checkS3Storage(setting({ endpoint: 'http://127.0.0.1:9' }))).rejects.toThrow(
      'cannot reach http://127.0.0.1:9: ECONNREFUSED',
    );
  });
});

describe('STORAGE configuration', () => {
  const s3env = {
    STORAGE: 's3',
    S3_REGION: 'eu-central-1',
    S3_BUCKET: 'my-bucket',
    S3_ACCESS_KEY_ID: 'AKIA1',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('defaults to local; reads every S3 variable', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(storageSetting({ ...s3env, S3_PREFIX: '/console/img/', S3_FORCE_PATH_STYLE: 'true' })).toEqual({
      kind: 's3',
      endpoint: undefined,
      region: 'eu-central-1',
      bucket: 'my-bucket',
      accessKeyId: 'AKIA1',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'console/img/',
    });
    const minio = storageSetting({ ...s3env, S3_REGION: '', S3_ENDPOINT: 'http://minio:9000/' });
    expect(minio).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      forcePathStyle: false,
      prefix: '',
    });
  });

  it('refuses missing or malformed values with the variable name', () => {
    const bad: [Record<string, string>, string][] = [
      [{ STORAGE: 'ftp' }, 'STORAGE must be one of local, s3, got "ftp"'],
      [{ ...s3env, S3_BUCKET: '' }, 'STORAGE=s3 needs S3_BUCKET'],
      [{ ...s3env, S3_ACCESS_KEY_ID: ' ' }, 'STORAGE=s3 needs S3_ACCESS_KEY_ID'],
      [{ ...s3env, S3_SECRET_ACCESS_KEY: '' }, 'STORAGE=s3 needs S3_SECRET_ACCESS_KEY'],
      [{ ...s3env, S3_REGION: '' }, 'STORAGE=s3 needs S3_REGION'],
      [{ ...s3env, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http(s) URL'],
      [{ ...s3env, S3_ENDPOINT: 'ftp://minio' }, 'S3_ENDPOINT must be an http(s) URL'],
      [{ ...s3env, S3_BUCKET: 'My_Bucket' }, 'S3_BUCKET must be a bucket name'],
      [{ ...s3env, S3_PREFIX: 'a/../b' }, 'S3_PREFIX must be a folder name'],
      [{ ...s3env, S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE must be true or false, got "maybe"'],
    ];
    for (const [env, msg] of bad) expect(() => loadConfig(env), msg).toThrow(msg);
  });
});
