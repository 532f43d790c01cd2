/** Production entry: the API alone, configured by environment variables (docs/deploying.md). */
import { startApi } from './server';
import { loadSettings } from '../config/settings';

try {
  const api = await startApi(loadSettings(process.env), { logger: true });
  const stop = () => void api.close().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
