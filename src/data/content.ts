/**
 * Content entries (Markdown or JSON) fetched from the content base URL (DESIGN.md §7), so
 * pages can change without a build. Each entry has a zod schema and a built-in fallback for
 * when it cannot be fetched.
 */
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { runtimeConfig } from './runtime-config';

export const pageNotFoundSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  links: z.object({ returnToHomePageLink: z.object({ url: z.string(), text: z.string() }) }),
});
export type PageNotFoundContent = z.infer<typeof pageNotFoundSchema>;

export const PAGE_NOT_FOUND_FALLBACK: PageNotFoundContent = {
  title: 'Page not found',
  subtitle: 'The page you are looking for does not exist or has moved.',
  links: { returnToHomePageLink: { url: '/', text: 'Return to the home page' } },
};

export async function fetchContentEntry<T>(entry: string, schema: z.ZodType<T>): Promise<T> {
  const base = runtimeConfig().contentBaseUrl.replace(/\/+$/, '');
  const answer = await fetch(`${base}/${entry}`, { headers: { accept: 'application/json' } });
  if (!answer.ok) throw new Error(`Content ${entry} answered HTTP ${answer.status}`);
  return schema.parse(await answer.json());
}

/** The entry once fetched; the fallback until then and whenever it cannot be fetched. */
export function useContentEntry<T>(entry: string, schema: z.ZodType<T>, fallback: T): T {
  const [content, setContent] = useState(fallback);
  useEffect(() => {
    let current = true;
    fetchContentEntry(entry, schema)
      .then((value) => current && setContent(value))
      .catch((error: unknown) => console.warn(`Content ${entry} unavailable; showing the built-in text`, error));
    return () => {
      current = false;
    };
  }, [entry, schema]);
  return content;
}
