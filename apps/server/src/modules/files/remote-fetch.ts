import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { badRequest } from '../../lib/app-error.js';

export const PRIVATE_MSG = '不允许访问内网或本机地址';

/** Whether an address is private, loopback, link-local, multicast or otherwise not public. */
export function isNonPublic(ip: string): { loopback: boolean; blocked: boolean } {
  const v4 = net.isIPv4(ip) ? ip : ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : null;
  if (v4) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    const loopback = a === 127;
    const blocked =
      loopback ||
      a === 0 ||
      a === 10 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224;
    return { loopback, blocked };
  }
  const lower = ip.toLowerCase();
  const loopback = lower === '::1';
  const blocked =
    loopback ||
    lower === '::' ||
    lower.startsWith('fc') ||
    lower.startsWith('fd') ||
    lower.startsWith('fe80') ||
    lower.startsWith('ff');
  return { loopback, blocked };
}

/**
 * Downloads a public http(s) resource, at most `maxBytes`, following up to 3 redirects.
 * The address is resolved and checked before connecting, and the connection uses exactly
 * the checked address (no second lookup an attacker could rebind).
 */
export async function fetchPublic(
  rawUrl: string,
  opts: { maxBytes: number; timeoutMs?: number; allowLoopback?: boolean },
  redirects = 3,
): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw badRequest('图片地址不合法');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('只支持 http 或 https 地址');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host)
    ? [{ address: host, family: net.isIP(host) }]
    : await dns.lookup(host, { all: true }).catch(() => []);
  if (addresses.length === 0) throw badRequest(`无法解析域名: ${host}`);
  for (const a of addresses) {
    const { loopback, blocked } = isNonPublic(a.address);
    if (blocked && !(loopback && opts.allowLoopback)) throw badRequest(PRIVATE_MSG);
  }
  const chosen = addresses[0]!;
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise<Buffer>((resolve, reject) => {
    const req = lib.get(
      url,
      {
        timeout: opts.timeoutMs ?? 15_000,
        lookup: (_h, _o, cb) => cb(null, chosen.address, chosen.family),
        headers: { 'user-agent': 'store-group-console/1.0.1' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          if (redirects === 0) return reject(badRequest('重定向次数过多'));
          const next = new URL(res.headers.location, url).toString();
          return resolve(fetchPublic(next, opts, redirects - 1));
        }
        if (status !== 200) {
          res.resume();
          return reject(badRequest(`下载失败 (HTTP ${status})`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > opts.maxBytes) {
            req.destroy();
            reject(badRequest(`文件超过 ${Math.round(opts.maxBytes / 1024 / 1024)}MB`));
          } else chunks.push(c);
        });
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => reject(e instanceof Error && 'status' in e ? e : badRequest(`下载失败: ${e.message}`)));
  });
}
