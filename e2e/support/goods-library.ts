import type { Page } from 'playwright-core';
import { clickInPopup } from './popup';

/** A random valid EAN-13 (GS1 check digit), unique enough for one run. */
export function randomEan13(): string {
  const body = `20${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

/** The kept-alive pane of one page (hidden panes of other tabs stay mounted). */
export function pane(p: Page, fullPath: string) {
  return p.locator(`.keep-alive-pane[data-page="${fullPath}"]`);
}

/** With E2E_SHOTS=1, saves a screenshot of the screen to e2e/artifacts/ for a look. */
export async function shot(p: Page, name: string) {
  if (process.env.E2E_SHOTS) await p.screenshot({ path: `e2e/artifacts/goods-library-${name}.png` });
}

/** Clicks 确定 in the open popconfirm. */
export async function confirmPop(p: Page) {
  await clickInPopup(
    p.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons').getByRole('button', { name: '确定' }),
  );
}
