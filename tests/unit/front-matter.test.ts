import { describe, expect, it } from 'vitest';
import { parseFrontMatter, slugify } from '../../src/domain/front-matter';

describe('content front matter', () => {
  it('reads key: value lines and keeps colons inside values', () => {
    const { meta, body } = parseFrontMatter('---\ntitle: Odometer disclosure: what the law requires\ndescription: Rules\n---\n# Heading\n');
    expect(meta).toEqual({ title: 'Odometer disclosure: what the law requires', description: 'Rules' });
    expect(body).toBe('# Heading\n');
  });

  it('treats a document without front matter as all body', () => {
    expect(parseFrontMatter('# Just text')).toEqual({ meta: {}, body: '# Just text' });
  });

  it('makes heading anchors', () => {
    expect(slugify('Your right to paper copies')).toBe('your-right-to-paper-copies');
    expect(slugify("What's next?")).toBe('whats-next');
  });
});
