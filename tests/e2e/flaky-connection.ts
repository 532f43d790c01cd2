/**
 * A party on a flaky connection (issue 44): their own browser whose every page reports what a
 * person would notice going wrong — an error screen, an uncaught error, each notice the app shows
 * (a toast) and each change of the other party's progress line (a polite live region) — and
 * `FlakyConnection.at`, which does at a named point of the walk what the seed's schedule says
 * (flaky-schedule.ts): drops the connection, reloads or closes and reopens the page offline,
 * has the person act offline. An offline stretch lasts until the app shows it is offline, never a
 * set time.
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { storedRecords } from './device-records';
import { expect, readyOffline } from './fixtures';
import { POINTS, type Disruption, type PartyName, type PointName, type Schedule } from './flaky-schedule';

export interface Seen {
  kind: 'notice' | 'progress' | 'error page' | 'page error';
  text: string;
  url: string;
}

export interface Party {
  name: PartyName;
  context: BrowserContext;
  /** The page the person has open now: a reopen replaces it. */
  page: Page;
  seen: Seen[];
}

/** Headings of the screens that say something went wrong rather than what the person was doing. */
const ERROR_HEADINGS = ['This transaction is not saved on this device'];

/** Runs in every page the party opens (its top frame): reports each notice, progress change and error screen once. */
function watchScreen(errorHeadings: string[]) {
  if (window.top !== window) return;
  const report = (kind: string, text: string) =>
    (window as unknown as { flakySaw?: (kind: string, text: string) => void }).flakySaw?.(kind, text);
  const toasts = new WeakSet<Element>();
  const progress = new WeakMap<Element, string>();
  const errors = new Set<string>();
  const scan = () => {
    for (const toast of document.querySelectorAll('.ui-toast'))
      if (!toasts.has(toast)) {
        toasts.add(toast);
        report('notice', toast.querySelector('p')?.textContent ?? '');
      }
    for (const line of document.querySelectorAll('.other-party-progress')) {
      const text = line.textContent ?? '';
      const was = progress.get(line);
      progress.set(line, text);
      // A line drawn with a page is read with it; a line that changes is announced.
      if (was !== undefined && was !== text) report('progress', text);
    }
    const headings = [...document.querySelectorAll('main.layout-error h1, h1')]
      .filter((h1) => h1.closest('main.layout-error') || errorHeadings.includes(h1.textContent ?? ''))
      .map((h1) => h1.textContent ?? '');
    for (const heading of headings)
      if (!errors.has(heading)) {
        errors.add(heading);
        report('error page', `${heading} (at ${location.pathname}${location.search})`);
      }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
}

/** A browser of the party's own at `width`, past the tracking choice, its pages watched. */
export async function flakyParty(browser: Browser, baseURL: string, name: PartyName, width: 375 | 1280): Promise<Party> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: width === 375 ? 800 : 900 } });
  await context.addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: baseURL }]);
  const seen: Seen[] = [];
  await context.exposeBinding('flakySaw', ({ page }, kind: Seen['kind'], text: string) => void seen.push({ kind, text, url: page.url() }));
  await context.addInitScript(watchScreen, ERROR_HEADINGS);
  context.on('weberror', (error) => seen.push({ kind: 'page error', text: String(error.error()), url: error.page()?.url() ?? '' }));
  return { name, context, page: await context.newPage(), seen };
}

/** What a point asks of the walk: what the person sees there, what they do next, and what must hold after a reload. */
export interface PointMoves {
  /** What is on screen at the point: a reload or a reopen before acting must show it again. */
  screen: (page: Page) => Locator;
  /** What the page holds at the point that a reload or a reopen before acting must bring back (what was typed before it). */
  held?: (page: Page) => Promise<void>;
  /** What the person does next (typing, a button, a file); nothing when they only wait. */
  act?: (page: Page) => Promise<void>;
  /** What the act types: before a reload the driver waits until the device keeps it, as a person's reload comes a moment later. */
  typed?: readonly string[];
  /** Having acted offline, what must still be there after the page is reloaded or reopened (what was typed, what waits to be sent). */
  kept?: (page: Page) => Promise<void>;
}

/**
 * Waits until the app's database on the device holds each of `texts` (a form's draft, an action or a message waiting
 * to be sent). It is written a moment after the keystroke or the press; a reload in that same moment, quicker than a
 * person can, would meet it unwritten. Text that is never kept fails here, naming it.
 */
async function keptOnDevice(page: Page, texts: readonly string[]) {
  const stored = async () => {
    const records = await Promise.all(['drafts', 'outbox'].map((store) => storedRecords(page, 'caramel', store)));
    const all = JSON.stringify(records);
    return texts.filter((text) => !all.includes(text));
  };
  await expect.poll(stored, { message: 'what was typed is kept on the device' }).toEqual([]);
}

/** The app's own line while the connection is down (connectivity-banner.tsx). */
const offlineBanner = (page: Page) => page.getByText(/^You are offline\. Help, guides/);

export class FlakyConnection {
  private readonly visited = new Set<PointName>();

  constructor(
    private readonly schedule: Schedule,
    private readonly log: (line: string) => void,
  ) {}

  /** At `point` of the walk: acts as the person does there, with the connection doing what the schedule says; answers what it did. */
  async at(party: Party, point: PointName, moves: PointMoves): Promise<Disruption | undefined> {
    await this.strike(party, point, moves);
    return this.schedule.get(point);
  }

  private async strike(party: Party, point: PointName, moves: PointMoves) {
    const known = POINTS.find((candidate) => candidate.name === point);
    expect(known?.party, `the point “${point}” is the ${known?.party}'s`).toBe(party.name);
    expect(this.visited.has(point), `the walk passes “${point}” once`).toBe(false);
    this.visited.add(point);
    const disruption = this.schedule.get(point);
    const act = moves.act ?? (async () => {});
    if (!disruption) return act(party.page);
    this.log(`${party.name} · ${point}: ${disruption} (at ${new URL(party.page.url()).pathname})`);
    const kept = async () => {
      await expect(offlineBanner(party.page)).toBeVisible();
      await moves.kept?.(party.page);
    };
    switch (disruption) {
      case 'drop':
        await this.offline(party);
        await this.online(party);
        return act(party.page);
      case 'reload offline':
      case 'reopen offline':
      case 'reopen online':
        if (disruption !== 'reopen online') await this.offline(party);
        await (disruption === 'reload offline' ? this.reload(party) : this.reopen(party));
        await expect(moves.screen(party.page)).toBeVisible();
        await moves.held?.(party.page);
        await this.online(party);
        return act(party.page);
      case 'act offline':
        await this.offline(party);
        await act(party.page);
        return this.online(party);
      case 'act offline, reload':
      case 'act offline, reopen':
        await this.offline(party);
        await act(party.page);
        if (moves.typed) await keptOnDevice(party.page, moves.typed);
        await (disruption === 'act offline, reload' ? this.reload(party) : this.reopen(party));
        await kept();
        return this.online(party);
      case 'drop after act':
        await act(party.page);
        await this.offline(party);
        await this.reload(party);
        await expect(offlineBanner(party.page)).toBeVisible();
        return this.online(party);
    }
  }

  /** The points the schedule struck that the walk never reached (a walk that changed without its list). */
  missed(): PointName[] {
    return [...this.schedule.keys()].filter((point) => !this.visited.has(point));
  }

  private async offline(party: Party) {
    // Before the first offline load: the app is installed (its service worker active), as a person's would be by now.
    await readyOffline(party.page);
    await party.context.setOffline(true);
    await expect(offlineBanner(party.page)).toBeVisible();
  }

  private async online(party: Party) {
    await party.context.setOffline(false);
    await expect(offlineBanner(party.page)).toBeHidden();
  }

  private async reload(party: Party) {
    await party.page.reload();
  }

  /** Closes the page and opens a new one at the same address, on the connection as it is. */
  private async reopen(party: Party) {
    const url = party.page.url();
    const next = await party.context.newPage();
    await party.page.close({ runBeforeUnload: false });
    party.page = next;
    await next.goto(url);
  }
}
