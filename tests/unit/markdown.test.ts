import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/ui/markdown';

describe('renderMarkdown', () => {
  it('shows raw HTML in the source as text, gives headings anchor ids and lists the second-level ones', async () => {
    const rendered = await renderMarkdown('# Title\n\n## Who we are\n\nHi <script>alert(1)</script>\n\n### Detail\n\n## Your rights\n');
    expect(rendered.html).toContain('<h2 id="who-we-are">Who we are</h2>');
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.html).toContain('&#60;script&#62;');
    expect(rendered.headings).toEqual([
      { id: 'who-we-are', label: 'Who we are' },
      { id: 'your-rights', label: 'Your rights' },
    ]);
  });

  it('keys the HTML by its source, so prerendered text is reused only for the same source', async () => {
    const [a, again, b] = await Promise.all([renderMarkdown('Some text'), renderMarkdown('Some text'), renderMarkdown('Some text.')]);
    expect(again.key).toBe(a.key);
    expect(b.key).not.toBe(a.key);
  });
});
