/**
 * IndexedDB (Dexie): the server records screens read with useLiveQuery, so they still render
 * offline. Holds the signed-in user's profile; cleared on sign-out (DESIGN.md §4 shared devices).
 * Every schema change adds a version here with its migration.
 */
import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import * as z from 'zod/mini';

export const profileSchema = z.object({
  uid: z.string(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  mobile: z.nullable(z.string()),
  type: z.enum(['admin', 'dealer', 'customer']),
  isAdditionalDetailsSubmitted: z.boolean(),
  cognitoIdentityId: z.nullable(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;

export type CachedProfile = Profile & { sub: string; savedAt: number };

export class AppDatabase extends Dexie {
  profiles!: EntityTable<CachedProfile, 'sub'>;

  constructor(name = 'caramel', options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({ profiles: 'sub' });
  }
}

export const db = new AppDatabase();
