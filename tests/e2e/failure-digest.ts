/**
 * What each open page showed when a test failed, a few lines per page (its address, heading, alerts and notices),
 * appended to one file that `npm test` prints last: CI keeps only the end of its log, and a journey's parties browse
 * in browsers of their own, which Playwright's error context does not describe.
 */
import { appendFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

export const DIGEST_FILE = 'what-failing-pages-showed.txt';

/** The page's address (from its path) and up to five things it shows: the heading, then alerts and notices. */
async function whatShows(page: Page): Promise<string[]> {
  const url = new URL(page.url());
  const shown = await page
    .evaluate(() => {
      const visible = (element: Element) => (element as HTMLElement).offsetParent !== null || element.tagName === 'H1';
      const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 150);
      return [...document.querySelectorAll('h1, [role="alert"], [role="status"], .toast')]
        .filter((element) => visible(element) && text(element))
        .map((element) => `${element.getAttribute('role') ?? element.tagName.toLowerCase()}: ${text(element)}`);
    })
    .catch(() => ['(the page did not answer)']);
  return [`  ${url.pathname}${url.search}`, ...[...new Set(shown)].slice(0, 5).map((line) => `    ${line}`)];
}

/** Notes what `pages` show when the test has failed (called from teardown, before they close). */
export async function noteWhatFailingPagesShow(info: TestInfo, pages: Page[]): Promise<void> {
  const open = pages.filter((page) => !page.isClosed());
  if (info.status === info.expectedStatus || !open.length) return;
  const lines = [`${basename(info.file)} › ${info.title}:`];
  for (const page of open) lines.push(...(await whatShows(page)));
  appendFileSync(join(info.project.outputDir, DIGEST_FILE), `${lines.join('\n')}\n`);
}
