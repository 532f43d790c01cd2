/**
 * Global setup of the `server` project: one migrated PGlite database for the whole run, written to
 * a file each test file loads (loading takes a few hundred milliseconds, migrating a new one seconds).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedTemplate } from '../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set in the `server` project only: the migrated PGlite data dir, as a tarball on disk. */
    pgliteTemplate?: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'caramel-pglite-'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await (await migratedTemplate()).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
