/**
 * Renders a Markdown content entry. Raw HTML in the source is shown as text, never injected;
 * headings get anchor ids (for tables of contents); links to this site navigate in the app.
 */
import { Marked, type Tokens } from 'marked';
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { slugify } from '../domain/front-matter';
import type { TocEntry } from './table-of-contents';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const marked = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    heading({ tokens, depth, text }: Tokens.Heading) {
      return `<h${depth} id="${slugify(text)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
    },
  },
});

/** The document's headings of one level, for a table of contents. */
export function headingsOf(source: string, depth = 2): TocEntry[] {
  return marked
    .lexer(source)
    .filter((token): token is Tokens.Heading => token.type === 'heading' && token.depth === depth)
    .map((heading) => ({ id: slugify(heading.text), label: heading.text }));
}

export function Markdown({ source }: { source: string }) {
  const navigate = useNavigate();
  const html = useMemo(() => marked.parse(source, { async: false }), [source]);

  function followInternalLinks(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as HTMLElement).closest('a');
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin || link.target) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  }

  // Enter on a focused link fires the same click, so keyboard users get in-app navigation too.
  return <div className="content" onClick={followInternalLinks} dangerouslySetInnerHTML={{ __html: html }} />;
}
