/**
 * What the uploader's tests share: adding a file on the upload screen, the tasks the browser
 * keeps, the fault proxy in front of storage (rules and its request log), the stored object's
 * checksum, and a watch on the progress bar that fails if it ever went backwards.
 */
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { FaultRule, Link } from '../support/fault-proxy';
import { PARTS_IN_FLIGHT } from '../../src/domain/upload-plan';
import { sha256 } from '../support/test-files';
import { storedRecords } from './device-records';
import { expect } from './fixtures';

/** A file name no other test uses, so proxy rules and logs match this test's key only. */
export const uniqueName = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}.mp4`;

/**
 * `bytes` as a file on disk named `name` and modified at `modified`, as a user's file is: the
 * browser reads its name, size and date from the disk, so choosing it again gives the same ones.
 */
export function fileOnDisk(name: string, bytes: Buffer, modified = new Date(Date.UTC(2026, 10, 1))): string {
  const path = join(mkdtempSync(join(tmpdir(), 'caramel-file-')), name);
  writeFileSync(path, bytes);
  utimesSync(path, modified, modified);
  return path;
}

export async function addVideo(page: Page, transactionId: string, name: string, bytes: Buffer) {
  if (!page.url().includes('/upload-docs')) await page.goto(`/dashboard/active-transactions/upload-docs/${transactionId}`);
  await page.getByRole('radio', { name: 'Inspection photos and videos' }).check();
  await page.getByLabel('Inspection photos and videos: choose files').setInputFiles(fileOnDisk(name, bytes));
}

export const itemFor = (page: Page, name: string) => page.getByRole('listitem', { name });

export async function uploaded(page: Page, name: string, timeout = 45_000) {
  await expect(itemFor(page, name).getByText('Uploaded', { exact: true })).toBeVisible({ timeout });
}

const proxyUrl = () => process.env.E2E_STORAGE_PROXY ?? 'http://127.0.0.1:8490';

export const faults = {
  async add(rule: FaultRule) {
    const answer = await fetch(`${proxyUrl()}/__faults`, { method: 'POST', body: JSON.stringify(rule) });
    expect(answer.status).toBe(201);
  },
  /** Shapes the link to storage for every request after this (`{}`: full speed again). */
  async link(shape: Link | Record<string, never>) {
    const answer = await fetch(`${proxyUrl()}/__faults/link`, { method: 'POST', body: JSON.stringify(shape) });
    expect(answer.status).toBe(201);
  },
  /** Requests storage saw for keys containing `name`. */
  async log(name: string): Promise<
    {
      method: string;
      partNumber: number | null;
      uploadId: string | null;
      bytes: number;
      status: number | null;
      at: number;
      cutAt: number | null;
    }[]
  > {
    return (await fetch(`${proxyUrl()}/__faults/log?keyIncludes=${encodeURIComponent(name)}`)).json();
  },
};

async function acceptedParts(name: string) {
  const accepted = (await faults.log(name)).filter((entry) => entry.method === 'PUT' && entry.status === 200);
  return { accepted, seen: accepted.map((entry) => `${entry.uploadId}:${entry.partNumber}`) };
}

/** Part PUTs that storage accepted, per upload, while the sending tab lived: none may have been accepted twice. */
export async function expectNoPartStoredTwice(name: string) {
  const { accepted, seen } = await acceptedParts(name);
  expect(new Set(seen).size, `parts accepted: ${seen.join(', ')}`).toBe(seen.length);
  return accepted;
}

/**
 * When the sending tab or worker dies, a part already on the wire can still reach storage after
 * another one re-sent it; only those in flight at that moment may be stored again (at most 4).
 */
export async function expectOnlyInFlightPartsStoredAgain(name: string) {
  const { seen } = await acceptedParts(name);
  expect(seen.length - new Set(seen).size, `parts accepted: ${seen.join(', ')}`).toBeLessThanOrEqual(PARTS_IN_FLIGHT);
}

/** The stored document's bytes, by checksum, read back through a presigned URL. */
export async function storedChecksum(request: APIRequestContext, bearer: string, transactionId: string, name: string) {
  const { documents } = await (
    await request.get(`/api/documents?transactionId=${transactionId}`, { headers: { authorization: bearer } })
  ).json();
  const document = (documents as { fileName: string; url: string }[]).find((candidate) => candidate.fileName === name);
  expect(document, `${name} recorded`).toBeDefined();
  return sha256(await (await request.get(document!.url)).body());
}

/**
 * Reads each value the progress bar of `name` shows, as it changes, until stopped; answers the values and fails if
 * one went down. Between reads it waits for the bar to show another value (or go), never a fixed pause.
 */
export function watchProgress(page: Page, name: string) {
  const samples: number[] = [];
  const bar = itemFor(page, name).getByRole('progressbar');
  let running = true;
  const done = (async () => {
    while (running) {
      const value = await bar.getAttribute('value', { timeout: 1_000 }).catch(() => null);
      if (value === null) continue;
      samples.push(Number(value));
      await expect(bar)
        .not.toHaveAttribute('value', value, { timeout: 1_000 })
        .catch(() => undefined);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      for (let i = 1; i < samples.length; i++)
        expect(samples[i], `progress went from ${samples[i - 1]} to ${samples[i]}`).toBeGreaterThanOrEqual(samples[i - 1]!);
      return samples;
    },
  };
}

export interface StoredTask {
  fileName: string;
  status: string;
  pauseReason: string | null;
  bytesConfirmed: number;
  uploadId: string | null;
  retries: number;
  retryAt: number;
  lastTouched: number;
}

/** The upload tasks this browser keeps in IndexedDB, read as the app stores them. */
export const uploadTasks = (page: Page) => storedRecords<StoredTask>(page, 'caramel-uploads', 'tasks');

/** Records every status `name`'s item shows, as it changes (a try lasting milliseconds included); answers how to read them. */
export async function recordStatuses(page: Page, name: string): Promise<() => Promise<string[]>> {
  await itemFor(page, name)
    .getByRole('status')
    .evaluate((status) => {
      const shown: string[] = [];
      (window as unknown as { shownStatuses: string[] }).shownStatuses = shown;
      const record = () => {
        const text = status.firstElementChild?.firstChild?.textContent ?? '';
        if (shown.at(-1) !== text) shown.push(text);
      };
      record();
      new MutationObserver(record).observe(status, { subtree: true, childList: true, characterData: true });
    });
  return () => page.evaluate(() => (window as unknown as { shownStatuses: string[] }).shownStatuses);
}

/** How many times the item went from waiting to something else, or back: a flapping item switches on every try. */
export const waitingSwitches = (shown: string[]) =>
  shown.filter((text, index) => index > 0 && /^Waiting/.test(text) !== /^Waiting/.test(shown[index - 1]!)).length;
