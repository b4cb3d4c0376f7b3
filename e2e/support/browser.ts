import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Download, type Page } from 'playwright-core';
import { beforeEach, inject } from 'vitest';
import { ApiClient } from './api-client';
import { chromiumLaunchOptions } from './chromium';

/**
 * The file's browser: a connection to the one Chromium the global setup started for the whole run
 * (launching and closing a browser per file cost seconds each on CI's two cores); closing it
 * closes the file's contexts and disconnects. Launched for the file when there is no shared one.
 * Downloads are read with `downloadBytes` (a remote browser has no local `download.path()`).
 */
export function launchBrowser(): Promise<Browser> {
  const ws = inject('browserWsEndpoint');
  return ws ? chromium.connect(ws) : chromium.launch(chromiumLaunchOptions());
}

/** The bytes of a finished download (works with the shared browser, unlike `download.path()`). */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Base URL and admin password provided by the global setup. */
export function env() {
  return { baseUrl: inject('baseUrl'), adminPassword: inject('adminPassword'), dataDir: inject('dataDir') };
}

/** An admin API client, signed in. */
export async function adminClient(): Promise<ApiClient> {
  const { baseUrl, adminPassword } = env();
  const api = new ApiClient(baseUrl);
  await api.login('admin', adminPassword);
  return api;
}

const ARTIFACTS = resolve(import.meta.dirname, '../artifacts');

/** Saves a screenshot of the current page into e2e/artifacts/ when a test fails. */
export function screenshotOnFailure(getPage: () => Page | undefined): void {
  beforeEach((ctx) => {
    ctx.onTestFailed(async () => {
      const page = getPage();
      if (!page || page.isClosed()) return;
      mkdirSync(ARTIFACTS, { recursive: true });
      const name = `${ctx.task.file?.name.replace(/\W+/g, '_')}--${ctx.task.name.replace(/\W+/g, '_')}.png`;
      await page.screenshot({ path: join(ARTIFACTS, name), fullPage: true }).catch(() => undefined);
    });
  });
}

/**
 * Every context: a desktop window in Chinese that asks for reduced motion, so the console's
 * animations are off (antd's through its theme, see apps/web/src/app/providers.tsx): each
 * dialog and popup is at its place at once, which saves the rendering of every frame on CI's
 * two cores. `E2E_MOTION=1` keeps the animations, to check a flow with them.
 */
const CONTEXT = {
  viewport: { width: 1440, height: 900 },
  locale: 'zh-CN',
  reducedMotion: process.env.E2E_MOTION === '1' ? 'no-preference' : 'reduce',
} as const;

/**
 * A new page of the context. With `E2E_CPU_THROTTLE=N` its renderer runs N times slower
 * (Chromium's CPU throttling), to reproduce timing failures that a busy CI machine shows now
 * and then, e.g. `E2E_CPU_THROTTLE=6 npx vitest run --project e2e e2e/tabs.test.ts`.
 */
async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const rate = Number(process.env.E2E_CPU_THROTTLE ?? 1);
  if (rate > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  }
  return page;
}

/**
 * A new browser context and page signed in as the account through the API (cookies copied
 * into the context), opened at `hash` (default `#/index`).
 */
export async function signedInPage(
  browser: Browser,
  account: string,
  password: string,
  hash = '#/index',
  /**
   * The browser's own time zone (Playwright `timezoneId`), e.g. `UTC` for a user abroad; the
   * server when it is not the shared e2e server (a test that starts its own).
   */
  opts: {
    timezoneId?: string;
    baseUrl?: string;
    /**
     * Called with the new page before its first navigation: listeners and init scripts set here
     * see the landing page's load too (no reload needed).
     */
    beforeGoto?: (page: Page) => Promise<void> | void;
  } = {},
) {
  const { baseUrl: shared } = env();
  const { baseUrl = shared, beforeGoto, ...contextOpts } = opts;
  const api = new ApiClient(baseUrl);
  const login = await api.login(account, password);
  const context = await browser.newContext({ ...CONTEXT, ...contextOpts });
  await api.toBrowser(context);
  const page = await newPage(context);
  await beforeGoto?.(page);
  await page.goto(`${baseUrl}/${hash}`);
  return { context, page, api, uid: login.uid };
}

/** A fresh context and page without a session. */
export async function anonymousPage(browser: Browser, hash = '#/login') {
  const { baseUrl } = env();
  const context = await browser.newContext(CONTEXT);
  const page = await newPage(context);
  await page.goto(`${baseUrl}/${hash}`);
  return { context, page };
}
