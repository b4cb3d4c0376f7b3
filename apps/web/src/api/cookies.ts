import { COOKIE } from '@console/shared/constants/app';

/** Reads a readable (non-HttpOnly) cookie. */
export function readCookie(name: string): string {
  if (typeof document === 'undefined') return '';
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return '';
}

/** Removes a readable cookie (HttpOnly ones are cleared by the server on loginOut). */
export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every supported browser
  document.cookie = `${name}=; Max-Age=0; path=/`;
}

/** The CSRF token: the session's readable `uuid` cookie. */
export function csrfToken(): string {
  return readCookie(COOKIE.uuid);
}

/** The signed-in uid from its readable cookie, or null. */
export function currentUid(): number | null {
  const n = Number(readCookie(COOKIE.uid));
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** A session exists when the readable uuid cookie is present (the token itself is HttpOnly). */
export function hasSession(): boolean {
  return csrfToken() !== '' && currentUid() !== null;
}

/** Removes the readable session cookies (token and uuid per spec section 4; uid too on sign-out). */
export function clearSessionCookies(): void {
  removeCookie(COOKIE.uuid);
  removeCookie(COOKIE.uid);
  removeCookie(COOKIE.token);
}
