import { describe, expect, it } from 'vitest';
import { contentEntryVariants } from '../../sw/content-entries';
import { NAVIGATION_DENYLIST } from '../../sw/navigation';

describe('service worker modules', () => {
  it('looks content entries up under their file names', () => {
    const variants = contentEntryVariants({ url: new URL('https://caramel.example/content/legal/tcpa-policy') });
    expect(variants.map((url) => url.pathname)).toEqual(['/content/legal/tcpa-policy.json', '/content/legal/tcpa-policy.md']);
    expect(contentEntryVariants({ url: new URL('https://caramel.example/assets/app.js') })).toEqual([]);
  });

  it('never answers API, development, build-manifest or file requests with the shell', () => {
    const denied = (path: string) => NAVIGATION_DENYLIST.some((pattern) => pattern.test(path));
    for (const path of ['/api/healthz', '/dev/mailbox', '/builds/latest.json', '/auth/callback', '/sw.js'])
      expect(denied(path), path).toBe(true);
    for (const path of ['/', '/help', '/learn-more/odometer-disclosure', '/dashboard/active-transactions'])
      expect(denied(path), path).toBe(false);
  });
});
