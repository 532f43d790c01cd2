/** Whether a screen holds still while a person uses it: what moves by itself moves a button away from a tap. */
import type { Page } from '@playwright/test';

type Watched = Window & { headingTops?: Record<string, number[]> };

/**
 * Watches, frame by frame, where the open screen's heading sits in the page (scrolling aside) from now until the page
 * is left; the returned function reads each heading's positions. A screen whose notices come and go above its
 * content, or whose lines change as the other party moves, shows one heading at several.
 */
export async function watchHeadings(page: Page): Promise<() => Promise<Record<string, number[]>>> {
  await page.evaluate(() => {
    const seen: Record<string, number[]> = ((window as Watched).headingTops = {});
    const look = () => {
      const heading = document.querySelector('main h1');
      if (heading?.textContent) {
        const top = Math.round(heading.getBoundingClientRect().top + window.scrollY);
        const tops = (seen[heading.textContent] ??= []);
        if (!tops.includes(top)) tops.push(top);
      }
      requestAnimationFrame(look);
    };
    look();
  });
  return () => page.evaluate(() => (window as Watched).headingTops ?? {});
}
