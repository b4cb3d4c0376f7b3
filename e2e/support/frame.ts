import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { env } from './browser';
import { clickInPopup } from './popup';

/** Titles of the open tabs, in order. */
export async function tabTitles(page: Page): Promise<string[]> {
  return page.locator('[data-testid=tab-bar] .tab-label').allTextContents();
}

/** Navigates inside the app (hash route) and waits for the tab to be active. */
export async function openRoute(page: Page, path: string, title: string): Promise<void> {
  await page.evaluate((p) => {
    location.hash = `#${p}`;
  }, path);
  await page.locator(`.ant-tabs-tab-active [data-tab="${path}"]`, { hasText: title }).waitFor();
}

const OPEN_DROPDOWN = '.ant-dropdown:not(.ant-dropdown-hidden)';

/** The tab of a route path. */
export function tabOf(page: Page, path: string) {
  return page.locator(`[data-testid=tab-bar] [data-tab="${path}"]`);
}

async function pick(page: Page, command: string) {
  await clickInPopup(page.locator(OPEN_DROPDOWN).getByRole('menuitem', { name: command, exact: true }));
  // Wait for the menu to close (its leave animation) so the next one is unambiguous.
  await page
    .locator(OPEN_DROPDOWN)
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await expect.poll(() => page.locator(OPEN_DROPDOWN).count(), NAV).toBe(0);
}

/** Right-clicks the tab of a route and picks a command of its context menu. */
export async function tabContextCommand(page: Page, path: string, command: string): Promise<void> {
  await tabOf(page, path).click({ button: 'right' });
  await pick(page, command);
}

/** Picks a command of the tab bar's dropdown (acts on the current tab). */
export async function tabDropdownCommand(page: Page, command: string): Promise<void> {
  await page.getByTestId('tab-commands').click();
  await pick(page, command);
}

/** Current hash path of the page. */
export function hashPath(page: Page): string {
  return new URL(page.url()).hash.slice(1);
}

/** Full URL of a hash route. */
export function routeUrl(path: string): string {
  return `${env().baseUrl}/#${path}`;
}

/** Poll options for anything that waits on a navigation or re-render (CI machines can be slow). */
export const NAV = { timeout: 10_000 } as const;

/** The visible page pane (kept-alive pages of other tabs stay mounted, hidden). */
export function activePane(page: Page) {
  return page.locator('.keep-alive-pane:visible');
}
