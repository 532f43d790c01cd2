/**
 * What the documentation points at must be there: every relative link (and its `#anchor`) and every
 * repository path a page names in code (`server/kernel/unit-of-work.ts`). A page that names a moved
 * file tells a newcomer something untrue; tests/docs/docs.test.ts runs this over README.md and docs/.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** Inline code that names a place in the repository: under one of its top folders, or a file at its top. */
const REPOSITORY_PATH =
  /^(?:(?:src|server|sw|workers|public|tests|docs|\.ci)\/\S*|package(?:-lock)?\.json|(?:vite|vitest|playwright|drizzle)\.config\.ts|eslint\.config\.js|index\.html|Dockerfile|README\.md|tsconfig(?:\.\w+)?\.json|\.dependency-cruiser\.cjs)$/;
/** Code holding a placeholder or pattern (`src/features/transaction/<step>/`, `journey-*.spec.ts`) names no one file. */
const PATTERN = /[<>*{}$\s]/;
const LINK = /!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const INLINE_CODE = /(`+)([^`]+?)\1/g;

export interface Problem {
  page: string;
  line: number;
  problem: string;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens (repeats get -1, -2 …). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    anchors.add(count ? `${slug}-${count}` : slug);
    seen.set(slug, count + 1);
  }
  return anchors;
}

/** The page's lines with fenced code blocks blanked (a diagram or shell example is not a link), numbering kept. */
function withoutFences(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

/** The problems of the page at `page` (relative to `root`): links that lead nowhere, paths that do not exist. */
export function problemsOf(root: string, page: string): Problem[] {
  const problems: Problem[] = [];
  const text = readFileSync(join(root, page), 'utf8');
  const here = dirname(join(root, page));
  withoutFences(text).forEach((line, index) => {
    const report = (problem: string) => problems.push({ page, line: index + 1, problem });
    for (const [, target] of line.matchAll(LINK)) {
      if (/^[a-z][a-z+.-]*:/i.test(target!)) continue; // https:, mailto: — not ours to check
      const [file, anchor] = target!.split('#') as [string, string | undefined];
      const resolved = file ? join(here, decodeURIComponent(file)) : join(root, page);
      if (!resolved.startsWith(root)) report(`link ${target} leaves the repository`);
      else if (!existsSync(resolved)) report(`link ${target}: ${relative(root, resolved)} does not exist`);
      else if (anchor && resolved.endsWith('.md') && !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) {
        report(`link ${target}: ${relative(root, resolved)} has no heading #${anchor}`);
      }
    }
    for (const [, , span] of line.replace(LINK, (link) => link.replace(/\]\([^)]*\)/, ']')).matchAll(INLINE_CODE)) {
      const path = span!.trim();
      if (!REPOSITORY_PATH.test(path) || PATTERN.test(path)) continue;
      const resolved = join(root, path.replace(/\/$/, ''));
      if (!existsSync(resolved)) report(`path \`${path}\` does not exist`);
      else if (path.endsWith('/') && !statSync(resolved).isDirectory()) report(`path \`${path}\` is a file, not a folder`);
    }
  });
  return problems;
}

export const describeProblem = ({ page, line, problem }: Problem): string => `${page}:${line}: ${problem}`;
