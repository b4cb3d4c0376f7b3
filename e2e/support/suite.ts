// The set-up every browser test file of the warehouse areas repeats (海外仓, 头程发货): one
// browser per file, a screenshot of the current page when a test fails, the envelope check of
// API set-up calls and the pick of a select's option by test id.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { createMainAccount } from './api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './browser';
import { clickInPopup } from './popup';

/** The file's browser (launched before its tests, closed after) and the page a failure shoots. */
export interface BrowserSuite {
  readonly browser: Browser;
  page: Page | undefined;
}

/** Registers the file's browser hooks; set `page` to the page a failure should screenshot. */
export function browserSuite(): BrowserSuite {
  let browser: Browser | undefined;
  const suite = {
    get browser() {
      if (!browser) throw new Error('the browser is launched in beforeAll');
      return browser;
    },
    page: undefined as Page | undefined,
  };
  screenshotOnFailure(() => suite.page);
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return suite;
}

/** The data of a 200 envelope; fails the test with the envelope's message otherwise. */
export function ok<T>(r: { status: number; msg: string; data: T }): T {
  expect(r.status, r.msg).toBe(200);
  return r.data;
}

/** Opens the select with `testId` and picks its option showing `text`. */
export async function pickByTestId(p: Page, testId: string, text: string): Promise<void> {
  await p.getByTestId(testId).click();
  await clickInPopup(
    p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }),
  );
}

/** A new main account (a seller) signed in at `hash`; the page becomes the one a failure shoots. */
export async function sellerPage(suite: BrowserSuite, hash: string) {
  const seller = createMainAccount(env().dataDir, 0);
  const s = await signedInPage(suite.browser, seller.account, seller.password, hash);
  suite.page = s.page;
  return { seller, ...s };
}

/** Waits until `f` answers something truthy (polling every 200 ms), failing after `ms`. */
export async function until<T>(what: string, f: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
