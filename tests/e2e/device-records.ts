/** What the app keeps on the device, read as it stored it: the tests that check what is saved, or cleared, offline. */
import type { Page } from '@playwright/test';

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
