/**
 * Markdown to HTML with marked (~12 KB gzip), loaded only when a page's text is not already on
 * screen (see markdown.tsx). Raw HTML in the source is shown as text, never injected; headings
 * get anchor ids, and the second-level ones make the table of contents.
 */
import { Marked, type Tokens } from 'marked';
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

export function markdownToHtml(source: string): { html: string; headings: TocEntry[] } {
  const headings = marked
    .lexer(source)
    .filter((token): token is Tokens.Heading => token.type === 'heading' && token.depth === 2)
    .map((heading) => ({ id: slugify(heading.text), label: heading.text }));
  return { html: marked.parse(source, { async: false }), headings };
}
