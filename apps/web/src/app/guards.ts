import { type LoaderFunctionArgs, redirect } from 'react-router';
import { AFTER_LOGIN_KEY } from '../stores/user-storage';
import { bootstrap, ensureUser, hasSession } from './bootstrap';

/**
 * Guard of every route needing sign-in (spec section 2 "Access rules"): waits for the
 * stored settings, sends visitors without a session to /login (no redirect query).
 */
export async function authGuard({ request }: LoaderFunctionArgs) {
  await bootstrap();
  const url = new URL(request.url);
  if (!hasSession()) {
    // The QR confirmation page must come back after sign-in; remembered out of the URL.
    if (url.pathname === '/qr-confirm') sessionStorage.setItem(AFTER_LOGIN_KEY, url.pathname + url.search);
    throw redirect('/login');
  }
  if (!(await ensureUser())) throw redirect('/login');
  return null;
}

/** Guard of /login: a signed-in user goes to the root path. */
export async function loginGuard() {
  await bootstrap();
  if (hasSession()) throw redirect('/');
  return null;
}

/** Guard of open routes (404): only waits for the stored settings. */
export async function openGuard() {
  await bootstrap();
  return null;
}
