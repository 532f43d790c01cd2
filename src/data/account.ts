/**
 * What the navigation pipeline loads for a signed-in user (SPEC §2.8, §7): the profile, kept
 * in IndexedDB, and the dashboard counts. Failures are logged, never thrown (SPEC §8); an
 * answer that is not a network failure clears the stale copy.
 */
import { z } from 'zod';
import { apiRequest, NetworkError } from './api-client';
import { db, profileSchema, type AppDatabase } from './db';
import { session, setDashboard } from './session-store';

const dashboardSchema = z.object({
  activeTransactions: z.object({ total: z.number().int().min(0) }),
  offers: z.object({ total: z.number().int().min(0) }),
  previousTransactions: z.object({ total: z.number().int().min(0) }),
});

export async function loadProfile(database: AppDatabase = db): Promise<void> {
  const sub = session.user?.sub;
  if (!sub) return;
  try {
    const profile = await apiRequest('GET', 'users/profile', profileSchema);
    await database.profiles.put({ ...profile, sub, savedAt: Date.now() });
  } catch (error) {
    console.error('Profile could not be loaded', error);
    if (!(error instanceof NetworkError)) await database.profiles.delete(sub);
  }
}

export async function loadDashboard(): Promise<void> {
  try {
    const counts = await apiRequest('GET', 'dashboard', dashboardSchema);
    setDashboard({
      activeTransactions: counts.activeTransactions.total,
      offers: counts.offers.total,
      previousTransactions: counts.previousTransactions.total,
    });
  } catch (error) {
    console.error('Dashboard could not be loaded', error);
    if (!(error instanceof NetworkError)) setDashboard(null);
  }
}

export async function clearAccountData(database: AppDatabase = db): Promise<void> {
  await database.profiles.clear();
}
