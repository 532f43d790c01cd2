/** Work the API does on its own while it listens: each job every `seconds`; a failed run is logged and tried again next time. */
import type { FastifyInstance } from 'fastify';

export function everyInterval(
  app: FastifyInstance,
  name: string,
  job: () => Promise<unknown>,
  seconds: number,
  options: { atStart?: boolean } = {},
) {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const tick = () => {
    if (running) return; // a slow run is not overtaken by the next
    running = true;
    job()
      .catch((error: Error) => app.log.warn({ error: error.message }, `${name} failed`))
      .finally(() => (running = false));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, seconds * 1000);
    timer.unref();
    // Work that fell due while no process was running is done as soon as one is.
    if (options.atStart) tick();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
