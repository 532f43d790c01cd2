/**
 * The signed-in user's records (SPEC §2.8, §7): the profile, kept in IndexedDB so it reads
 * offline, and the dashboard counts. Loads log failures and never throw (SPEC §8); an answer
 * that is not a network failure clears the stale copy.
 */
import * as z from 'zod/mini';
import { unreadSchema } from '../../domain/message-contract';
import { dashboardCountsSchema } from '../../domain/offer-contract';
import type { ProfileUpdate } from '../../domain/profile-fields';
import { apiRequest, NetworkError } from '../api/api-client';
import { db, profileSchema, type AppDatabase, type CachedProfile, type Profile } from '../db';
import { session, setDashboard } from './session-store';

async function saveProfile(profile: Profile, database: AppDatabase = db): Promise<CachedProfile | undefined> {
  const sub = session.user?.sub;
  if (!sub) return undefined;
  const cached = { ...profile, sub, savedAt: Date.now() };
  await database.profiles.put(cached);
  return cached;
}

/** The profile from the API, or the saved copy when the API cannot be reached. */
export async function loadProfile(database: AppDatabase = db): Promise<CachedProfile | undefined> {
  const sub = session.user?.sub;
  if (!sub) return undefined;
  try {
    return await saveProfile(await apiRequest('GET', 'users/profile', profileSchema), database);
  } catch (error) {
    console.error('Profile could not be loaded', error);
    if (error instanceof NetworkError) return database.profiles.get(sub);
    await database.profiles.delete(sub);
    return undefined;
  }
}

export function cachedProfile(database: AppDatabase = db): Promise<CachedProfile | undefined> {
  const sub = session.user?.sub;
  return sub ? database.profiles.get(sub) : Promise.resolve(undefined);
}

/** The unread count on the installed app's icon (Badging API, where the browser has it); cleared at zero. */
function showOnAppIcon(count: number): void {
  if (!('setAppBadge' in navigator)) return;
  (count ? navigator.setAppBadge(count) : navigator.clearAppBadge()).catch(() => undefined);
}

export async function loadDashboard(): Promise<void> {
  try {
    const [counts, { unread }] = await Promise.all([
      apiRequest('GET', 'dashboard', dashboardCountsSchema),
      apiRequest('GET', 'threads/unread', unreadSchema),
    ]);
    setDashboard({
      activeTransactions: counts.activeTransactions.total,
      offers: counts.offers.total,
      previousTransactions: counts.previousTransactions.total,
      unreadMessages: unread,
    });
    showOnAppIcon(unread);
  } catch (error) {
    console.error('Dashboard could not be loaded', error);
    if (!(error instanceof NetworkError)) setDashboard(null);
  }
}

/** Saves the user's own edits; throws so the form can say what went wrong. */
export async function updateProfile(update: ProfileUpdate): Promise<CachedProfile | undefined> {
  return saveProfile(await apiRequest('PATCH', 'users/profile', profileSchema, update));
}

/** SPEC §7: sent when the profile lacks the identity id; failure only logged. */
export async function storeIdentityId(identityId: string): Promise<void> {
  try {
    const profile = await cachedProfile();
    if (profile?.cognitoIdentityId === identityId) return;
    await saveProfile(await apiRequest('PATCH', 'users/profile/identity', profileSchema, { cognitoIdentityId: identityId }));
  } catch (error) {
    console.error('Identity id could not be stored', error);
  }
}

/** Removes the user's records on the server; the identity itself is deleted by the caller. */
export async function deleteAccountRecords(): Promise<void> {
  await apiRequest('DELETE', 'users/profile', z.unknown());
}

/**
 * Everything IndexedDB holds for the signed-in user — profile, transactions, timelines, offers,
 * deals, notifications, unsent actions, form drafts, deal threads: every table, so a table added
 * later is never left behind on a shared device.
 */
export async function clearAccountData(database: AppDatabase = db): Promise<void> {
  await database.transaction('rw', database.tables, async () => {
    await Promise.all(database.tables.map((table) => table.clear()));
  });
}
