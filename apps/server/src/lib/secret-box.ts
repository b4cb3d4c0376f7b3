import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/**
 * Encryption at rest of stored credentials (shops' LWA refresh tokens): AES-256-GCM with a
 * random 96-bit nonce per value. A sealed value is `v1.<key id>.<nonce>.<ciphertext+tag>`
 * (base64url); the key id (first 8 hex digits of the key's SHA-256) says which key sealed it,
 * so after a rotation values sealed with an earlier key (SECRET_KEY_PREVIOUS) still open and
 * `npm run admin -- rotate-secrets` re-seals them with the current one (docs/shops.md).
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain text; throws when the value is damaged or its key is not configured. */
  open(sealed: string): string;
  /** Whether a sealed value was sealed with the current key. */
  isCurrent(sealed: string): boolean;
  /** A 32-byte key for another purpose, derived from the current key (HKDF-SHA256 with `label`). */
  derive(label: string): Buffer;
}

const KEY_FILE = 'secret.key';

/** Parses a key setting: 64 hex digits or base64 of 32 bytes. */
export function parseSecretKey(raw: string, name: string): Buffer {
  const v = raw.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes as 64 hex digits or base64`);
  return key;
}

/** The current key: SECRET_KEY, else `DATA_DIR/secret.key`, created (mode 0600) on first use. */
function currentKey(config: Config): Buffer {
  if (config.secretKey) return parseSecretKey(config.secretKey, 'SECRET_KEY');
  const file = path.join(config.dataDir, KEY_FILE);
  try {
    return parseSecretKey(fs.readFileSync(file, 'utf8'), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const key = crypto.randomBytes(32);
  try {
    // `wx`: two processes starting at once do not overwrite each other's key.
    fs.writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return parseSecretKey(fs.readFileSync(file, 'utf8'), file);
    throw err;
  }
}

const keyId = (key: Buffer) => crypto.createHash('sha256').update(key).digest('hex').slice(0, 8);

/** A box over an explicit key list (the first seals); exported for tests and the rotation command. */
export function secretBoxOf(current: Buffer, previous: Buffer[] = []): SecretBox {
  const keys = new Map<string, Buffer>();
  for (const k of [current, ...previous]) keys.set(keyId(k), k);
  const currentId = keyId(current);
  return {
    seal(plain) {
      const nonce = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', current, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `v1.${currentId}.${nonce.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed) {
      const [v, id, nonce, body] = sealed.split('.');
      if (v !== 'v1' || !id || !nonce || !body) throw new Error('sealed value has an unknown format');
      const key = keys.get(id);
      if (!key) throw new Error(`sealed with key ${id}, which is neither SECRET_KEY nor in SECRET_KEY_PREVIOUS`);
      const data = Buffer.from(body, 'base64url');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(data.subarray(data.length - 16));
      return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
    },
    isCurrent(sealed) {
      return sealed.split('.')[1] === currentId;
    },
    derive(label) {
      return Buffer.from(crypto.hkdfSync('sha256', current, Buffer.alloc(0), label, 32));
    },
  };
}

const boxes = new WeakMap<Config, SecretBox>();

/** The box of a configuration (keys read once per configuration). */
export function secretBox(config: Config): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    const previous = config.secretKeyPrevious.map((k, i) => parseSecretKey(k, `SECRET_KEY_PREVIOUS[${i}]`));
    box = secretBoxOf(currentKey(config), previous);
    boxes.set(config, box);
  }
  return box;
}
