import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import { secretBox } from '../../lib/secret-box.js';
import { isSafeKey } from './file-storage.js';

/** Path of a stored file's public link: `/PDD/public-files/<signature>/<key>`. */
export const PUBLIC_FILES_PATH = '/PDD/public-files';
/** A console file URL (`/PDD/files/<key>`, relative or on any host). */
const OWN_FILE = /^(?:https?:\/\/[^/]+)?\/PDD\/files\/(.+)$/;

function signature(config: Config, key: string): string {
  return createHmac('sha256', secretBox(config).derive('public-file-links'))
    .update(key)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * The public link of a stored file: signed with a key derived from the console's secret key,
 * so it can be fetched without a session (Amazon fetching a listing's images) but not guessed
 * for another file. Rotating SECRET_KEY changes every link (upload again afterwards).
 */
export function publicFileUrl(config: Config, base: string, key: string): string {
  return `${base.replace(/\/+$/, '')}${PUBLIC_FILES_PATH}/${signature(config, key)}/${key}`;
}

/** Whether a public link's signature is the file's. */
export function publicLinkValid(config: Config, sig: string, key: string): boolean {
  const want = Buffer.from(signature(config, key));
  const got = Buffer.from(sig);
  return got.length === want.length && timingSafeEqual(got, want);
}

/**
 * A product image URL as a marketplace must get it: the console's own files become their signed
 * public links on `base`; other URLs stay as they are.
 */
export function marketplaceImageUrl(config: Config, base: string, url: string): string {
  const own = OWN_FILE.exec(url.trim());
  return own ? publicFileUrl(config, base, decodeURIComponent(own[1]!)) : url;
}

/** The console's own addresses a listing's image link can be on: PUBLIC_URL and this server's loopback address. */
function ownBases(config: Config): string[] {
  const bases = [`http://127.0.0.1:${config.port}`, `http://localhost:${config.port}`];
  if (config.publicUrl) bases.unshift(config.publicUrl);
  return bases.flatMap((b) => {
    try {
      const u = new URL(b);
      return [`${u.origin}${u.pathname.replace(/\/+$/, '')}${PUBLIC_FILES_PATH}/`];
    } catch {
      return [];
    }
  });
}

/**
 * Resolves a link back to the console's own stored file (the in-server sandbox reads it from the
 * file store instead of fetching its own address). Undefined for a URL that is not a public link
 * on one of the console's own addresses; `{ key: undefined }` for one that is but whose
 * signature or key is not a stored file's (a forged or mangled link: no image there).
 */
export function ownPublicFile(config: Config, url: string): { key: string | undefined } | undefined {
  let href: string;
  try {
    const u = new URL(url.trim());
    href = `${u.origin}${u.pathname}`;
  } catch {
    return undefined;
  }
  const base = ownBases(config).find((b) => href.toLowerCase().startsWith(b.toLowerCase()));
  if (!base) return undefined;
  let rest: string;
  try {
    rest = decodeURIComponent(href.slice(base.length));
  } catch {
    return { key: undefined };
  }
  const slash = rest.indexOf('/');
  const sig = rest.slice(0, slash);
  const key = rest.slice(slash + 1);
  if (slash <= 0 || !isSafeKey(key) || !publicLinkValid(config, sig, key)) return { key: undefined };
  return { key };
}
