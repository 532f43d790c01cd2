import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchMarkdownEntry, pageNotFoundSchema, fetchContentEntry } from '../../src/data/api/content';
import { loadRuntimeConfig } from '../../src/data/api/runtime-config';
import { loader as helpLoader } from '../../src/features/help/help-page';
import { loader as guidesLoader } from '../../src/features/learn-more/index-page';
import { loader as legalLoader } from '../../src/features/legal/index-page';
import { loader as homeLoader } from '../../src/features/marketing/home-page';
import { validRuntimeConfig as config } from '../support/runtime-config-fixture';

const CONTENT_DIR = 'public/content';

beforeAll(async () => {
  await loadRuntimeConfig((async () => new Response(JSON.stringify(config))) as typeof fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Serves entries as the content base URL does: addressed without their extension. */
function servingContent(replace: Record<string, unknown> = {}) {
  vi.stubGlobal('fetch', async (url: string) => {
    const entry = url.slice(`${config.contentBaseUrl}/`.length);
    if (entry in replace) return new Response(JSON.stringify(replace[entry]));
    for (const extension of ['.json', '.md']) {
      const body = await readFile(join(CONTENT_DIR, entry + extension), 'utf8').catch(() => undefined);
      if (body !== undefined) return new Response(body);
    }
    return new Response('Not found', { status: 404 });
  });
}

describe('content entries', () => {
  it('every shipped JSON entry matches the schema its page reads it with', async () => {
    servingContent();
    const home = await homeLoader();
    expect(home.steps.length).toBeGreaterThan(0);
    expect((await helpLoader()).questions.length).toBeGreaterThanOrEqual(15);
    expect((await guidesLoader()).entries.length).toBeGreaterThanOrEqual(6);
    expect((await legalLoader()).entries.map((entry) => entry.slug)).toContain('esign-policy');
    expect((await fetchContentEntry('app/pageNotFound', pageNotFoundSchema)).title).not.toBe('');
  });

  it('every Markdown entry has a title and a description', async () => {
    servingContent();
    const guides = await guidesLoader();
    const legal = await legalLoader();
    const entries = [
      ...guides.entries.map((entry) => `learn-more/${entry.slug}`),
      ...legal.entries.map((entry) => `legal/${entry.slug}`),
      'pages/about',
      'pages/how-it-works',
      'pages/dealers',
    ];
    for (const entry of entries) {
      const { meta, body } = await fetchMarkdownEntry(entry);
      expect(meta.title, entry).not.toBe('');
      expect(meta.description, entry).not.toBe('');
      expect(body.length, entry).toBeGreaterThan(200);
    }
  });

  it('refuses an entry that does not match, naming what is wrong', async () => {
    servingContent({ 'pages/home': { title: 'Home', description: 'x', steps: 'none' } });
    await expect(homeLoader()).rejects.toThrow(/Invalid (key|type)/);
    servingContent({ 'legal/index': { title: 'Legal', description: 'x', entries: [{ slug: 1 }] } });
    await expect(legalLoader()).rejects.toThrow(/Expected string but received 1/);
  });

  it('refuses a Markdown entry whose front matter lacks a title', async () => {
    vi.stubGlobal('fetch', async () => new Response('---\ndescription: Only a description\n---\n\nText'));
    await expect(fetchMarkdownEntry('pages/about')).rejects.toThrow(/title/);
  });
});
