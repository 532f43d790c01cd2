/**
 * `npm run bench:web`: how the public site does for a first-time visitor on a phone.
 * For each public page kind (home, help, how-it-works, a guide, a legal page): Lighthouse
 * (mobile settings) and the JavaScript a first visit downloads (gzip); then the time from an
 * offline reload of / to the page's text. Prints one table.
 * Targets (issues 5 and 24): every category >= 95 and first-visit JS < 120 KB gzip on every page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { freePortRun } from '../support/free-port';
import { startLauncher } from '../support/launcher';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const PAGES = ['/', '/help', '/how-it-works', '/learn-more/selling-a-car-privately', '/legal/privacy-policy'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** What the performance score is made of, printed so a low score says where the time goes. */
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

async function lighthouseScores(url: string) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    const { categories, audits } = result!.lhr;
    const scores = CATEGORIES.map((id) => String(Math.round((categories[id]?.score ?? 0) * 100)));
    const metrics = METRICS.map((id) => audits[id]?.displayValue ?? '?').join(' / ');
    return [...scores, metrics];
  } finally {
    chrome.kill();
  }
}

/** The JavaScript a first visit to `path` downloads (gzip, as served), in a browser with nothing cached. */
async function firstVisitJsKb(browser: Browser, baseURL: string, path: string): Promise<number> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.ok()) scripts.push(response.url());
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    let bytes = 0;
    for (const url of new Set(scripts)) bytes += gzipSync(await (await page.request.get(url)).body(), { level: 9 }).length;
    return bytes / 1024;
  } finally {
    await context.close();
  }
}

async function offlineReloadMs(browser: Browser, baseURL: string): Promise<number> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload({ waitUntil: 'networkidle' });
    await context.setOffline(true);
    const started = Date.now();
    await page.reload({ waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    return Date.now() - started;
  } finally {
    await context.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'caramel-bench-'));
const stack = await startLauncher({ PORT: String(await freePortRun(5)), DATA_DIR: dataDir });
try {
  const rows: string[][] = [];
  for (const path of PAGES) rows.push([path, ...(await lighthouseScores(`${stack.url}${path}`))]);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const row of rows) row.push(`${(await firstVisitJsKb(browser, stack.url, row[0]!)).toFixed(1)} KB`);
    const widths = [38, 12, 14, 15, 4, 44, 12];
    const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' ');
    console.log(
      line([
        'page (Lighthouse, mobile)',
        'performance',
        'accessibility',
        'best-practices',
        'seo',
        'FCP / LCP / TBT / CLS / SI',
        'first-visit JS (gzip)',
      ]),
    );
    rows.forEach((row) => console.log(line(row)));
    console.log('targets: every category >= 95, first-visit JS < 120 KB gzip');
    console.log(`offline reload of / to text visible: ${await offlineReloadMs(browser, stack.url)} ms`);
  } finally {
    await browser.close();
  }
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
