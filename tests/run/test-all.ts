/**
 * `npm test`: every test, phase by phase — the checks (types, lint, import rules, formatting), the
 * unit and server tests (Vitest: PGlite and PostgreSQL), and the browser tests (a production build,
 * then Playwright in Chromium) — stopping at the first phase that fails, and ending with how long
 * each phase took, so a slow phase is seen where it happens (.ci/run prints the install's beside it).
 *
 * The checks run beside the unit and server tests: those wait on PostgreSQL, child processes and the
 * sandboxes' webhooks for a sixth of their time, which the checks fill (both cores are busy either way).
 * The checks' output is held until they end, so the two never interleave.
 */
import { spawn } from 'node:child_process';

interface Phase {
  name: string;
  command: string;
  /** Held back and printed when the phase ends (it runs beside another). */
  quiet?: boolean;
}

/** Phases in one group run at the same time; the groups run one after the other. */
const GROUPS: Phase[][] = [
  [
    { name: 'checks', command: 'npm run checks', quiet: true },
    { name: 'unit and server tests', command: 'npx vitest run' },
  ],
  [{ name: 'browser tests', command: 'npm run test:e2e' }],
];

interface Ran {
  name: string;
  ms: number;
  outcome: 'passed' | 'FAILED' | 'stopped';
}

/** Every phase under way: stopped with npm test (each runs in its own process group, which Ctrl-C does not reach). */
const underWay = new Set<() => void>();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    underWay.forEach((stop) => stop());
    process.exit(130);
  });

/** Runs one phase; `stop` ends it (and what it started) when another phase of its group failed. */
function run({ name, command, quiet }: Phase): { ended: Promise<Ran>; stop: () => void } {
  const started = Date.now();
  // Its own process group, so that stopping it stops everything it started.
  const child = spawn(command, { shell: true, detached: true, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  let stopped = false;
  const held: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
  const stop = () => {
    stopped = true;
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // It ended already.
    }
  };
  underWay.add(stop);
  const ended = new Promise<Ran>((resolve) =>
    child.on('close', (code) => {
      underWay.delete(stop);
      if (held.length) process.stdout.write(`\n── ${name} ──\n${Buffer.concat(held).toString()}`);
      resolve({ name, ms: Date.now() - started, outcome: code === 0 ? 'passed' : stopped ? 'stopped' : 'FAILED' });
    }),
  );
  return { ended, stop };
}

async function runGroup(group: Phase[]): Promise<Ran[]> {
  const running = group.map(run);
  const ended = running.map(({ ended }) =>
    ended.then((ran) => {
      if (ran.outcome === 'FAILED') running.forEach(({ stop }) => stop());
      return ran;
    }),
  );
  return Promise.all(ended);
}

const took: Ran[] = [];
const started = Date.now();
for (const group of GROUPS) {
  took.push(...(await runGroup(group)));
  if (took.some(({ outcome }) => outcome !== 'passed')) break;
}
const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
console.log('\nPhases of npm test:');
for (const { name, ms, outcome } of took) console.log(`  ${outcome.padEnd(7)} ${minutes(ms).padStart(8)}  ${name}`);
console.log(`  total   ${minutes(Date.now() - started).padStart(8)}`);
process.exit(took.every(({ outcome }) => outcome === 'passed') ? 0 : 1);
