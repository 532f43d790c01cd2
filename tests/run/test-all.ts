/**
 * `npm test`: every test, phase by phase — the checks (types, lint, import rules, formatting), the
 * unit and server tests (Vitest: PGlite and PostgreSQL), and the browser tests (a production build,
 * then Playwright in Chromium) — stopping at the first phase that fails, and ending with how long
 * each phase took, so a slow phase is seen where it happens (.ci/run prints the install's beside it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { DIGEST_FILE } from '../e2e/failure-digest';

/** Playwright's output folder, where failing browser tests note what their pages showed. */
const DIGEST = `test-results/${DIGEST_FILE}`;
/** CI keeps the end of the log: the digest is printed last, this many lines at most. */
const DIGEST_LINES = 16;

const PHASES: [name: string, command: string][] = [
  ['checks', 'npm run checks'],
  ['unit and server tests', 'npx vitest run'],
  ['browser tests', 'npm run test:e2e'],
];

rmSync(DIGEST, { force: true });
const took: [string, number, boolean][] = [];
let failed = false;
for (const [name, command] of PHASES) {
  const started = Date.now();
  const { status } = spawnSync(command, { shell: true, stdio: 'inherit' });
  took.push([name, Date.now() - started, status === 0]);
  if (status !== 0) {
    failed = true;
    break;
  }
}
const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
console.log('\nPhases of npm test:');
for (const [name, ms, ok] of took) console.log(`  ${ok ? 'passed' : 'FAILED'}  ${minutes(ms).padStart(8)}  ${name}`);
console.log(`  total   ${minutes(took.reduce((sum, [, ms]) => sum + ms, 0)).padStart(8)}`);
if (failed && existsSync(DIGEST)) {
  const lines = readFileSync(DIGEST, 'utf8').trimEnd().split('\n');
  console.log(`\nWhat the failing tests' pages showed (${DIGEST}):`);
  console.log(lines.slice(0, DIGEST_LINES).join('\n') + (lines.length > DIGEST_LINES ? '\n  …' : ''));
}
process.exit(failed ? 1 : 0);
