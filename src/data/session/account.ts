/**
 * The signed-in user's records (SPEC §2.8, §7): the profile and the dashboard counts, both kept in IndexedDB
 * (`profiles`, and `answers` under "dashboard") so navigation decides on them at once, offline and on a slow
 * connection alike (issue 56), while a fresh copy is fetched behind the screen. Loads log failures and never throw
 * (SPEC §8); an answer that is not a network failure clears the stale copy.
 */
import * as z from 'zod/mini';
import { unreadSchema } from '../../domain/message-contract';
import { dashboardCountsSchema } from '../../domain/offer-contract';
import type { ProfileUpdate } from '../../domain/profile-fields';
import { apiRequest, NetworkError } from '../api/api-client';
import { db, profileSchema, type AppDatabase, type CachedProfile, type Profile } from '../db';
import { guardInputsChanged, session, setDashboard, type DashboardCounts } from './session-store';

async function saveProfile(profile: Profile, database: AppDatabase = db): Promise<CachedProfile | undefined> {
  const sub = session.user?.sub;
  if (!sub) return undefined;
  const cached = { ...profile, sub, savedAt: Date.now() };
  const saved = await database.profiles.get(sub);
  await database.profiles.put(cached);
  // What the guards decided on changed (an admin made this person a dealer, the details were given elsewhere): they run again.
  if (saved && (saved.type !== cached.type || saved.isAdditionalDetailsSubmitted !== cached.isAdditionalDetailsSubmitted))
    guardInputsChanged();
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

const DASHBOARD_KEY = 'dashboard';

export async function loadDashboard(): Promise<void> {
  try {
    const [counts, { unread }] = await Promise.all([
      apiRequest('GET', 'dashboard', dashboardCountsSchema),
      apiRequest('GET', 'threads/unread', unreadSchema),
    ]);
    const count: DashboardCounts = {
      activeTransactions: counts.activeTransactions.total,
      offers: counts.offers.total,
      previousTransactions: counts.previousTransactions.total,
      unreadMessages: unread,
    };
    setDashboard(count);
    showOnAppIcon(unread);
    const sub = session.user?.sub;
    if (sub) await db.answers.put({ key: DASHBOARD_KEY, value: { sub, count }, savedAt: Date.now() });
  } catch (error) {
    console.error('Dashboard could not be loaded', error);
    if (!(error instanceof NetworkError)) setDashboard(null);
  }
}

/** The counts as last fetched on this device for the signed-in person, into the session state when it has none yet. */
async function savedDashboard(): Promise<void> {
  if (session.dashboard) return;
  const kept = (await db.answers.get(DASHBOARD_KEY))?.value as { sub: string; count: DashboardCounts } | undefined;
  if (kept && kept.sub === session.user?.sub && !session.dashboard) setDashboard(kept.count);
}

/** SPEC §9-style bound on the one wait navigation keeps: a first visit with no saved profile waits this long at most. */
const FIRST_VISIT_WAIT_MS = 8000;

let revalidating: Promise<unknown> | undefined;

/**
 * What navigation needs of the account (SPEC §2.8: profile, then dashboard), from this device: the saved profile and
 * counts decide at once and a fresh copy of both is fetched behind the screen (one fetch at a time). Only when no
 * profile is saved does it wait for the API, for FIRST_VISIT_WAIT_MS at most.
 */
export async function accountOnDevice(): Promise<void> {
  const [profile] = await Promise.all([cachedProfile(), savedDashboard()]);
  revalidating ??= Promise.allSettled([loadProfile(), loadDashboard()]).finally(() => (revalidating = undefined));
  if (profile) return;
  await Promise.race([revalidating, new Promise((resolve) => setTimeout(resolve, FIRST_VISIT_WAIT_MS))]);
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
