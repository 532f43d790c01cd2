/**
 * The header of a Markdown content entry: `key: value` lines between two `---` lines. Content
 * is ours, so this is all the syntax it needs (no YAML lists or nesting).
 */
export interface FrontMatterDocument {
  meta: Record<string, string>;
  body: string;
}

export function parseFrontMatter(text: string): FrontMatterDocument {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return { meta: {}, body: text };
  const meta: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const separator = line.indexOf(':');
    if (separator <= 0) continue;
    meta[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return { meta, body: text.slice(match[0].length) };
}

/** A heading's anchor id: lower case, words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}
