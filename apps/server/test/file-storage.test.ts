import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import {
  contentTypeOf,
  exportKey,
  isSafeKey,
  isStorageKey,
  localStorage,
  StorageError,
} from '../src/modules/files/file-storage.js';
import { checkFileStorage, describeStorage, fileStorage } from '../src/modules/files/storage.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-storage-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const text = async (s: NodeJS.ReadableStream | null) => {
  const chunks: Buffer[] = [];
  for await (const c of s!) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('keys', () => {
  it('images are served and stored; exports are stored only; anything else neither', () => {
    const id = randomUUID();
    expect(isSafeKey(`t3/2026/05/${id}.png`)).toBe(true);
    expect(isSafeKey(`t3/2026/05/${id}_w200.jpg`)).toBe(true);
    expect(isSafeKey(exportKey(id))).toBe(false);
    expect(isStorageKey(exportKey(id))).toBe(true);
    for (const bad of [`t3/2026/05/${id}.svg`, `../t3/2026/05/${id}.png`, `exports/${id}.xlsx/../x`, `exports/x.xlsx`])
      expect(isStorageKey(bad), bad).toBe(false);
    expect(contentTypeOf(`t3/2026/05/${id}.webp`)).toBe('image/webp');
    expect(contentTypeOf(exportKey(id))).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });
});

describe('localStorage', () => {
  const storage = localStorage(dataDir);

  it('keeps images under DATA_DIR/files and exports under DATA_DIR/exports; missing is null', async () => {
    const key = `t9/2026/05/${randomUUID()}.gif`;
    await storage.put(key, Buffer.from('gif'));
    expect(fs.readFileSync(path.join(dataDir, 'files', key), 'utf8')).toBe('gif');
    expect(await text(await storage.get(key))).toBe('gif');
    expect((await storage.read(key))?.toString()).toBe('gif');
    expect(await storage.exists(key)).toBe(true);

    const missing = `t9/2026/05/${randomUUID()}.gif`;
    expect(await storage.get(missing)).toBeNull();
    expect(await storage.read(missing)).toBeNull();
    expect(await storage.exists(missing)).toBe(false);
    expect(await storage.get('../../etc/passwd')).toBeNull();
    await expect(storage.put('../x.png', Buffer.from('x'))).rejects.toThrow('unsafe file key');

    const job = randomUUID();
    const part = path.join(dataDir, 'exports', `${job}.xlsx.part`);
    fs.mkdirSync(path.dirname(part), { recursive: true });
    fs.writeFileSync(part, 'book');
    await storage.putFile(exportKey(job), part);
    expect(fs.existsSync(part)).toBe(false);
    expect(fs.readFileSync(path.join(dataDir, 'exports', `${job}.xlsx`), 'utf8')).toBe('book');
    expect((await storage.read(exportKey(job)))?.toString()).toBe('book');

    // The job retention removes expired exports; removing what is gone is no error.
    await storage.remove(exportKey(job));
    expect(await storage.exists(exportKey(job))).toBe(false);
    await storage.remove(exportKey(job));
    await expect(storage.remove('../x.xlsx')).rejects.toThrow('unsafe file key');
  });

  it('a failure other than "missing" is a StorageError', async () => {
    const key = `t9/2026/05/${randomUUID()}.png`;
    // A folder where the file should be: reading it fails with EISDIR, which is not "missing".
    fs.mkdirSync(path.join(dataDir, 'files', key), { recursive: true });
    await expect(storage.read(key)).rejects.toBeInstanceOf(StorageError);
    await expect(storage.put(key, Buffer.from('x'))).rejects.toMatchObject({
      status: 503,
      message: '文件存储暂时不可用,请稍后再试',
    });
  });
});

describe('fileStorage(config)', () => {
  it('picks the storage of the configuration, one per configuration', async () => {
    const local = { ...loadConfig({}), dataDir };
    expect(fileStorage(local).kind).toBe('local');
    expect(fileStorage(local)).toBe(fileStorage(local));
    expect(describeStorage(local)).toBe(`local folder ${path.join(dataDir, 'files')}`);
    await checkFileStorage({ ...local, dataDir: path.join(dataDir, 'not', 'yet') });
    expect(fs.existsSync(path.join(dataDir, 'not'))).toBe(false);
    const s3 = loadConfig({
      STORAGE: 's3',
      S3_REGION: 'eu-west-1',
      S3_BUCKET: 'my-bucket',
      S3_PREFIX: 'img',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(fileStorage(s3).kind).toBe('s3');
    expect(describeStorage(s3)).toBe('s3://my-bucket/img/ at AWS eu-west-1');
  });
});
