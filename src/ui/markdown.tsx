/**
 * A Markdown content entry on a page. Loaders turn the entry's body into HTML with
 * `renderMarkdown`; links in it to this site navigate in the app.
 *
 * A first visit to a public page already shows its text, prerendered at build time: the app
 * takes that block's HTML over (found by a key made from the Markdown source, so a source that
 * changed since the build is rendered afresh) instead of downloading the renderer, which keeps
 * first-visit JavaScript under budget (issue 24). Other visits load the renderer on demand.
 */
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TocEntry } from './table-of-contents';

export interface RenderedMarkdown {
  /** Identifies the source the HTML was made from. */
  key: string;
  html: string;
  /** The second-level headings, for a table of contents. */
  headings: TocEntry[];
}

/** A short hash of the source (cyrb53): the same source always gets the same key. */
function keyOf(source: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < source.length; i++) {
    const code = source.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(h2 >>> 0).toString(36)}${(h1 >>> 0).toString(36)}-${source.length}`;
}

export async function renderMarkdown(source: string): Promise<RenderedMarkdown> {
  const key = keyOf(source);
  const onScreen = typeof document === 'undefined' ? null : document.querySelector<HTMLElement>(`[data-markdown="${key}"]`);
  if (onScreen) {
    const headings = [...onScreen.querySelectorAll('h2[id]')].map((heading) => ({ id: heading.id, label: heading.textContent ?? '' }));
    return { key, html: onScreen.innerHTML, headings };
  }
  const { markdownToHtml } = await import('./markdown-html');
  return { key, ...markdownToHtml(source) };
}

/** For loaders: a Markdown entry with its body rendered. */
export async function withRenderedBody<M>(entry: { meta: M; body: string }): Promise<{ meta: M; content: RenderedMarkdown }> {
  return { meta: entry.meta, content: await renderMarkdown(entry.body) };
}

export function Markdown({ content }: { content: RenderedMarkdown }) {
  const navigate = useNavigate();

  function followInternalLinks(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as HTMLElement).closest('a');
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin || link.target) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  }

  // Enter on a focused link fires the same click, so keyboard users get in-app navigation too.
  return (
    <div className="content" data-markdown={content.key} onClick={followInternalLinks} dangerouslySetInnerHTML={{ __html: content.html }} />
  );
}
