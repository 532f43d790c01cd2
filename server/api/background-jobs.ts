/** Work the API does on its own while it listens: each job every `seconds`; a failed run is logged and tried again next time. */
import type { FastifyInstance } from 'fastify';

export function everyInterval(app: FastifyInstance, name: string, job: () => Promise<unknown>, seconds: number) {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return; // a slow run is not overtaken by the next
      running = true;
      job()
        .catch((error: Error) => app.log.warn({ error: error.message }, `${name} failed`))
        .finally(() => (running = false));
    }, seconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
