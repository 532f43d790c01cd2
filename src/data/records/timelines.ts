/**
 * The deal timeline from the API into IndexedDB (DESIGN.md §4 read path): the screen reads the
 * copy saved for its transaction, so it reads offline with its age; each refresh replaces it,
 * and sign-out clears it with the rest. The PDF is made by the API on request, never stored.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { dealTimelineSchema } from '../../domain/deal-timeline';
import { apiFile, apiRequest } from '../api/api-client';
import { db, type CachedTimeline } from '../db';

export async function refreshTimeline(transactionId: string): Promise<void> {
  const timeline = await apiRequest('GET', `transactions/${transactionId}/timeline`, dealTimelineSchema);
  await db.timelines.put({ ...timeline, savedAt: Date.now() });
}

/**
 * The saved timeline: null when none is saved (or it was saved by an older app in a shape this
 * one does not read, until the next refresh replaces it); undefined while IndexedDB answers.
 */
export function useSavedTimeline(transactionId: string): CachedTimeline | null | undefined {
  return useLiveQuery(async () => {
    const row = await db.timelines.get(transactionId);
    return row && dealTimelineSchema.safeParse(row).success ? row : null;
  }, [transactionId]);
}

/** Downloads the timeline as a PDF, its times in this browser's time zone. */
export async function downloadTimelinePdf(timeline: { transactionId: string; dealId: string }): Promise<void> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const pdf = await apiFile(`transactions/${timeline.transactionId}/timeline.pdf?timeZone=${encodeURIComponent(timeZone)}`);
  const url = URL.createObjectURL(pdf);
  const link = Object.assign(document.createElement('a'), { href: url, download: `caramel-timeline-${timeline.dealId.slice(0, 8)}.pdf` });
  link.click();
  // The browser has taken the file once the click's download began; the URL can go after that.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
