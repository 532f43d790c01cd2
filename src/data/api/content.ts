/**
 * Content entries (DESIGN.md §7): JSON or Markdown under the content base URL, addressed
 * without an extension (`{content base}/app/pageNotFound`, SPEC §7), so pages change without
 * a build and the service worker can precache them. Each JSON entry has a valibot schema (public
 * pages stay free of zod, see runtime-config.ts); each Markdown entry a title and description in
 * its front matter.
 */
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { parseFrontMatter } from '../../domain/front-matter';
import { NetworkError } from './api-client';
import { runtimeConfig } from './runtime-config';

export class ContentNotFoundError extends Error {
  override name = 'ContentNotFoundError';
}

async function fetchContent(entry: string): Promise<Response> {
  const base = runtimeConfig().contentBaseUrl.replace(/\/+$/, '');
  let answer: Response;
  try {
    answer = await fetch(`${base}/${entry}`, { headers: { accept: 'application/json, text/markdown' } });
  } catch {
    throw new NetworkError();
  }
  if (answer.status === 404) throw new ContentNotFoundError(`No content entry ${entry}`);
  if (!answer.ok) throw new Error(`Content ${entry} answered HTTP ${answer.status}`);
  return answer;
}

export async function fetchContentEntry<T>(entry: string, schema: v.GenericSchema<unknown, T>): Promise<T> {
  return v.parse(schema, await (await fetchContent(entry)).json());
}

export const markdownMetaSchema = v.object({
  title: v.pipe(v.string(), v.minLength(1)),
  description: v.pipe(v.string(), v.minLength(1)),
  updated: v.optional(v.string()),
  /** A call to action after the text: its words, and the app path it leads to. */
  action: v.optional(v.pipe(v.string(), v.minLength(1))),
  actionTo: v.optional(v.pipe(v.string(), v.startsWith('/'))),
});

export interface MarkdownEntry {
  meta: v.InferOutput<typeof markdownMetaSchema>;
  body: string;
}

export async function fetchMarkdownEntry(entry: string): Promise<MarkdownEntry> {
  const { meta, body } = parseFrontMatter(await (await fetchContent(entry)).text());
  return { meta: v.parse(markdownMetaSchema, meta), body };
}

/** For route loaders: a missing entry becomes the router's 404, which shows the not-found screen. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ContentNotFoundError) throw new Response('Not found', { status: 404 });
    throw error;
  }
}

export const pageNotFoundSchema = v.object({
  title: v.string(),
  subtitle: v.string(),
  links: v.object({ returnToHomePageLink: v.object({ url: v.string(), text: v.string() }) }),
});
export type PageNotFoundContent = v.InferOutput<typeof pageNotFoundSchema>;

export const PAGE_NOT_FOUND_FALLBACK: PageNotFoundContent = {
  title: 'Page not found',
  subtitle: 'The page you are looking for does not exist or has moved.',
  links: { returnToHomePageLink: { url: '/', text: 'Return to the home page' } },
};

/** The entry once fetched; the fallback until then and whenever it cannot be fetched. */
export function useContentEntry<T>(entry: string, schema: v.GenericSchema<unknown, T>, fallback: T): T {
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
