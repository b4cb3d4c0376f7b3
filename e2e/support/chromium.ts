// How the browser tests start Chromium (no vitest import: global-setup.ts loads this file too).
import type { LaunchOptions } from 'playwright-core';

/** Chromium of the system, headless, no network chatter. */
export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  };
}
