/** Product identity shared by server and web (spec section 9: version 1.0.1, storage prefix). */
export const PRODUCT_NAME = '店群助手';
/** Short ASCII product key used as prefix of cookies and local-storage keys. */
export const PRODUCT_KEY = 'dqzs';
export const APP_VERSION = '1.0.1';
/** Build time shown in the version info (spec section 9). */
export const BUILD_TIME = '2025-10-23';
/** Prefix of every cookie and local-storage key: product key and version. */
export const STORAGE_PREFIX = `${PRODUCT_KEY}-${APP_VERSION}`;

/** Cookie names. Secrets are HttpOnly; `uuid` is readable and doubles as the CSRF token. */
export const COOKIE = {
  token: `${STORAGE_PREFIX}-token`,
  refresh: `${STORAGE_PREFIX}-refresh`,
  uuid: `${STORAGE_PREFIX}-uuid`,
  uid: `${STORAGE_PREFIX}-uid`,
  captcha: `${STORAGE_PREFIX}-captcha`,
  qr: `${STORAGE_PREFIX}-qr`,
} as const;

/** Header a cookie-authenticated client must send on every state-changing request. */
export const CSRF_HEADER = 'x-csrf-token';
/** Header an API client sends on login/refresh to receive token secrets in the body instead of cookies. */
export const AUTH_MODE_HEADER = 'x-auth-mode';

/** API base prefix (spec section 7). */
export const API_PREFIX = '/PDD';
