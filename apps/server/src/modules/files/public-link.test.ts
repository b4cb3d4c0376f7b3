import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { marketplaceImageUrl, ownPublicFile } from './public-link.js';

/** Explicit keys: nothing is written into a data folder. */
const SECRET = 'a'.repeat(64);
const KEY = 't7/2026/11/0b6f3c1e-5d1a-4c55-9a43-2f1de0a0c111.png';

describe('ownPublicFile: a listing image link back to the stored file', () => {
  it('resolves signed links on PUBLIC_URL and on the loopback address, and nothing else', () => {
    const config = { ...loadConfig({}), port: 8080, secretKey: SECRET, publicUrl: 'https://console.example.com' };
    const signed = (base: string) => marketplaceImageUrl(config, base, `/PDD/files/${KEY}`);
    expect(ownPublicFile(config, signed('https://console.example.com'))).toEqual({ key: KEY });
    expect(ownPublicFile(config, signed('http://127.0.0.1:8080'))).toEqual({ key: KEY });
    expect(ownPublicFile(config, signed('http://localhost:8080/'))).toEqual({ key: KEY });
    // Another host or port is not the console's: the ordinary fetch check applies there.
    expect(ownPublicFile(config, signed('https://images.example.net'))).toBeUndefined();
    expect(ownPublicFile(config, signed('http://127.0.0.1:9999'))).toBeUndefined();
    expect(ownPublicFile(config, 'https://m.media-amazon.com/images/I/x.jpg')).toBeUndefined();
    expect(ownPublicFile(config, 'not a url')).toBeUndefined();
  });

  it('finds no file behind a forged signature, another key or a mangled path', () => {
    const config = { ...loadConfig({}), port: 8080, secretKey: SECRET, publicUrl: undefined };
    const good = marketplaceImageUrl(config, 'http://127.0.0.1:8080', `/PDD/files/${KEY}`);
    const sig = /public-files\/([^/]+)\//.exec(good)![1]!;
    const base = 'http://127.0.0.1:8080/PDD/public-files';
    expect(ownPublicFile(config, `${base}/${'A'.repeat(32)}/${KEY}`)).toEqual({ key: undefined });
    expect(ownPublicFile(config, `${base}/${sig}/${KEY.replace('t7/', 't8/')}`)).toEqual({ key: undefined });
    expect(ownPublicFile(config, `${base}/${sig}/t7/2026/11/secret.txt`)).toEqual({ key: undefined });
    expect(ownPublicFile(config, `${base}/${sig}`)).toEqual({ key: undefined });
    // Another secret key signs differently.
    const other = { ...config, secretKey: 'b'.repeat(64) };
    expect(ownPublicFile(other, good)).toEqual({ key: undefined });
  });
});
