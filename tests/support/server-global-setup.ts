import type { TestProject } from 'vitest/node';
import { freePort } from './free-port';
import { startLocalParts, type LocalParts } from './local-parts';

declare module 'vitest' {
  export interface ProvidedContext {
    parts: LocalParts;
  }
}

export default async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const running = await startLocalParts(`http://127.0.0.1:${await freePort()}`);
  project.provide('parts', running.parts);
  return () => running.stop();
}
