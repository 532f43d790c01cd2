/**
 * Form drafts: what was typed in a form and not sent yet, kept in IndexedDB under the form's key
 * (a form per screen, and per sale where it belongs to one), so a reload, a crash or a restart
 * offline brings it back. A draft is dropped when its form is sent, and every draft at sign-out
 * (clearAccountData). Secrets (passwords, codes, social security numbers) are never kept: the
 * form names what to leave out.
 */
import { db, type AppDatabase } from '../db';

export type DraftValues = Record<string, unknown>;

/** The draft saved under `key`, if any. A database that cannot be read (private mode) has none. */
export async function readDraft(key: string, database: AppDatabase = db): Promise<DraftValues | undefined> {
  try {
    return (await database.drafts.get(key))?.values;
  } catch {
    return undefined;
  }
}

/** Keeps `values` under `key`, without the fields named in `omit`. */
export async function saveDraft(key: string, values: DraftValues, omit: readonly string[] = [], database: AppDatabase = db): Promise<void> {
  const kept = Object.fromEntries(Object.entries(values).filter(([name]) => !omit.includes(name)));
  try {
    await database.drafts.put({ key, values: kept, savedAt: Date.now() });
  } catch {
    // A draft is a convenience: a full or blocked database leaves the form working as before.
  }
}

export async function dropDraft(key: string, database: AppDatabase = db): Promise<void> {
  try {
    await database.drafts.delete(key);
  } catch {
    // As above: nothing to undo.
  }
}
