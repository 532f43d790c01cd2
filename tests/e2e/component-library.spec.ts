import AxeBuilder from '@axe-core/playwright';
import { LAYOUT_PAGES, SHOWCASE_PAGES } from '../../src/features/component-library/pages';
import { expect, test } from './fixtures';

const PATHS = [
  '/component-library',
  ...SHOWCASE_PAGES.map((page) => `/component-library/${page}`),
  ...LAYOUT_PAGES.map((page) => `/component-library/layouts/${page}`),
];

for (const path of PATHS) {
  test(`${path} fits 375 px and 1280 px and has no serious accessibility violation`, async ({ page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal scroll at ${width} px`).toBe(0);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  });
}
