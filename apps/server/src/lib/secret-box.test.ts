import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { parseSecretKey, secretBox, secretBoxOf } from './secret-box.js';

const key = () => crypto.randomBytes(32);

describe('secret box (AES-256-GCM at rest)', () => {
  it('seals with a fresh nonce each time and opens only what it sealed', () => {
    const box = secretBoxOf(key());
    const a = box.seal('Atzr|refresh');
    const b = box.seal('Atzr|refresh');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(a).not.toContain('Atzr');
    expect(box.open(a)).toBe('Atzr|refresh');
    // A changed byte fails authentication instead of decrypting to garbage.
    const parts = a.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0]! ^= 1;
    expect(() => box.open([...parts.slice(0, 3), body.toString('base64url')].join('.'))).toThrow();
    expect(() => secretBoxOf(key()).open(a)).toThrow(/SECRET_KEY_PREVIOUS/);
  });

  it('opens values of a previous key after a rotation and tells which are current', () => {
    const oldKey = key();
    const sealed = secretBoxOf(oldKey).seal('t');
    const rotated = secretBoxOf(key(), [oldKey]);
    expect(rotated.open(sealed)).toBe('t');
    expect(rotated.isCurrent(sealed)).toBe(false);
    expect(rotated.isCurrent(rotated.seal('t'))).toBe(true);
  });

  it('reads SECRET_KEY as hex or base64 and refuses other lengths', () => {
    const k = key();
    expect(parseSecretKey(k.toString('hex'), 'SECRET_KEY').equals(k)).toBe(true);
    expect(parseSecretKey(k.toString('base64'), 'SECRET_KEY').equals(k)).toBe(true);
    expect(() => parseSecretKey('short', 'SECRET_KEY')).toThrow('SECRET_KEY must be 32 bytes');
  });

  it('without SECRET_KEY generates DATA_DIR/secret.key once, mode 0600, and reuses it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-box-'));
    try {
      const sealed = secretBox({ ...loadConfig({}), dataDir }).seal('x');
      const file = path.join(dataDir, 'secret.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      // Another process (another configuration object) reads the same key.
      expect(secretBox({ ...loadConfig({}), dataDir }).open(sealed)).toBe('x');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
