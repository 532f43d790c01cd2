/** Whether a screen holds still while a person uses it: what moves by itself moves a button away from a tap. */
import type { Page } from '@playwright/test';

type Watched = Window & { positionsSeen?: Record<string, number[]> };

/**
 * Watches, frame by frame, where the elements matching `selector` sit in the page (scrolling aside), each under its
 * text, from now until the page is left; the returned function reads each one's positions. A screen whose notices come
 * and go above its content, or whose photos arrive one by one above its button, shows one element at several.
 * `within: 'screen'` watches where they sit on the screen instead, for a page the test does not scroll meanwhile: what
 * arrives far above is then allowed (the browser's scroll anchoring keeps what is on screen in place), what moves in
 * view is not.
 */
export async function watchPositions(
  page: Page,
  selector: string,
  { within = 'page' }: { within?: 'page' | 'screen' } = {},
): Promise<() => Promise<Record<string, number[]>>> {
  await page.evaluate(
    ([watched, within]) => {
      const seen: Record<string, number[]> = ((window as Watched).positionsSeen = {});
      const look = () => {
        for (const element of document.querySelectorAll(watched)) {
          const text = element.textContent?.trim();
          if (!text) continue;
          const top = Math.round(element.getBoundingClientRect().top + (within === 'page' ? window.scrollY : 0));
          const tops = (seen[text] ??= []);
          // A pixel or two is the browser's rounding (scroll anchoring can land a pixel off), not a move a tap would miss.
          if (tops.every((other) => Math.abs(other - top) > 2)) tops.push(top);
        }
        requestAnimationFrame(look);
      };
      look();
    },
    [selector, within] as const,
  );
  return () => page.evaluate(() => (window as Watched).positionsSeen ?? {});
}
