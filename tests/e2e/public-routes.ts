/** Every public route of SPEC §2.1 that has content, read from the content indexes themselves. */
import { readFileSync } from 'node:fs';
import { publicRoutes } from '../../src/domain/public-routes';

const slugs = (path: string): string[] =>
  JSON.parse(readFileSync(new URL(`../../public/content/${path}.json`, import.meta.url), 'utf8')).entries.map(
    (entry: { slug: string }) => entry.slug,
  );

export const PUBLIC_ROUTES = publicRoutes(slugs('learn-more/index'), slugs('legal/index'));
