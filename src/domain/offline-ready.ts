/**
 * What the page and the service worker say about the app's own files on this device (issue 56): the page asks the
 * worker to fetch what its precache still lacks, naming what the screen in front uses first; the worker answers how
 * much it holds. Complete means the app is ready to work offline.
 */
export const FILL_PRECACHE = 'FILL_PRECACHE';

export interface FillReport {
  complete: boolean;
  /** Entries in the precache now, of `total`. */
  held: number;
  total: number;
}
