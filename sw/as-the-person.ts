/// <reference lib="webworker" />
/**
 * The service worker acting for the person signed in on this device, with the app closed
 * (src/data/session/device-session.ts): the runtime configuration as the app reads it (its kept copy first:
 * this may run the moment the connection returns), and the app's API client signed in with their
 * token, refreshed when it runs out. Undefined when no one is signed in here.
 */
import { workerSession } from '../src/data/session/device-session';
import { loadRuntimeConfig, type RuntimeConfig } from '../src/data/api/runtime-config';
import { setSignedIn, setTokenRefresher } from '../src/data/session/session-store';
import { CONFIG_CACHE } from './cache-names';

const keptConfig: typeof fetch = async (input, init) =>
  (await (await caches.open(CONFIG_CACHE)).match('/config.json')) ?? fetch(input, init);

export interface Person {
  sub: string;
  config: RuntimeConfig;
  token: () => Promise<string>;
}

export async function asThePerson(): Promise<Person | undefined> {
  const config = await loadRuntimeConfig(keptConfig);
  if (!config.ok) throw new Error(config.problem);
  const session = await workerSession();
  if (!session) return undefined;
  setSignedIn({ sub: session.sub, email: session.email }, session.idToken);
  const token = async () => (await workerSession())?.idToken ?? session.idToken;
  setTokenRefresher(token);
  return { sub: session.sub, config: config.config, token };
}
