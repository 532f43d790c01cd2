/**
 * The redirect check by path (SPEC §2.8). Old or common spellings go to the real route; a
 * target with `external` leaves the site. Table, not branches (STYLE.md rule 8).
 */
import { runtimeConfig } from '../data/api/runtime-config';

type Redirect = { to: string; external?: false } | { to: () => string; external: true };

// The help centre is external when one is configured, the product's own help page otherwise.
const helpCentre = (): Redirect => {
  const to = runtimeConfig().helpCentreUrl;
  return to.startsWith('/') ? { to } : { to: () => to, external: true };
};

const REDIRECTS: Record<string, Redirect> = {
  '/login': { to: '/sign-in' },
  '/signin': { to: '/sign-in' },
  '/signup': { to: '/sign-up' },
  '/logout': { to: '/sign-out' },
  '/caramel-offers': { to: '/dashboard/caramel-offers' },
};
const COMPUTED: Record<string, () => Redirect> = { '/help-centre': helpCentre, '/help-center': helpCentre };

export function redirectFor(pathname: string): { to: string; external: boolean } | undefined {
  const entry = REDIRECTS[pathname.toLowerCase()] ?? COMPUTED[pathname.toLowerCase()]?.();
  if (!entry) return undefined;
  return entry.external ? { to: entry.to(), external: true } : { to: entry.to, external: false };
}
