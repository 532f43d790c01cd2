/** Who is calling, from the claims of an ID token the API verified (server/api/guards/auth.ts). */
export interface Caller {
  sub: string;
  /** The pool's username (`cognito:username`): an e-mail account's id, or `<Provider>_<id>` for a federated one. */
  username: string;
  email: string;
  /** The token's `email_verified`: only a verified address may be acted on (DESIGN §12). */
  emailVerified: boolean;
  groups: string[];
  /** The name the token carries (a provider's profile); the profile starts with it. */
  givenName?: string;
  familyName?: string;
  /** When the token expires (epoch ms): a live stream ends then. */
  expiresAt?: number;
}
