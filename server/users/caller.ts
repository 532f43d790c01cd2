/** Who is calling, from the claims of an ID token the API verified (server/api/auth.ts). */
export interface Caller {
  sub: string;
  email: string;
  /** The token's `email_verified`: only a verified address may be acted on (DESIGN §12). */
  emailVerified: boolean;
  groups: string[];
}
