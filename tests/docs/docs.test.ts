/**
 * The documentation is true to the repository (issue 45): README.md and every page under docs/ lead only to files,
 * headings and repository paths that exist, keep to their length, and docs/flows.md is what the flow tables give.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeProblem, problemsOf } from './doc-links';
import { DOMAIN_TABLES, FLOWS_PAGE, stalenessOf, type FlowTables } from './flows-page';

const ROOT = process.cwd();
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];
const linesOf = (page: string) => readFileSync(join(ROOT, page), 'utf8').trimEnd().split('\n').length;

describe('the documentation', () => {
  it('leads only to files, headings and repository paths that exist', () => {
    expect(PAGES.flatMap((page) => problemsOf(ROOT, page)).map(describeProblem)).toEqual([]);
  });

  it('keeps README to 200 lines and each page under docs/ to 500', () => {
    const tooLong = PAGES.filter((page) => linesOf(page) > (page === 'README.md' ? 200 : 500));
    expect(tooLong.map((page) => `${page}: ${linesOf(page)} lines`)).toEqual([]);
    expect(PAGES.length).toBeGreaterThan(5);
  });

  it('has the flows page the tables in src/domain give (npm run docs:flows writes it)', async () => {
    expect(await stalenessOf(readFileSync(join(ROOT, FLOWS_PAGE), 'utf8'))).toBeUndefined();
  });
});

describe('the documentation checks', () => {
  it('report a link to a missing page, a missing heading and a repository path that does not exist', () => {
    const root = mkdtempSync(join(tmpdir(), 'docs-'));
    mkdirSync(join(root, 'docs'));
    mkdirSync(join(root, 'server'));
    writeFileSync(join(root, 'server/app.ts'), '');
    writeFileSync(join(root, 'docs/other.md'), '# Other\n\n## Ports and data\n');
    writeFileSync(
      join(root, 'docs/page.md'),
      [
        '# Page',
        'Fine: [other](other.md), [its section](other.md#ports-and-data), [up here](#page), `server/app.ts`, `server/`,',
        '`server/modules/<module>/`, [the web](https://example.com), and in a fence:',
        '```',
        '[not a link](gone.md) `server/gone.ts`',
        '```',
        'Broken: [a page](missing.md), [a heading](other.md#no-such-heading), `server/partners/`, `server/app.ts/`.',
      ].join('\n'),
    );
    expect(problemsOf(root, 'docs/page.md').map(describeProblem)).toEqual([
      'docs/page.md:7: link missing.md: docs/missing.md does not exist',
      'docs/page.md:7: link other.md#no-such-heading: docs/other.md has no heading #no-such-heading',
      'docs/page.md:7: path `server/partners/` does not exist',
      'docs/page.md:7: path `server/app.ts/` is a file, not a folder',
    ]);
  });

  it('report the flows page stale when a table changes or the page is edited by hand', async () => {
    const page = readFileSync(join(ROOT, FLOWS_PAGE), 'utf8');
    const dealer = DOMAIN_TABLES.transitions['dealer-financing'];
    const changed: FlowTables = {
      ...DOMAIN_TABLES,
      transitions: {
        ...DOMAIN_TABLES.transitions,
        'dealer-financing': { ...dealer, signature_done: { 'inspection submitted': 'inspection_submitted' } },
      },
    };
    expect(await stalenessOf(page, changed)).toMatch(/^docs\/flows\.md is stale from line \d+ .*npm run docs:flows/);
    expect(await stalenessOf(page.replace('`finance_submitted`', '`finance_sent`'))).toMatch(/is stale from line/);
    expect(await stalenessOf(`${page}\nA line added by hand.\n`)).toMatch(/is stale from line/);
  });
});
