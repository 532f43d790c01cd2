/**
 * Debian's Chromium, never a downloaded browser, with the flags this machine needs: no sandbox
 * as root, no GPU, and none of the background connections its closed network refuses.
 */
import { existsSync } from 'node:fs';

/** The whole browser: what a person runs, and what the benchmarks and the installability check need. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';

const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';

/**
 * The browser tests' Chromium: Debian's headless shell of the same version when it is installed
 * (`chromium-headless-shell`, as Playwright itself runs headless tests) — the same Blink and V8
 * without the desktop browser's display and UI layers, which took a third of the suite's CPU on
 * 2 cores — else the whole browser.
 */
export const TEST_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
