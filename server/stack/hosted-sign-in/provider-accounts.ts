/**
 * The sandbox providers' own accounts, kept in `<dataDir>/hosted-sign-in/provider-accounts.json`:
 * the first time someone types an e-mail at a provider's page, that provider gets an account
 * for it (a stable id, the name typed then); later sign-ins with the e-mail are that account,
 * as with a real provider. The provider verifies every address except, by the sandbox's magic
 * value, one whose local part starts with `unverified` (docs/running-locally.md).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { UNVERIFIED_EMAIL_PREFIX } from '../../../src/domain/social-sign-in';
import type { ProviderProfile } from './federation';

const accountSchema = z.object({
  providerName: z.string(),
  userId: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  givenName: z.string().optional(),
  familyName: z.string().optional(),
});
const storeSchema = z.record(z.string(), accountSchema);

export class ProviderAccounts {
  private readonly file: string;

  constructor(dir: string) {
    this.file = join(dir, 'provider-accounts.json');
  }

  private read(): z.infer<typeof storeSchema> {
    if (!existsSync(this.file)) return {};
    return storeSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')));
  }

  find(providerName: string, email: string): ProviderProfile | undefined {
    return this.read()[key(providerName, email)];
  }

  /** The provider's account for `email`, made now when it has none. */
  signIn(providerName: string, email: string, name: { givenName?: string; familyName?: string }): ProviderProfile {
    const accounts = this.read();
    const existing = accounts[key(providerName, email)];
    if (existing) return existing;
    const account: ProviderProfile = {
      providerName,
      // Providers' subject ids are long digit strings; this one is stable for the provider and address.
      userId: BigInt(`0x${createHash('sha256').update(key(providerName, email)).digest('hex').slice(0, 16)}`).toString(),
      email,
      emailVerified: !email.toLowerCase().startsWith(UNVERIFIED_EMAIL_PREFIX),
      ...(name.givenName ? { givenName: name.givenName } : {}),
      ...(name.familyName ? { familyName: name.familyName } : {}),
    };
    accounts[key(providerName, email)] = account;
    writeFileSync(`${this.file}.tmp`, JSON.stringify(accounts, null, 2));
    renameSync(`${this.file}.tmp`, this.file);
    return account;
  }
}

const key = (providerName: string, email: string) => `${providerName}:${email.trim().toLowerCase()}`;
