/** What the app keeps on the device, read as it stored it: the tests that check what is saved, or cleared, offline. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Every record of `store` in the page's IndexedDB `database`. */
export function storedRecords<T>(page: Page, database: string, store: string): Promise<T[]> {
  return page.evaluate(
    ([database, store]) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open(database);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction(store).objectStore(store).getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result as T[]);
          };
        };
      }),
    [database, store] as const,
  );
}

/**
 * Waits until a form's draft on the device holds `text`. A draft is written a moment after the keystroke; a reload in
 * that same moment, quicker than a person can, would meet it unwritten.
 */
export async function draftHolds(page: Page, text: string) {
  await expect
    .poll(async () => JSON.stringify(await storedRecords(page, 'caramel', 'drafts')).includes(JSON.stringify(text).slice(1, -1)), {
      message: `a draft on the device holds “${text}”`,
    })
    .toBe(true);
}
