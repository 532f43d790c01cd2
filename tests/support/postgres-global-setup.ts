/**
 * Global setup of the `server-postgres` project: one PostgreSQL cluster for the whole run, with a
 * migrated template database each test file copies (CREATE DATABASE … TEMPLATE takes milliseconds,
 * migrating takes seconds).
 */
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { onDatabase, startPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set in the `server-postgres` project only: the cluster's admin URL and the template to copy. */
    postgres?: { adminUrl: string; template: string };
  }
}

const TEMPLATE = 'caramel_template';

export default async function setup(project: TestProject) {
  const cluster = await startPostgres();
  try {
    const adminUrl = cluster.url('postgres');
    await onDatabase(adminUrl, [`create database ${TEMPLATE}`]);
    const migrated = await openDatabase({ kind: 'postgres', url: cluster.url(TEMPLATE) });
    await migrated.close();
    project.provide('postgres', { adminUrl, template: TEMPLATE });
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return () => cluster.stop();
}
