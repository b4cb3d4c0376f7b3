import { z } from 'zod';
import { MSG } from './rules.js';

/**
 * Web addresses people type (issue 27 §5): only `http:` and `https:` are ever accepted, stored
 * or rendered as a link. `javascript:`, `data:`, `vbscript:`, `file:` and every other scheme
 * would run script or show attacker content from the console's origin when a colleague clicks
 * the link (the order drawer's 供应商链接 renders a product's `link_url` as an `href`).
 */

/**
 * `http://` or `https://`, then a host (no blank, slash, backslash, `?` or `#` in it), then
 * optionally a path, query or fragment (control characters are refused by `hasControl`).
 */
const HTTP_URL = /^https?:\/\/[^\s/\\?#]+(?:[/?#].*)?$/i;

/** Whether a text holds a control character (a browser skips some of them inside a scheme). */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/**
 * Whether a text is an absolute http(s) address with a host. The scheme is read from the text
 * itself, which may not start with blanks or hold control characters a browser would skip, so
 * `javascript:` or `data:` never pass under any spelling.
 */
export function isHttpUrl(text: string): boolean {
  return HTTP_URL.test(text) && !hasControl(text);
}

/**
 * Whether a text is an image address the console may show: an http(s) address, or a path of
 * the console's own origin (`/PDD/files/…`, as uploads are stored; not `//host`, not `\`).
 */
export function isImageUrl(text: string): boolean {
  if (text.startsWith('/')) return !text.startsWith('//') && !text.includes('\\') && !hasControl(text);
  return isHttpUrl(text);
}

/** The address for an `href`, or undefined when it is not http(s) (older stored values are never rendered as links). */
export function safeHref(text: string | null | undefined): string | undefined {
  const t = text?.trim();
  return t && isHttpUrl(t) ? t : undefined;
}

/** The message of a refused address. */
export const HTTP_URL_MSG = (label: string) => `${label}必须是以http://或https://开头的网址`;

/**
 * The one schema of a typed web address in a request: trimmed, at most `max` characters, http(s)
 * only; with `allowEmpty`, an empty text clears the field.
 */
export const httpUrl = (label: string, o: { max?: number; allowEmpty?: boolean } = {}) => {
  const max = o.max ?? 2000;
  return z
    .string({ error: HTTP_URL_MSG(label) })
    .trim()
    .max(max, { error: MSG.maxLength(max) })
    .refine((s) => (o.allowEmpty && s === '') || isHttpUrl(s), { error: HTTP_URL_MSG(label) });
};

/** The schema of an image address in a request: http(s) or a path of the console's own origin. */
export const imageUrl = (label = '图片地址', max = 2000) =>
  z
    .string({ error: `${label}不合法` })
    .trim()
    .max(max, { error: MSG.maxLength(max) })
    .refine(isImageUrl, { error: `${label}必须是http(s)网址或已上传的图片` });
