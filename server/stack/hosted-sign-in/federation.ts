/**
 * Federated users in the local user pool, as Amazon Cognito keeps them: a provider identity
 * signs in as the pool user whose `identities` attribute lists it; the first sign-in of an
 * identity nobody has creates a user `<Provider>_<id>` (status EXTERNAL_PROVIDER, in the group
 * `<poolId>_<Provider>`); linking adds an identity to an existing user (AdminLinkProviderForUser)
 * and unlinking removes it (AdminDisableProviderForUser).
 *
 * One person, one account: an identity whose e-mail an account already uses is linked to that
 * account only when the provider verified the address and the person proves the account is
 * theirs (its password); with an unverified address, or an account without a password, it is
 * refused, never merged.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Services } from 'cognito-local/lib/services/index.js';
import {
  attribute,
  attributesAppend,
  attributeValue,
  type User,
  type UserPoolService,
} from 'cognito-local/lib/services/userPoolService.js';
import type { Router } from 'cognito-local/lib/server/Router.js';
import { HOSTED_SIGN_IN_REFUSALS, type LinkedIdentity } from '../../../src/domain/social-sign-in';

/** What a provider says about the person who approved (the sandbox's stand-in for its ID token). */
export interface ProviderProfile {
  /** The pool's name for the provider: Google, SignInWithApple, Facebook. */
  providerName: string;
  userId: string;
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
}

export type Resolution = { kind: 'signed-in'; user: User } | { kind: 'prove-password'; user: User } | { kind: 'refused'; reason: string };

const silentLogger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silentLogger };
const ctx = { logger: silentLogger } as never;

export function identitiesOf(user: User): LinkedIdentity[] {
  try {
    const parsed: unknown = JSON.parse(attributeValue('identities', user.Attributes) ?? '[]');
    return Array.isArray(parsed) ? (parsed as LinkedIdentity[]) : [];
  } catch {
    return [];
  }
}

const sameIdentity = (a: Pick<LinkedIdentity, 'providerName' | 'userId'>, b: Pick<LinkedIdentity, 'providerName' | 'userId'>) =>
  a.providerName === b.providerName && a.userId === b.userId;

/** A user made by a provider sign-in, who has no password of their own. */
export const isExternal = (user: User) => user.UserStatus === 'EXTERNAL_PROVIDER';

export class Federation {
  constructor(
    private readonly services: Services,
    private readonly router: Router,
    private readonly userPoolId: string,
  ) {}

  private pool(): Promise<UserPoolService> {
    return this.services.cognito.getUserPool(ctx, this.userPoolId);
  }

  async userByUsername(username: string): Promise<User | null> {
    return (await this.pool()).getUserByUsername(ctx, username);
  }

  /** Who this provider identity signs in as, or what must happen first. */
  async resolve(profile: ProviderProfile): Promise<Resolution> {
    const pool = await this.pool();
    const users = await pool.listUsers(ctx);
    const linked = users.find((user) => identitiesOf(user).some((identity) => sameIdentity(identity, profile)));
    if (linked) return { kind: 'signed-in', user: linked };
    const email = profile.email.toLowerCase();
    const owner = users.find((user) => attributeValue('email', user.Attributes)?.toLowerCase() === email);
    if (!owner) return { kind: 'signed-in', user: await this.createUser(pool, profile) };
    if (!profile.emailVerified) return { kind: 'refused', reason: HOSTED_SIGN_IN_REFUSALS.unverifiedEmailInUse };
    if (isExternal(owner)) return { kind: 'refused', reason: HOSTED_SIGN_IN_REFUSALS.emailUsesOtherProvider };
    return { kind: 'prove-password', user: owner };
  }

  /** cognito-local keeps the password as given; Amazon Cognito checks it the same way on InitiateAuth. */
  passwordMatches(user: User, password: string): boolean {
    return !isExternal(user) && user.Enabled && user.Password === password;
  }

  /** Adds the identity to an existing user (AdminLinkProviderForUser). */
  async link(username: string, profile: ProviderProfile): Promise<User> {
    const pool = await this.pool();
    const user = await pool.getUserByUsername(ctx, username);
    if (!user) throw new Error(`no user ${username}`);
    const identities = [...identitiesOf(user).filter((identity) => !sameIdentity(identity, profile)), entryFor(profile, false)];
    const saved = { ...user, Attributes: attributesAppend(user.Attributes, attribute('identities', JSON.stringify(identities))) };
    await pool.saveUser(ctx, saved);
    return saved;
  }

  /** Removes a provider's identity from whoever has it (AdminDisableProviderForUser). */
  async unlink(identity: Pick<LinkedIdentity, 'providerName' | 'userId'>): Promise<void> {
    const pool = await this.pool();
    for (const user of await pool.listUsers(ctx)) {
      const identities = identitiesOf(user);
      const kept = identities.filter((entry) => !sameIdentity(entry, identity));
      if (kept.length === identities.length) continue;
      await pool.saveUser(ctx, { ...user, Attributes: attributesAppend(user.Attributes, attribute('identities', JSON.stringify(kept))) });
    }
  }

  private async createUser(pool: UserPoolService, profile: ProviderProfile): Promise<User> {
    const now = new Date();
    const user: User = {
      Username: `${profile.providerName}_${profile.userId}`,
      Attributes: [
        attribute('sub', randomUUID()),
        attribute('email', profile.email),
        attribute('email_verified', String(profile.emailVerified)),
        ...(profile.givenName ? [attribute('given_name', profile.givenName)] : []),
        ...(profile.familyName ? [attribute('family_name', profile.familyName)] : []),
        attribute('identities', JSON.stringify([entryFor(profile, true)])),
      ],
      Enabled: true,
      UserStatus: 'EXTERNAL_PROVIDER',
      // Nobody knows it: a federated user signs in only through its provider.
      Password: randomBytes(32).toString('base64url'),
      RefreshTokens: [],
      UserCreateDate: now,
      UserLastModifiedDate: now,
    };
    await pool.saveUser(ctx, user);
    await this.addToProviderGroup(user.Username, profile.providerName);
    return user;
  }

  /** Amazon Cognito puts each federated user in `<poolId>_<Provider>`, which shows in `cognito:groups`. */
  private async addToProviderGroup(username: string, providerName: string): Promise<void> {
    const GroupName = `${this.userPoolId}_${providerName}`;
    await this.router('CreateGroup')(ctx, { UserPoolId: this.userPoolId, GroupName }).catch(() => undefined);
    await this.router('AdminAddUserToGroup')(ctx, { UserPoolId: this.userPoolId, GroupName, Username: username });
  }
}

function entryFor(profile: ProviderProfile, primary: boolean): LinkedIdentity {
  return {
    userId: profile.userId,
    providerName: profile.providerName,
    providerType: profile.providerName,
    issuer: null,
    primary: primary ? 'true' : 'false',
    dateCreated: String(Date.now()),
  };
}
