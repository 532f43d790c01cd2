import { startIdentity } from './identity';
import { serveInChild } from './service-process';

await serveInChild(startIdentity);
