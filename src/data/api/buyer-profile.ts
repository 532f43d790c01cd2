/**
 * The buyer profile ("enter vehicle registration address", SPEC §2.10): the buyer's legal name,
 * date of birth and the address the car is registered at, saved with the API's buyer-profile
 * call (`POST /users/{uid}/profile/{profileId}`, SPEC §7) — the price breakdown's taxes follow its
 * state — and kept in IndexedDB. The profile id is made once on this device, so saving again
 * updates the same profile.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { buyerProfileAnswerSchema, type BuyerProfile } from '../../domain/profile-fields';
import { cachedProfile } from '../session/account';
import { apiRequest } from './api-client';
import { db, type SavedBuyerProfile } from '../db';

export async function saveBuyerProfile(profile: BuyerProfile): Promise<SavedBuyerProfile> {
  const me = await cachedProfile();
  if (!me) throw new Error('Your account is not loaded yet. Connect to the internet and try again.');
  const existing = await db.buyerProfiles.toCollection().first();
  const answer = await apiRequest(
    'POST',
    `users/${me.uid}/profile/${existing?.id ?? crypto.randomUUID()}`,
    buyerProfileAnswerSchema,
    profile,
  );
  const { userId: _mine, ...saved } = answer;
  await db.buyerProfiles.put(saved);
  return saved;
}

export function useBuyerProfile(): SavedBuyerProfile | null | undefined {
  return useLiveQuery(async () => (await db.buyerProfiles.toCollection().first()) ?? null, []);
}
