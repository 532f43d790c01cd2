import { serveInChild } from './service-process';
import { startStorage } from './storage';

await serveInChild(startStorage);
