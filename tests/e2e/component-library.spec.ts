import { LAYOUT_PAGES, SHOWCASE_PAGES } from '../../src/features/component-library/pages';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';

const PATHS = [
  '/component-library',
  ...SHOWCASE_PAGES.map((page) => `/component-library/${page}`),
  ...LAYOUT_PAGES.map((page) => `/component-library/layouts/${page}`),
];

// Each page is checked at both widths for fit, in one load (the layout follows the width). Axe runs once, at the phone
// width, where the navigation collapses into its menu button (the one part of these pages whose markup differs by width):
// a second run at 1280 px costs half a second of Chromium a page, and these pages' colours and names do not change with it.
for (const path of PATHS) {
  test(`${path} fits 375 px and 1280 px and has no serious accessibility violation`, async ({ page }) => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      if (width === 1280) await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // After a resize the layout settles over a frame or two (the legal layout's contents move under its heading).
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
          message: `horizontal scroll at ${width} px`,
        })
        .toBe(0);
    }
    await expectNoSeriousAxeViolations(page, path);
  });
}
