/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the real local
 * stack, which global-setup.ts starts on free ports with a throwaway data dir.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './tests/support/chromium';

/** The specs whose tests walk a sale over a minute or more: the four journeys, the flaky-connection sale, the closing and the seller's checkout. */
const LONGEST = ['journey-*.spec.ts', 'flaky-sale.spec.ts', 'closing.spec.ts', 'seller-checkout.spec.ts'];

// Tests that reach storage directly use the AWS SDK; its notice about a future Node floor is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // Three at a time on 2 cores: a browser test waits on the stack and the sandboxes (their webhooks come after a
  // delay) for much of its time, so the cores were half idle with two.
  workers: 3,
  // No retries: a test that passes only on a second try hides a race a user will hit. The three the suite once hid are
  // fixed at their root (the carrier's page answers only once it can, the signing choices are kept as a draft, a page
  // leaving lets go of the outbox lock), each with a test.
  retries: 0,
  timeout: 30_000,
  // Two cores run three workers, the stack and Chromium: give assertions room under load.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  // The longest tests start first, so the run does not end waiting on one that started last.
  projects: [
    { name: 'longest', testMatch: LONGEST },
    { name: 'the rest', testIgnore: LONGEST },
  ],
  use: {
    browserName: 'chromium',
    // Debian's headless shell (tests/support/chromium.ts): the same Chromium at two thirds of the whole browser's CPU.
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      // The stack's hosted sign-in certificate, trusted by its key alone (global-setup.ts sets it for the workers).
      args: [
        ...CHROMIUM_ARGS,
        ...(process.env.E2E_SIGN_IN_SPKI ? [`--ignore-certificate-errors-spki-list=${process.env.E2E_SIGN_IN_SPKI}`] : []),
      ],
    },
    // A click or fill waits for its element at most this long, then fails naming it: a screen that never offers the
    // button (a race in the app) fails in half a minute with the locator, not when the whole test runs out.
    actionTimeout: 30_000,
    // A trace records every action of every test and costs a fifth of the run: on when asked (E2E_TRACE=1, as when
    // chasing a failure); a failing test always leaves a screenshot.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // The app honours reduced motion (theme.scss): no colour is caught halfway through a transition when axe
    // measures contrast, and a screen is settled as soon as it is drawn.
    reducedMotion: 'reduce',
    // The service worker precaches the whole app (270 files, 1.9 MB) in every new browser context — a third of a
    // test's time where the test never goes offline. It is blocked unless a spec says it needs it: those that go
    // offline or update the app, and the four journeys, which walk the app as a person's browser installs it.
    serviceWorkers: 'block',
  },
});
