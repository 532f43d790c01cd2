/**
 * The public pages of SPEC §2.1, given the guides and policies the content indexes list. Used
 * to prerender them at build time (vite.config.ts) and by the tests that visit every one.
 */
export function publicRoutes(guideSlugs: readonly string[], policySlugs: readonly string[]): string[] {
  return [
    '/',
    '/about',
    '/how-it-works',
    '/dealers',
    '/help',
    '/learn-more',
    ...guideSlugs.map((slug) => `/learn-more/${slug}`),
    '/legal',
    ...policySlugs.map((slug) => `/legal/${slug}`),
  ];
}

/** Where a route's prerendered HTML is written under the build output ('/' is index.html). */
export function prerenderedFile(route: string): string {
  return `prerendered${route === '/' ? '/index' : route}.html`;
}

/**
 * Runtime configuration a prerendered page may show, as placeholders the API replaces with
 * the deployment's values when it serves the page (the build does not know them).
 */
export const PRERENDER_PLACEHOLDERS = { helpCentreUrl: 'https://help-centre.prerender.invalid/' } as const;
