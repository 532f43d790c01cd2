/** Every public route of SPEC §2.1 that has content, read from the content indexes themselves. */
import { readFileSync } from 'node:fs';

const index = (path: string) => JSON.parse(readFileSync(new URL(`../../public/content/${path}.json`, import.meta.url), 'utf8'));

export const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/how-it-works',
  '/dealers',
  '/help',
  '/learn-more',
  ...index('learn-more/index').entries.map((entry: { slug: string }) => `/learn-more/${entry.slug}`),
  '/legal',
  ...index('legal/index').entries.map((entry: { slug: string }) => `/legal/${entry.slug}`),
] as string[];
