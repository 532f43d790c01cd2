/** Who is calling, from the claims of an ID token the API verified (server/api/auth.ts). */
export interface Caller {
  sub: string;
  email: string;
  groups: string[];
}
