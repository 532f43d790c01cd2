/**
 * `npm run bench:web`: how the public site does for a first-time visitor on a phone.
 * Lighthouse (mobile settings) for three pages, the JavaScript a first visit to / downloads
 * (gzip), and the time from an offline reload to the page's text. Prints one table.
 * Targets (issue 5): every category >= 95, first-visit JS <= 120 KB gzip.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { freePortRun } from '../support/free-port';
import { startLauncher } from '../support/launcher';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const PAGES = ['/', '/help', '/learn-more/selling-a-car-privately'];
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

async function browserFigures(baseURL: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.ok()) scripts.push(response.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    let jsGzipBytes = 0;
    for (const url of new Set(scripts)) jsGzipBytes += gzipSync(await (await page.request.get(url)).body(), { level: 9 }).length;

    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload({ waitUntil: 'networkidle' });
    await context.setOffline(true);
    const started = Date.now();
    await page.reload({ waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const offlineReloadMs = Date.now() - started;
    return { jsGzipKb: jsGzipBytes / 1024, offlineReloadMs };
  } finally {
    await browser.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'caramel-bench-'));
const stack = await startLauncher({ PORT: String(await freePortRun(4)), DATA_DIR: dataDir });
try {
  const rows: string[][] = [];
  for (const path of PAGES) {
    const scores = await lighthouseScores(`${stack.url}${path}`);
    rows.push([path, ...scores]);
  }
  const { jsGzipKb, offlineReloadMs } = await browserFigures(stack.url);
  const widths = [40, 12, 14, 15, 5, 40];
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' ');
  console.log(line(['page (Lighthouse, mobile)', 'performance', 'accessibility', 'best-practices', 'seo', 'FCP / LCP / TBT / CLS / SI']));
  rows.forEach((row) => console.log(line(row)));
  console.log(`first-visit JavaScript for /: ${jsGzipKb.toFixed(1)} KB gzip (target <= 120)`);
  console.log(`offline reload of / to text visible: ${offlineReloadMs} ms`);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
