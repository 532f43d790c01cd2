/**
 * A fresh `npm ci` prints no warning a newcomer has to decipher (issue 45): every dependency with an install script
 * is decided in package.json's `allowScripts` (why each is, docs/contributing.md). A dependency that brings a new
 * one fails here, naming it, instead of warning on every install.
 */
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';

// npm reads the whole tree (1,200 packages): 3.6 s on a quiet machine, past Vitest's 5 s default while the other files run.
it('leaves no dependency with an install script undecided', { timeout: 30_000 }, () => {
  const listed = JSON.parse(execFileSync('npm', ['install-scripts', 'ls', '--json'], { encoding: 'utf8' })) as { allowScripts: unknown[] };
  expect(listed.allowScripts).toEqual([]);
});
