import type { Locator, Page } from 'playwright-core';

/**
 * A class that rc-motion puts on an antd popup while it animates: `ant-zoom-enter`,
 * `ant-slide-up-appear-prepare`, `ant-zoom-big-leave-active` ... (`<motion>-<status>[-<step>]`).
 */
const MOTION_CLASS = /^ant-[a-z-]+-(appear|enter|leave)(-(prepare|start|active))?$/;

/**
 * Waits until nothing around `target` is in an antd motion, i.e. the modal, confirm dialog,
 * dropdown menu, popover or select list that holds it has finished opening.
 *
 * Why: Playwright clicks once the element has the same box for two animation frames. antd
 * popups hold still at their final place (transparent) through the motion's prepare and start
 * steps, which last several frames on a busy machine, and only then jump to the animation's
 * first frame (`scaleY(0.8)`/`scale(0)` for menus and select lists, `scale(0.2)` around the
 * pointer for dialogs). A click in that window gets its mousedown on the item and its mouseup
 * somewhere else, so the item never sees a click: the menu or dialog just stays open.
 */
export async function motionSettled(target: Locator, timeout = 10_000): Promise<void> {
  await target.waitFor({ timeout });
  await target.evaluate(
    (el, { pattern, ms }) =>
      new Promise<void>((resolve, reject) => {
        const motion = new RegExp(pattern);
        const moving = () => {
          for (let e: Element | null = el; e; e = e.parentElement) {
            const cls = Array.from(e.classList).find((c) => motion.test(c));
            if (cls) return cls;
          }
          return null;
        };
        const deadline = performance.now() + ms;
        const check = () => {
          const cls = moving();
          if (!cls) resolve();
          else if (performance.now() > deadline) reject(new Error(`still animating (${cls}) after ${ms} ms`));
          else requestAnimationFrame(check);
        };
        check();
      }),
    { pattern: MOTION_CLASS.source, ms: timeout },
  );
}

/**
 * Clicks `target` inside an antd popup (modal, confirm, dropdown menu, popover, select list)
 * once the popup has finished its opening motion (see `motionSettled`). Every click inside a
 * popup goes through this.
 */
export async function clickInPopup(target: Locator, options?: Parameters<Locator['click']>[0]): Promise<void> {
  await motionSettled(target, options?.timeout);
  await target.click(options);
}

/** Opens the antd select labelled `label` and picks its option showing `option`. */
export async function pickOption(p: Page, label: string, option: string): Promise<void> {
  await p.getByLabel(label, { exact: true }).click();
  await clickInPopup(
    p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }),
  );
}
