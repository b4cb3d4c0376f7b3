// Roles on day one (issue 29 §5): each of the seven roles signs in and opens every menu entry it
// sees; no entry may show an error toast, 无权访问, an HTTP 403 (or 5xx) from the API, or a console
// error. One browser and the shared e2e server for the whole file; a failure names role and entry.
import { AUTH_NAMES, type Auth } from '@console/shared/constants/roles';
import { MENU_ITEMS } from '@console/shared/menu/menu-tree';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createChild, createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { bindSandboxShop } from './support/sandbox-shop';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

const accounts = new Map<Auth, { account: string; password: string }>();

beforeAll(async () => {
  browser = await launchBrowser();
  // Main accounts 0, 4 and 5 are tenants of their own; 1, 2, 3 and 6 are children of the company admin.
  for (const auth of [0, 4, 5] as const) accounts.set(auth, createMainAccount(env().dataDir, auth));
  const admin = new ApiClient(env().baseUrl);
  const company = accounts.get(0)!;
  await admin.login(company.account, company.password);
  // A shop, so the pages with shop filters have something to list.
  await bindSandboxShop(admin, '角色菜单店');
  for (const auth of [1, 2, 3, 6] as const) accounts.set(auth, await createChild(admin, auth));
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Error toasts and the no-access text as they appear (they may vanish before anyone looks), and
 * the page's own count of API calls not yet answered and handled (fetch and XHR).
 */
const WATCH_SCRIPT = () => {
  const w = window as unknown as { __roleProblems: string[]; __pendingCalls: number };
  w.__roleProblems = [];
  w.__pendingCalls = 0;
  const look = (node: Node) => {
    if (!(node instanceof HTMLElement)) return;
    const hits = [
      ...(node.matches('.ant-message-error, .ant-notification-notice-error') ? [node] : []),
      ...Array.from(node.querySelectorAll('.ant-message-error, .ant-notification-notice-error')),
    ];
    for (const h of hits) w.__roleProblems.push(`error toast: ${(h as HTMLElement).innerText.trim()}`);
    if (node.innerText?.includes('无权访问')) w.__roleProblems.push('无权访问');
  };
  new MutationObserver((records) => {
    for (const r of records) for (const n of Array.from(r.addedNodes)) look(n);
  }).observe(document, { childList: true, subtree: true });
  const nativeFetch = window.fetch;
  window.fetch = function (this: unknown, ...args: Parameters<typeof fetch>) {
    w.__pendingCalls += 1;
    const done = () => {
      // Counted down one task later, so the code awaiting the answer has run.
      setTimeout(() => {
        w.__pendingCalls -= 1;
      });
    };
    const res = nativeFetch.apply(this, args);
    res.then(done, done);
    return res;
  } as typeof fetch;
  const nativeSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['send']>) {
    w.__pendingCalls += 1;
    this.addEventListener('loadend', () => setTimeout(() => (w.__pendingCalls -= 1)), { once: true });
    return nativeSend.apply(this, args);
  };
};

/**
 * Resolves once the page has been idle twice in a row (no task left, twice), answering its count
 * of unanswered API calls: a screen's first reads start once its chunk has run and its effects fired.
 */
const IDLE_SCRIPT = () =>
  new Promise<number>((resolve) => {
    const w = window as unknown as { __pendingCalls: number };
    requestIdleCallback(() => requestIdleCallback(() => resolve(w.__pendingCalls), { timeout: 2_000 }), {
      timeout: 2_000,
    });
  });

/** The path of a menu entry below the section titled `section`. */
function pathOf(section: string, entry: string): string {
  const parent = MENU_ITEMS.find((m) => m.parent_id === 0 && m.name === section);
  const item = MENU_ITEMS.find((m) => m.parent_id === parent?.menu_id && m.name === entry);
  if (!item) throw new Error(`no menu entry ${section} / ${entry}`);
  return item.url;
}

/** Walks every entry of the side menu as `auth`; answers the problems seen, one line each. */
async function walkMenu(auth: Auth): Promise<{ visited: string[]; problems: string[] }> {
  const { account, password } = accounts.get(auth)!;
  const problems: string[] = [];
  let where = '登录后首页';
  const report = (at: string, what: string) => problems.push(`${AUTH_NAMES[auth]} ${at}: ${what}`);

  // Requests of the app's own origin (API and lazily loaded screens): how many are in flight, how
  // many started so far, and the entry that was open when each started (a failure names it even
  // when its answer comes late).
  let inFlight = 0;
  let started = 0;
  const openedAt = new Map<Request, string>();
  const own = (url: string) => url.startsWith(env().baseUrl);
  const watch = async (p: Page) => {
    p.on('request', (r) => {
      if (!own(r.url())) return;
      inFlight += 1;
      started += 1;
      openedAt.set(r, where);
    });
    const done = (r: Request) => {
      if (!own(r.url())) return;
      inFlight -= 1;
    };
    p.on('requestfinished', done);
    p.on('requestfailed', done);
    p.on('response', (r) => {
      if (!r.url().includes('/PDD/')) return;
      const at = openedAt.get(r.request()) ?? where;
      if (r.status() === 403 || r.status() >= 500) report(at, `HTTP ${r.status()} ${new URL(r.url()).pathname}`);
    });
    p.on('console', (m) => {
      if (m.type() === 'error') report(where, `console error: ${m.text()}`);
    });
    p.on('pageerror', (e) => report(where, `page error: ${e.message}`));
    // From the first paint of the landing page on.
    await p.addInitScript(WATCH_SCRIPT);
  };
  const s = await signedInPage(browser, account, password, '#/index', { beforeGoto: watch });
  page = s.page;
  const p = s.page;

  const settle = async () => {
    // Settled: nothing of our origin in flight, and none started while the page went idle twice
    // with no API call of its own unanswered.
    const end = Date.now() + 20_000;
    for (;;) {
      await expect.poll(() => inFlight <= 0, { timeout: 20_000, interval: 20 }).toBe(true);
      const mark = started;
      const pending = await p.evaluate(IDLE_SCRIPT);
      if (pending === 0 && inFlight <= 0 && started === mark) break;
      if (Date.now() > end) throw new Error(`${AUTH_NAMES[auth]} ${where}: the screen never settled`);
    }
    const seen = await p.evaluate(() => {
      const w = window as unknown as { __roleProblems: string[] };
      const out = w.__roleProblems.splice(0);
      if (document.body.innerText.includes('无权访问')) out.push('无权访问 (on screen)');
      return out;
    });
    for (const x of new Set(seen)) report(where, x);
  };

  const side = p.locator('.side-menu');
  await side.waitFor();
  await settle();
  const visited: string[] = [];
  let previous: string | undefined;
  const sections = await side.locator(':scope > li.ant-menu-submenu > .ant-menu-submenu-title').allInnerTexts();
  expect(sections.length, `${AUTH_NAMES[auth]} has a menu`).toBeGreaterThan(0);
  for (const section of sections.map((t) => t.trim())) {
    const sub = side.locator(':scope > li.ant-menu-submenu', {
      has: p.locator(':scope > .ant-menu-submenu-title', { hasText: section }),
    });
    if (!(await sub.evaluate((el) => el.classList.contains('ant-menu-submenu-open')))) {
      await sub.locator(':scope > .ant-menu-submenu-title').click();
    }
    const leaves = sub.locator('li.ant-menu-item');
    await leaves.first().waitFor();
    const names = (await leaves.allInnerTexts()).map((t) => t.trim());
    for (const name of names) {
      where = `${section} / ${name}`;
      const path = pathOf(section, name);
      await leaves.getByText(name, { exact: true }).click();
      await p.locator(`.ant-tabs-tab-active [data-tab="${path}"]`).waitFor();
      await settle();
      // The entry before is closed once this one is open (closing the open tab would go back to
      // 首页 and fold the menu): every screen opened stays mounted in its tab otherwise, and
      // sixty of them make each further switch slower. Nothing was typed, so nobody is asked.
      if (previous && previous !== path) {
        await p.locator(`[data-tab="${previous}"]`).click({ button: 'middle' });
        await p.locator(`[data-tab="${previous}"]`).waitFor({ state: 'detached' });
      }
      previous = path === '/index' ? undefined : path;
      visited.push(where);
    }
  }
  await s.context.close();
  return { visited, problems };
}

describe('every role opens every menu entry it sees without an error', () => {
  for (const auth of [0, 1, 2, 3, 4, 5, 6] as const) {
    it(`${AUTH_NAMES[auth]} (auth ${auth})`, { timeout: 420_000 }, async () => {
      const { visited, problems } = await walkMenu(auth);
      expect(visited.length).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    });
  }
});
