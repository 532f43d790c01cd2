/** The API's own health report (GET /api/healthz), for the /healthcheck page. */
import * as z from 'zod/mini';

export const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.string(),
  storage: z.string(),
  identity: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

export async function fetchHealth(): Promise<Health | { unreachable: string }> {
  try {
    const answer = await fetch('/api/healthz', { cache: 'no-store' });
    return healthSchema.parse(await answer.json());
  } catch (error) {
    return { unreachable: error instanceof Error ? error.message : String(error) };
  }
}
