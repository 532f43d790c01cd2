/**
 * The server's import rules (.dependency-cruiser.cjs, run by `npm run lint`) hold where they
 * should and fire where they must: a deliberate cycle between two folders — closed by a type-only
 * import, which file-level lint rules miss — and a kernel that reaches up into a module are each
 * refused, while the same folders importing one way pass.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;

let root: string | undefined;
afterEach(() => root && rmSync(root, { recursive: true, force: true }));

/** The rules broken by a tree of `files` (path → source), as `rule: from → to`. */
async function violations(files: Record<string, string>): Promise<string[]> {
  root = mkdtempSync(join(tmpdir(), 'layers-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  const { tsConfig: _tsConfig, ...options } = config.options ?? {};
  const result = await cruise(['server'], { ...options, baseDir: root, validate: true, ruleSet: { forbidden: config.forbidden } });
  const output = result.output as Exclude<typeof result.output, string>;
  return output.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
}

describe('the server’s import rules', () => {
  it('refuse two module folders that import each other, even when one import is only a type', async () => {
    const found = await violations({
      'server/modules/money/ledger.ts': "import { envelopeOf } from '../signing/envelopes';\nexport const post = () => envelopeOf();\n",
      'server/modules/signing/envelopes.ts':
        "import type { Posting } from '../money/postings';\nexport const envelopeOf = (posting?: Posting) => posting;\n",
      'server/modules/money/postings.ts': 'export interface Posting { cents: number }\n',
    });
    expect(found).toContainEqual(
      expect.stringMatching(/^no-folder-cycle: server\/modules\/(money|signing) → server\/modules\/(signing|money)$/),
    );
  });

  it('refuse a kernel that imports a module', async () => {
    const found = await violations({
      'server/kernel/unit-of-work.ts': "import { settle } from '../modules/money/settle';\nexport const finish = () => settle();\n",
      'server/modules/money/settle.ts': 'export const settle = () => 1;\n',
    });
    expect(found).toContain('kernel-imports-no-module: server/kernel/unit-of-work.ts → server/modules/money/settle.ts');
  });

  it('pass folders that import one way: a command over modules over the kernel', async () => {
    const found = await violations({
      'server/commands/pay.ts': "import { post } from '../modules/money/ledger';\nexport const pay = () => post();\n",
      'server/modules/money/ledger.ts': "import { run } from '../../kernel/unit-of-work';\nexport const post = () => run();\n",
      'server/kernel/unit-of-work.ts': 'export const run = () => 1;\n',
    });
    expect(found).toEqual([]);
  });
});
